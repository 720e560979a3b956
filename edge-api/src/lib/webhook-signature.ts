import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { fromB64NoPad, toB64NoPad } from './base64';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of random bytes; a
 * request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, a space-separated list of
 * `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` where the key is the base64-decoded part of a secret after
 * `whsec_`. Plain JS (@noble/hashes) and WebCrypto's random bytes, so it runs the same on Node and workerd. Verified in the tests with the reference
 * `standardwebhooks` package, not with this code.
 */

export const WEBHOOK_SECRET_PREFIX = 'whsec_';
/** Random bytes in a new secret (the specification asks for 24 to 64). */
export const WEBHOOK_SECRET_BYTES = 32;

const encoder = new TextEncoder();

function padded(b64: string): string {
  return b64 + '='.repeat((4 - (b64.length % 4)) % 4);
}

export function newWebhookSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(WEBHOOK_SECRET_BYTES));
  return `${WEBHOOK_SECRET_PREFIX}${padded(toB64NoPad(bytes))}`;
}

function keyBytes(secret: string): Uint8Array<ArrayBuffer> {
  if (!secret.startsWith(WEBHOOK_SECRET_PREFIX)) throw new Error('a webhook secret starts with whsec_');
  return new Uint8Array(fromB64NoPad(secret.slice(WEBHOOK_SECRET_PREFIX.length).replace(/=+$/, '')));
}

/**
 * The HMAC, keyed once per secret (each signature clones the keyed state), at most this many kept; the secret box
 * already keeps the opened secrets in memory the same way (OPENED_MEMO_SIZE). Plain JS (@noble/hashes), as the API
 * key vault does: on Node `crypto.subtle.sign` is a job on libuv's thread pool, and under load that hop, not the HMAC,
 * was most of a signature's time; the bytes are the same (the tests verify them with `standardwebhooks`).
 */
const KEY_MEMO_SIZE = 1_000;
const keyed = new Map<string, ReturnType<typeof hmac.create>>();

/** `v1,<signature>` of one secret. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  let mac = keyed.get(secret);
  if (!mac) {
    mac = hmac.create(sha256, keyBytes(secret));
    if (keyed.size >= KEY_MEMO_SIZE) keyed.clear();
    keyed.set(secret, mac);
  }
  const signature = mac
    .clone()
    .update(encoder.encode(`${id}.${timestamp}.${body}`))
    .digest();
  return `v1,${padded(toB64NoPad(signature))}`;
}

/** The three headers of one request, signed with every secret given (the current one first). */
export async function webhookHeaders(
  secrets: readonly string[],
  id: string,
  timestamp: number,
  body: string,
): Promise<Record<string, string>> {
  const signatures = await Promise.all(secrets.map((s) => signWebhook(s, id, timestamp, body)));
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signatures.join(' '),
  };
}
