import { index, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Login sessions. Every session token carries its row's id (`jti`); a request is authenticated only while the row is
 * neither revoked (logout, password change) nor past `expires_at` (the token's own `exp`). Rows of a user that have
 * expired are deleted when that user next logs in.
 */
export const sessions = sqliteTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    revokedAt: text('revoked_at'),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export type SessionRow = typeof sessions.$inferSelect;
