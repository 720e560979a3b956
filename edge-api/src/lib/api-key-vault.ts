import { hkdf } from '@noble/hashes/hkdf.js';
import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import type { ApiKeyMode } from '../db/schema/api-keys';
import { toB64Url } from './base64';
import { createSecretBox } from './secret-box';

/**
 * Public API keys at rest (CONVENTIONS §18). A key looks like `ld_live_<40 base62>` or `ld_test_<40 base62>`: the
 * prefix tells secret scanners (and people) what it is and which mode it runs in; 40 base62 characters are ~238 random
 * bits. The database keeps only
 *   - `hash`: HMAC-SHA256 of the key under a key derived (HKDF) from API_KEY_SECRET — looked up by an index, so a
 *     request costs one read; without the secret a dump of hashes cannot be tested against guesses;
 *   - `seal`: the key under AES-256-GCM (lib/secret-box.ts, bound to the row id), only so the owner's page can show it.
 * Same code on Node and workerd.
 */

export const API_KEY_PREFIX = { live: 'ld_live_', test: 'ld_test_' } as const satisfies Record<ApiKeyMode, string>;
export const API_KEY_RANDOM_LENGTH = 40;
/** The shape of a key; anything else is refused before any lookup. */
export const API_KEY_PATTERN = /^ld_(live|test)_[A-Za-z0-9]{40}$/;

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const encoder = new TextEncoder();

/** A new random key of `mode` (rejection sampling, so every character is uniform over the 62). */
export function generateApiKey(mode: ApiKeyMode): string {
  let out = '';
  while (out.length < API_KEY_RANDOM_LENGTH) {
    for (const byte of crypto.getRandomValues(new Uint8Array(64))) {
      if (byte < 248 && out.length < API_KEY_RANDOM_LENGTH) out += BASE62[byte % 62];
    }
  }
  return `${API_KEY_PREFIX[mode]}${out}`;
}

/** The mode a well-formed key names, or null for anything that is not a key. */
export function apiKeyMode(key: string): ApiKeyMode | null {
  const match = API_KEY_PATTERN.exec(key);
  return match ? (match[1] as ApiKeyMode) : null;
}

export interface ApiKeyVault {
  /** HMAC-SHA256(key), base64url: the indexed lookup value. Synchronous (see below). */
  hash(key: string): string;
  seal(key: string, rowId: string): Promise<string>;
  open(sealed: string, rowId: string): Promise<string>;
}

/** The HMAC key: HKDF-SHA256(API_KEY_SECRET), 32 bytes — the bytes WebCrypto's deriveKey(HKDF → HMAC-256) yields. */
export function apiKeyHmacKey(secret: string): Uint8Array {
  return hkdf(sha256, encoder.encode(secret), encoder.encode('labeldesk/api-key-hash'), encoder.encode('v1'), 32);
}

/**
 * A vault keyed by `secret` (at least 32 characters; API_KEY_SECRET).
 *
 * The lookup hash is computed in plain JS (@noble/hashes) rather than with WebCrypto: on Node, `crypto.subtle.sign`
 * is a job on libuv's thread pool, and that hop (not the HMAC, ~10 µs) was most of the public API's per-request key
 * cost and all of its tail (p99 of several ms when the pool is busy with file I/O). Same bytes as before
 * (api-key-vault.test.ts checks against WebCrypto), so stored hashes stay valid.
 */
export function createApiKeyVault(secret: string): ApiKeyVault {
  if (secret.length < 32) throw new Error('API_KEY_SECRET must be at least 32 characters');
  const box = createSecretBox(secret);
  // Keyed once: each hash clones the inner/outer state instead of re-hashing the padded key.
  const keyed = hmac.create(sha256, apiKeyHmacKey(secret));
  return {
    hash: (key) => toB64Url(keyed.clone().update(encoder.encode(key)).digest()),
    seal: (key, rowId) => box.encrypt(key, `api-key:${rowId}`),
    open: (sealed, rowId) => box.decrypt(sealed, `api-key:${rowId}`),
  };
}

/** How the page shows a key before it is revealed: the prefix and the last 4 characters. */
export function maskApiKey(key: string): string {
  const mode = apiKeyMode(key);
  const prefix = mode ? API_KEY_PREFIX[mode] : '';
  return `${prefix}${'•'.repeat(8)}${key.slice(-4)}`;
}
