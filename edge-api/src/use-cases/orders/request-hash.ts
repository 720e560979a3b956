import { z } from 'zod';

/**
 * Idempotency of POST /api/orders: the `Idempotency-Key` header and a fingerprint of the request it came with. Runs on
 * Node and in workerd alike (WebCrypto).
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

/** Lower-case hex SHA-256 of the canonical JSON of `value`. */
export async function requestHash(value: unknown): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(canonicalJson(value)));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
