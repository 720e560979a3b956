import { fromB64NoPad, toB64NoPad } from './base64';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): secrets are `whsec_` + base64 of random bytes; a
 * request carries `webhook-id`, `webhook-timestamp` (Unix seconds) and `webhook-signature`, a space-separated list of
 * `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>` where the key is the base64-decoded part of a secret after
 * `whsec_`. WebCrypto only, so it runs the same on Node and workerd. Verified in the tests with the reference
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
 * HMAC keys imported once per secret (an import costs about twice the signature), at most this many kept. The secret
 * box already keeps the opened secrets in memory the same way (OPENED_MEMO_SIZE).
 */
const KEY_MEMO_SIZE = 1_000;
const imported = new Map<string, Promise<CryptoKey>>();

function hmacKey(secret: string): Promise<CryptoKey> {
  let key = imported.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', keyBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    // A secret that is not one (no whsec_) throws in keyBytes above, before anything is kept; a failed import is
    // not kept either.
    key.catch(() => imported.delete(secret));
    if (imported.size >= KEY_MEMO_SIZE) imported.clear();
    imported.set(secret, key);
  }
  return key;
}

/** `v1,<signature>` of one secret. */
export async function signWebhook(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await hmacKey(secret);
  const mac = await crypto.subtle.sign('HMAC', key, encoder.encode(`${id}.${timestamp}.${body}`));
  return `v1,${padded(toB64NoPad(new Uint8Array(mac)))}`;
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
