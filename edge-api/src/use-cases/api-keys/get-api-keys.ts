import { eq } from 'drizzle-orm';
import { API_KEY_MODES, type ApiKeyMode, type ApiKeyRow, apiKeys } from '../../db/schema/api-keys';
import type { Services } from '../../env';
import { generateApiKey } from '../../lib/api-key-vault';
import { newId } from '../../lib/ids';

export interface OwnedApiKey {
  mode: ApiKeyMode;
  /** The key itself, opened from its sealed copy (only ever sent to its owner). */
  key: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export type OwnedApiKeys = Record<ApiKeyMode, OwnedApiKey>;

/** A new key row for `mode`: the key hashed (lookup) and sealed (display), never stored as is. */
export async function newApiKeyRow(
  services: Services,
  userId: string,
  mode: ApiKeyMode,
  now: string,
): Promise<ApiKeyRow> {
  const id = newId('akey');
  const key = generateApiKey(mode);
  return {
    id,
    userId,
    mode,
    keyHash: services.apiKeys.hash(key),
    keyCiphertext: await services.apiKeys.seal(key, id),
    createdAt: now,
    lastUsedAt: null,
  };
}

async function open(services: Services, row: ApiKeyRow): Promise<OwnedApiKey> {
  return {
    mode: row.mode,
    key: await services.apiKeys.open(row.keyCiphertext, row.id),
    createdAt: row.createdAt,
    lastUsedAt: row.lastUsedAt,
  };
}

/**
 * GET /api/user/api-key: the customer's live and test keys. The SPEC's page shows "the user's API key", so a customer
 * who has none gets both on this first read (created lazily here; two first reads racing keep one pair: the unique
 * (user, mode) index drops the loser's insert and both answer the stored keys).
 */
export async function getApiKeys(services: Services, input: { userId: string }): Promise<OwnedApiKeys> {
  const select = () => services.db.select().from(apiKeys).where(eq(apiKeys.userId, input.userId));
  let rows = await select();
  const missing = API_KEY_MODES.filter((mode) => !rows.some((r) => r.mode === mode));
  if (missing.length > 0) {
    const now = services.clock.now().toISOString();
    const fresh = await Promise.all(missing.map((mode) => newApiKeyRow(services, input.userId, mode, now)));
    await services.db.insert(apiKeys).values(fresh).onConflictDoNothing();
    rows = await select();
  }
  const byMode = (mode: ApiKeyMode) => {
    const row = rows.find((r) => r.mode === mode);
    if (!row) throw new Error(`api key ${mode} of ${input.userId} missing after its insert`);
    return open(services, row);
  };
  return { live: await byMode('live'), test: await byMode('test') };
}
