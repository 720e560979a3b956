import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

/** Accounts. `email` is stored lower-cased; money is integer cents and the schema refuses a negative balance. */
export const users = sqliteTable(
  'users',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    balanceCents: integer('balance_cents').notNull().default(0),
    totalSpendCents: integer('total_spend_cents').notNull().default(0),
    address: text('address'),
    city: text('city'),
    state: text('state'),
    zip: text('zip'),
    country: text('country'),
    /** Login attempts counted against this account since its last successful login (any address), see login-user.ts. */
    failedLogins: integer('failed_logins').notNull().default(0),
    /** ISO time before which the next login attempt for this account is refused (429), or null. */
    loginRetryAt: text('login_retry_at'),
    /** The label format this customer's downloads and Print default to (issue 24): pdf, png or zpl. */
    labelFormat: text('label_format', { enum: ['pdf', 'png', 'zpl'] })
      .notNull()
      .default('pdf'),
    /** The thermal printer's resolution their ZPL labels are laid out for: 203 or 300 dpi. */
    zplDpi: integer('zpl_dpi').notNull().default(203),
    /**
     * When the account proved it receives mail at `email` (the link of a verification mail), or null: not yet
     * verified. Issue 23: verification never blocks buying; the dashboard asks for it and the admin's list shows it.
     */
    emailVerifiedAt: text('email_verified_at'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    check('users_balance_non_negative', sql`${t.balanceCents} >= 0`),
    check('users_total_spend_non_negative', sql`${t.totalSpendCents} >= 0`),
    check('users_email_lower_case', sql`${t.email} = lower(${t.email})`),
    check('users_label_format_valid', sql`${t.labelFormat} IN ('pdf', 'png', 'zpl')`),
    check('users_zpl_dpi_valid', sql`${t.zplDpi} IN (203, 300)`),
  ],
);

export type User = typeof users.$inferSelect;
/** The authenticated caller (set by the auth middleware, remembered by VerifiedApiKeys): who, never the hash. */
export type AuthUser = Pick<User, 'id' | 'email' | 'name' | 'isAdmin'>;
export type NewUser = typeof users.$inferInsert;
