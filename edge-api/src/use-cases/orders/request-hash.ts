import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { z } from 'zod';

/**
 * Idempotency of POST /api/orders: the `Idempotency-Key` header and a fingerprint of the request it came with. Runs on
 * Node and in workerd alike.
 */

export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1-255 visible ASCII characters';

/** 1-255 visible ASCII characters (0x21-0x7E): no spaces, no control or non-ASCII characters. */
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
