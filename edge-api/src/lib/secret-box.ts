import { fromB64NoPad, toB64Url } from './base64';

/**
 * Secrets at rest (provider API keys): AES-256-GCM with WebCrypto, the same code on Node and workerd. The AES key is
 * derived from a configured secret (PROVIDER_KEY_SECRET; on Node generated once into DATA_DIR) with HKDF-SHA256, so
 * any long random string works as the secret. Each value is bound to its row by associated data (e.g. the config id):
 * a ciphertext copied onto another row does not decrypt.
 *
 * Stored format: `v1.<iv base64url>.<ciphertext+tag base64url>` (12-byte random IV, 128-bit tag).
 */

const VERSION = 'v1';
const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  encrypt(plaintext: string, associatedData: string): Promise<string>;
  /** Throws SecretBoxError when the value was tampered with, bound to other data, or sealed with another secret. */
  decrypt(sealed: string, associatedData: string): Promise<string>;
}

function fromB64Url(text: string): Uint8Array<ArrayBuffer> {
  const bytes = fromB64NoPad(text.replace(/-/g, '+').replace(/_/g, '/'));
  return new Uint8Array(bytes);
}

async function deriveKey(secret: string): Promise<CryptoKey> {
  if (secret.length < 32) throw new SecretBoxError('the secret must be at least 32 characters');
  const material = await crypto.subtle.importKey('raw', encoder.encode(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: encoder.encode('labeldesk/secret-box'), info: encoder.encode(VERSION) },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}

/** How many opened values a box remembers (one per provider API in practice). */
const OPENED_MEMO_SIZE = 256;

/**
 * A box sealing with a key derived from `secret` (at least 32 characters). It remembers the values it has opened (by
 * sealed text and associated data, which determine the plaintext), so a label purchase does not pay an AES-GCM round
 * trip for a provider key it opened a moment ago; a changed key is a new sealed text, so it is opened afresh.
 */
export function createSecretBox(secret: string): SecretBox {
  let key: Promise<CryptoKey> | undefined;
  const getKey = () => {
    key ??= deriveKey(secret);
    return key;
  };
  const opened = new Map<string, string>();
  return {
    async encrypt(plaintext, associatedData) {
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealed = await crypto.subtle.encrypt(
        { name: 'AES-GCM', iv, additionalData: encoder.encode(associatedData) },
        await getKey(),
        encoder.encode(plaintext),
      );
      return `${VERSION}.${toB64Url(iv)}.${toB64Url(new Uint8Array(sealed))}`;
    },
    async decrypt(sealed, associatedData) {
      const memoKey = `${associatedData}\n${sealed}`;
      const known = opened.get(memoKey);
      if (known !== undefined) return known;
      const [version, ivText, dataText, ...extra] = sealed.split('.');
      if (version !== VERSION || !ivText || !dataText || extra.length > 0) {
        throw new SecretBoxError('not a sealed value');
      }
      let iv: Uint8Array<ArrayBuffer>;
      let data: Uint8Array<ArrayBuffer>;
      try {
        iv = fromB64Url(ivText);
        data = fromB64Url(dataText);
      } catch {
        throw new SecretBoxError('not a sealed value');
      }
      try {
        const plain = await crypto.subtle.decrypt(
          { name: 'AES-GCM', iv, additionalData: encoder.encode(associatedData) },
          await getKey(),
          data,
        );
        const plaintext = decoder.decode(plain);
        if (opened.size >= OPENED_MEMO_SIZE) opened.clear();
        opened.set(memoKey, plaintext);
        return plaintext;
      } catch {
        throw new SecretBoxError('the value cannot be decrypted with this secret and associated data');
      }
    },
  };
}

/** SPEC: provider keys are shown masked: '••••' + the last 4 characters ('••••' alone for 4 characters or fewer). */
export function maskSecret(plaintext: string): string {
  return plaintext.length > 4 ? `••••${plaintext.slice(-4)}` : '••••';
}
