import { and, eq } from 'drizzle-orm';
import type { ApiKeyMode } from '../../db/schema/api-keys';
import { apiKeys } from '../../db/schema/api-keys';
import type { Services } from '../../env';
import { generateApiKey } from '../../lib/api-key-vault';
import { getApiKeys, type OwnedApiKeys } from './get-api-keys';

/**
 * POST /api/user/api-key/regenerate: a new key of `mode` replaces the old one in place (same row, new hash and seal),
 * so the old key matches no row from the moment this update commits — the very next request with it is refused. The
 * row keeps its id, so the key's rate-limit window carries over (regenerating does not buy a fresh 100 requests).
 */
export async function regenerateApiKey(
  services: Services,
  input: { userId: string; mode: ApiKeyMode },
): Promise<OwnedApiKeys> {
  const current = await getApiKeys(services, { userId: input.userId });
  const [row] = await services.db
    .select({ id: apiKeys.id })
    .from(apiKeys)
    .where(and(eq(apiKeys.userId, input.userId), eq(apiKeys.mode, input.mode)));
  if (!row) throw new Error(`api key ${input.mode} of ${input.userId} missing`);
  const key = generateApiKey(input.mode);
  const now = services.clock.now().toISOString();
  await services.db
    .update(apiKeys)
    .set({
      keyHash: services.apiKeys.hash(key),
      keyCiphertext: await services.apiKeys.seal(key, row.id),
      createdAt: now,
      lastUsedAt: null,
    })
    .where(eq(apiKeys.id, row.id));
  // Committed: no read from now on finds the old key, and the process memory of verified keys must not either.
  services.verifiedApiKeys?.forget(row.id);
  return { ...current, [input.mode]: { mode: input.mode, key, createdAt: now, lastUsedAt: null } };
}
