import type { VerifiedApiKey, VerifiedApiKeys } from '../../ports/verified-api-keys';

/** Node's `VerifiedApiKeys`: in process memory, each entry for `ttlMs`, at most `maxEntries` keys. */
export function memoryVerifiedApiKeys(opts: { ttlMs?: number; maxEntries?: number } = {}): VerifiedApiKeys {
  const ttlMs = opts.ttlMs ?? 60_000;
  const maxEntries = opts.maxEntries ?? 10_000;
  const byHash = new Map<string, { key: VerifiedApiKey; expiresAt: number }>();
  let epoch = 0;
  return {
    epoch: () => epoch,
    get(hash, nowMs) {
      const entry = byHash.get(hash);
      if (!entry) return undefined;
      if (entry.expiresAt <= nowMs) {
        byHash.delete(hash);
        return undefined;
      }
      return entry.key;
    },
    remember(hash, key, readEpoch, nowMs) {
      if (readEpoch !== epoch) return;
      if (byHash.size >= maxEntries && !byHash.has(hash)) {
        for (const [h, e] of byHash) if (e.expiresAt <= nowMs) byHash.delete(h);
        if (byHash.size >= maxEntries) byHash.clear();
      }
      byHash.set(hash, { key, expiresAt: nowMs + ttlMs });
    },
    forget(keyId) {
      epoch += 1;
      for (const [hash, entry] of byHash) if (entry.key.keyId === keyId) byHash.delete(hash);
    },
  };
}
