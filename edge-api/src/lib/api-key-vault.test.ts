import { describe, expect, it } from 'vitest';
import { createApiKeyVault, generateApiKey } from './api-key-vault';
import { toB64Url } from './base64';

const SECRET = 'unit-test-api-key-secret-0123456789abcdef';
const encoder = new TextEncoder();

/** The lookup hash as WebCrypto computes it (the vault's implementation before it moved off WebCrypto). */
async function webCryptoHash(secret: string, key: string): Promise<string> {
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  const hmacKey = await crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('labeldesk/api-key-hash'), info: encoder.encode('v1') },
    material,
    { name: 'HMAC', hash: 'SHA-256', length: 256 },
    false,
    ['sign'],
  );
  return toB64Url(new Uint8Array(await crypto.subtle.sign('HMAC', hmacKey, encoder.encode(key))));
}

describe('API key vault: lookup hash', () => {
  it('is the same HKDF → HMAC-SHA256 WebCrypto computes, so keys hashed before still match their rows', async () => {
    const vault = createApiKeyVault(SECRET);
    for (const key of [generateApiKey('live'), generateApiKey('test'), 'ld_live_short', '']) {
      expect(vault.hash(key)).toBe(await webCryptoHash(SECRET, key));
    }
  });

  it('is deterministic per secret and differs across secrets and keys (one keyed state, cloned per hash)', () => {
    const vault = createApiKeyVault(SECRET);
    const key = generateApiKey('live');
    const first = vault.hash(key);
    expect(vault.hash(generateApiKey('live'))).not.toBe(first);
    expect(vault.hash(key)).toBe(first);
    expect(createApiKeyVault(`${SECRET}-other`).hash(key)).not.toBe(first);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
