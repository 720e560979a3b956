import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Admin-editable application settings: a single row (id = 1), created on first write. */
export const appSettings = sqliteTable(
  'app_settings',
  {
    id: integer('id').primaryKey(),
    discordInviteLink: text('discord_invite_link').notNull().default(''),
    telegramInviteLink: text('telegram_invite_link').notNull().default(''),
    /** "Require two-factor for admins" (issue 23): admin routes answer 403 `two_factor_required` to an admin without 2FA. */
    requireAdminTwoFactor: integer('require_admin_two_factor', { mode: 'boolean' }).notNull().default(false),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [check('app_settings_single_row', sql`${t.id} = 1`)],
);

export const APP_SETTINGS_ROW_ID = 1;

export type AppSettingsRow = typeof appSettings.$inferSelect;
export type NewAppSettingsRow = typeof appSettings.$inferInsert;
