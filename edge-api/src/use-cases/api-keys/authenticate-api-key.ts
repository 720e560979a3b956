import { eq, sql } from 'drizzle-orm';
import { type ApiKeyMode, apiKeys } from '../../db/schema/api-keys';
import { users } from '../../db/schema/users';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';
import { apiKeyMode } from '../../lib/api-key-vault';
import { constantTimeEqual } from '../../lib/constant-time';
import { TtlCache } from '../../lib/ttl-cache';
import { perDatabase } from '../../ports/database';

const encoder = new TextEncoder();

export const API_KEY_MISSING_MESSAGE =
  'An API key is required: send it in the x-api-key header (x-api-key: Bearer <your key>)';
export const API_KEY_INVALID_MESSAGE = 'Invalid API key';

/** `last_used_at` is written at most this often per key (a write on every request would double a read's cost). */
export const LAST_USED_GRANULARITY_MS = 60_000;

export interface ApiKeyPrincipal {
  keyId: string;
  mode: ApiKeyMode;
  user: AuthUser;
}

/** The one lookup of an authenticated v1 request: the key's row by its HMAC and its owner, prepared once per database. */
const keyByHash = perDatabase((db) =>
  db
    .select({
      id: apiKeys.id,
      mode: apiKeys.mode,
      keyHash: apiKeys.keyHash,
      lastUsedAt: apiKeys.lastUsedAt,
      userId: users.id,
      email: users.email,
      name: users.name,
      isAdmin: users.isAdmin,
    })
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(eq(apiKeys.keyHash, sql.placeholder('hash')))
    .limit(1)
    .prepare(),
);

const touchKey = perDatabase((db) =>
  db
    .update(apiKeys)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}` })
    .where(
      sql`${apiKeys.id} = ${sql.placeholder('id')} AND (${apiKeys.lastUsedAt} IS NULL OR ${apiKeys.lastUsedAt} < ${sql.placeholder('before')})`,
    )
    .prepare(),
);

/** The keys whose `last_used_at` this process or isolate wrote in the last minute (per database: tests run several). */
const recentTouches = perDatabase(() => new TtlCache<true>(LAST_USED_GRANULARITY_MS));

/**
 * Who a presented key belongs to, or 401. Unknown and wrong keys take the same path (HMAC, one indexed read that
 * finds nothing) and the same answer; a hit is compared again in constant time. On Node a key verified in the last
 * minute is answered from memory (`services.verifiedApiKeys`, which regenerate clears before it answers); Workers read
 * the row every time. Only the shape of a key (its public prefix and length) is judged before hashing. `last_used_at`
 * is refreshed (in the background) when it is older than a minute, once per process or isolate.
 */
export async function authenticateApiKey(services: Services, presented: string | undefined): Promise<ApiKeyPrincipal> {
  if (presented === undefined || presented === '') throw new ApiError('unauthorized', API_KEY_MISSING_MESSAGE);
  const mode = apiKeyMode(presented);
  if (mode === null) throw new ApiError('unauthorized', API_KEY_INVALID_MESSAGE);
  const hash = services.apiKeys.hash(presented);
  const now = services.clock.now();
  const verified = services.verifiedApiKeys;
  let key = verified?.get(hash, now.getTime());
  // A remembered key's last use is not known here; the once-a-minute memory below and the UPDATE's own condition
  // keep that to one write per minute.
  let stale = true;
  if (key === undefined) {
    const epoch = verified?.epoch() ?? 0;
    const [row] = await keyByHash(services.db).all({ hash });
    if (!row || !constantTimeEqual(encoder.encode(row.keyHash), encoder.encode(hash))) {
      throw new ApiError('unauthorized', API_KEY_INVALID_MESSAGE);
    }
    key = {
      keyId: row.id,
      keyHash: row.keyHash,
      mode: row.mode,
      user: { id: row.userId, email: row.email, name: row.name, isAdmin: row.isAdmin },
    };
    verified?.remember(hash, key, epoch, now.getTime());
    stale = row.lastUsedAt === null || Date.parse(row.lastUsedAt) <= now.getTime() - LAST_USED_GRANULARITY_MS;
  }
  if (key.mode !== mode) throw new ApiError('unauthorized', API_KEY_INVALID_MESSAGE);
  const keyId = key.keyId;
  // One write per key and minute from this process or isolate: a burst that all read the old time (1,000 parallel
  // calls) would otherwise send one UPDATE each. Keyed by the hash too, so a regenerated key is recorded at once.
  const touchedKey = `${keyId}:${key.keyHash}`;
  if (stale && recentTouches(services.db).get(touchedKey, now.getTime()) === undefined) {
    recentTouches(services.db).set(touchedKey, true, now.getTime());
    const before = new Date(now.getTime() - LAST_USED_GRANULARITY_MS).toISOString();
    // Off the request's path (waitUntil: the invocation on Workers, the shutdown tracker on Node): a lost update only
    // makes "last used" a minute older.
    services.waitUntil(
      touchKey(services.db)
        .run({ id: keyId, now: now.toISOString(), before })
        .catch((err: unknown) => services.log.warn('api_key.last_use_not_recorded', { keyId, err })),
    );
  }
  return { keyId: key.keyId, mode: key.mode, user: key.user };
}
