import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { toB64Url } from './base64';

/**
 * One-time tokens sent to a person (password reset links): 256 random bits, base64url (43 characters). The database
 * keeps only their SHA-256: a token this long cannot be guessed from its hash, so no slow hash or salt is needed, and
 * a lookup by hash is one indexed read.
 */
export function newOpaqueToken(): string {
  return toB64Url(crypto.getRandomValues(new Uint8Array(32)));
}

export function hashOpaqueToken(token: string): string {
  return bytesToHex(sha256(new TextEncoder().encode(token)));
}
