import { index, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Email verification tokens (issue 23): one per verification mail. Only the SHA-256 of the token is kept (the token is
 * 256 random bits and exists only in the mail). A token proves the address it was sent to (`email`): it verifies the
 * account only while that is still the account's email. It works once (`used_at`) and for 24 hours (`expires_at`).
 */
export const emailVerificationTokens = sqliteTable(
  'email_verification_tokens',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The address the mail went to (lower-cased, as users.email). */
    email: text('email').notNull(),
    /** Hex SHA-256 of the token. */
    tokenHash: text('token_hash').notNull(),
    createdAt: text('created_at').notNull(),
    expiresAt: text('expires_at').notNull(),
    usedAt: text('used_at'),
  },
  (t) => [
    uniqueIndex('email_verification_tokens_token_hash_idx').on(t.tokenHash),
    index('email_verification_tokens_user_id_idx').on(t.userId),
  ],
);
