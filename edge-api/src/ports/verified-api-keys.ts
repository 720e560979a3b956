import type { AuthUser } from '../db/schema';
import type { ApiKeyMode } from '../db/schema/api-keys';

/** What a verified key resolves to: its row and owner (as authenticate-api-key.ts reads them). */
export interface VerifiedApiKey {
  keyId: string;
  keyHash: string;
  mode: ApiKeyMode;
  user: AuthUser;
}

/**
 * The keys this process verified in the last minute, so a request with one skips the key read (the public API's
 * per-request cost, bench/api-v1-overhead.ts). Only where every revocation goes through the same process: Node's
 * embedded default (one process, one database), where regenerate forgets the key before it answers. Workers have none:
 * a regenerate in one isolate cannot clear another isolate's memory, and a regenerated key must be refused at once.
 */
export interface VerifiedApiKeys {
  /** The current epoch: pass it to `remember` for what is read after this call. */
  epoch(): number;
  get(hash: string, nowMs: number): VerifiedApiKey | undefined;
  /** Remembers a key read in `epoch`; ignored if a key was forgotten since (that read may predate the revocation). */
  remember(hash: string, key: VerifiedApiKey, epoch: number, nowMs: number): void;
  /** Forgets every remembered hash of the key row (after its new hash is committed) and starts a new epoch. */
  forget(keyId: string): void;
}
