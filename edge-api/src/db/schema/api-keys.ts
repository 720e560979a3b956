import { sql } from 'drizzle-orm';
import { check, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const API_KEY_MODES = ['live', 'test'] as const;
export type ApiKeyMode = (typeof API_KEY_MODES)[number];

/**
 * Public API keys (SPEC §2 API key page): at most one live and one test key per customer. The key itself is never
 * stored in plaintext: `key_hash` is HMAC-SHA256 of the key under a server secret (API_KEY_SECRET), so a request is
 * authenticated by ONE indexed lookup, and `key_ciphertext` is the key sealed with AES-256-GCM (bound to the row id,
 * src/lib/secret-box.ts) only so its owner's page can show it again. Regenerating overwrites both in place: the old
 * key's hash is gone, so it is refused from that moment on. `last_used_at` is written at most once a minute per key.
 */
export const apiKeys = sqliteTable(
  'api_keys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: API_KEY_MODES }).notNull(),
    keyHash: text('key_hash').notNull(),
    keyCiphertext: text('key_ciphertext').notNull(),
    createdAt: text('created_at').notNull(),
    lastUsedAt: text('last_used_at'),
  },
  (t) => [
    uniqueIndex('api_keys_key_hash_unique').on(t.keyHash),
    uniqueIndex('api_keys_user_mode_unique').on(t.userId, t.mode),
    check('api_keys_mode_valid', sql`${t.mode} IN ('live', 'test')`),
  ],
);

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKeyRow = typeof apiKeys.$inferInsert;
