import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Two-factor sign-in (TOTP, RFC 6238). One row per user who started setup: the secret sealed with the server's
 * SecretBox (bound to the user id), `enabled_at` once a first code confirmed it, and the last time step a code was
 * accepted for (`last_used_step`): a code is accepted only for a later step, by compare-and-set, so none works twice.
 */
export const userTwoFactor = sqliteTable('user_two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: text('enabled_at'),
  lastUsedStep: integer('last_used_step').notNull().default(0),
  createdAt: text('created_at').notNull(),
});

/** One-time recovery codes (10 per enable), kept as SHA-256 hashes; `used_at` once spent. */
export const recoveryCodes = sqliteTable(
  'recovery_codes',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
);

/**
 * The second step of a login with 2FA on: the password was right, a code is still owed. The mfaToken (256 bits, only
 * its SHA-256 kept) lasts 5 minutes, allows 5 wrong codes, and is spent by the login it completes.
 */
export const mfaChallenges = sqliteTable(
  'mfa_challenges',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: text('expires_at').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: text('used_at'),
  },
  (t) => [
    uniqueIndex('mfa_challenges_token_hash_idx').on(t.tokenHash),
    index('mfa_challenges_user_id_idx').on(t.userId),
  ],
);
