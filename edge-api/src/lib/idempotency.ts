import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { z } from 'zod';
import { ApiError } from '../errors';

/**
 * Idempotency of every creating request (purchases, bulk orders, their test-mode twins, admin balance changes): the
 * one `Idempotency-Key` rule (read by middleware/idempotency-key.ts), a fingerprint of the request it came with, and
 * the one replay-or-conflict decision. Runs on Node and in workerd alike.
 */

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1-255 visible ASCII characters';

/**
 * 1-255 visible ASCII characters (0x21-0x7E): no spaces, no control or non-ASCII characters. Stripe's limit (255) and
 * the character set an HTTP field value carries unambiguously: a key is compared byte for byte, so nothing that a proxy
 * or a client library might trim, fold or re-encode on the way is accepted.
 */
export const IdempotencyKey = z.string().regex(/^[\x21-\x7E]{1,255}$/, IDEMPOTENCY_KEY_MESSAGE);

/** JSON with object keys sorted at every level and `undefined` members dropped: equal values give equal text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const key of Object.keys(value).sort()) {
      const member = (value as Record<string, unknown>)[key];
      if (member !== undefined) out[key] = sortKeys(member);
    }
    return out;
  }
  return value;
}

/**
 * Lower-case hex SHA-256 of the canonical JSON of `value`. Synchronous (@noble/hashes): a purchase body is a few hundred
 * bytes, which hashes in microseconds, where WebCrypto's promise round trip costs a few hundred on every purchase.
 */
export function requestHash(value: unknown): string {
  return bytesToHex(sha256(new TextEncoder().encode(canonicalJson(value))));
}

/** A creating request's Idempotency-Key and the fingerprint of its body. */
export interface IdempotentRequest {
  key: string;
  hash: string;
}

/** The key and fingerprint of a request, or null when it came without a key (then nothing is replayed). */
export function idempotentRequest(key: string | undefined, fingerprint: () => string): IdempotentRequest | null {
  return key ? { key, hash: fingerprint() } : null;
}

/**
 * The one replay-or-conflict rule of every creating use-case. Without a key, or when no earlier request used it:
 * undefined (go on and create). An earlier request with this key and another body: 409. The same body: `replay(first)`,
 * the answer the first request deserves (the use-case's own: its row, its state, the balance now).
 */
export async function replayOrConflict<Row extends { requestHash: string | null }, Result>(
  request: IdempotentRequest | null,
  findByKey: (key: string) => Promise<Row | undefined>,
  replay: (first: Row) => Promise<Result>,
): Promise<Result | undefined> {
  if (!request) return undefined;
  const first = await findByKey(request.key);
  if (!first) return undefined;
  if (first.requestHash !== request.hash) throw new ApiError('conflict', ORDER_MESSAGES.idempotencyMismatch);
  return replay(first);
}
