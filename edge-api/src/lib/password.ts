import { argon2idAsync } from '@noble/hashes/argon2.js';
import { fromB64NoPad, toB64NoPad } from './base64';
import { constantTimeEqual } from './constant-time';

/**
 * Password hashing: Argon2id with OWASP's first-choice parameters (m=19 MiB, t=2, p=1), pure JS so it runs the same
 * on Node and inside workerd. Stored as a PHC string: `$argon2id$v=19$m=19456,t=2,p=1$<b64salt>$<b64hash>`.
 */
export interface PasswordParams {
  m: number;
  t: number;
  p: number;
  saltBytes: number;
  hashBytes: number;
}
export const PASSWORD_PARAMS: PasswordParams = { m: 19_456, t: 2, p: 1, saltBytes: 16, hashBytes: 32 };

/**
 * For test servers only (the Node entry's TEST_FAST_PASSWORD_HASHING, refused unless NODE_ENV=test): Argon2id at
 * 64 KiB and one pass, about a thousandth of the CPU of PASSWORD_PARAMS. The integration suite registers and logs in
 * some 270 times; at ~300 ms of CPU a hash that was minutes of a 2-core run. Same code path, same PHC format, so every
 * rule of the password flow is still exercised; auth.password-hashing.test.ts keeps one server at full strength.
 */
export const TEST_PASSWORD_PARAMS: PasswordParams = { m: 64, t: 1, p: 1, saltBytes: 16, hashBytes: 32 };

const ARGON2_VERSION = 0x13;

/** Bounds for parameters read back from storage, so a corrupted or hostile row cannot make us burn memory or CPU. */
const LIMITS = {
  mMin: 8,
  mMax: 262_144,
  tMin: 1,
  tMax: 16,
  pMin: 1,
  pMax: 8,
  saltMin: 8,
  saltMax: 64,
  hashMin: 16,
  hashMax: 64,
};

interface ParsedHash {
  m: number;
  t: number;
  p: number;
  salt: Uint8Array;
  hash: Uint8Array;
}

export async function hashPassword(password: string, params: PasswordParams = PASSWORD_PARAMS): Promise<string> {
  const salt = crypto.getRandomValues(new Uint8Array(params.saltBytes));
  const { m, t, p, hashBytes } = params;
  const hash = await argon2idAsync(password, salt, { m, t, p, dkLen: hashBytes, version: ARGON2_VERSION });
  return `$argon2id$v=19$m=${m},t=${t},p=${p}$${toB64NoPad(salt)}$${toB64NoPad(hash)}`;
}

function parsePhc(phc: string): ParsedHash | null {
  const parts = phc.split('$');
  // ['', 'argon2id', 'v=19', 'm=..,t=..,p=..', salt, hash]
  if (parts.length !== 6 || parts[0] !== '' || parts[1] !== 'argon2id' || parts[2] !== 'v=19') return null;
  const params = new Map<string, number>();
  for (const kv of (parts[3] ?? '').split(',')) {
    const match = /^([mtp])=(\d{1,7})$/.exec(kv);
    if (!match?.[1] || !match[2]) return null;
    params.set(match[1], Number(match[2]));
  }
  const m = params.get('m');
  const t = params.get('t');
  const p = params.get('p');
  if (m === undefined || t === undefined || p === undefined) return null;
  if (m < LIMITS.mMin || m > LIMITS.mMax || t < LIMITS.tMin || t > LIMITS.tMax || p < LIMITS.pMin || p > LIMITS.pMax) {
    return null;
  }
  if (m < 8 * p) return null;
  try {
    const salt = fromB64NoPad(parts[4] ?? '');
    const hash = fromB64NoPad(parts[5] ?? '');
    if (salt.length < LIMITS.saltMin || salt.length > LIMITS.saltMax) return null;
    if (hash.length < LIMITS.hashMin || hash.length > LIMITS.hashMax) return null;
    return { m, t, p, salt, hash };
  } catch {
    return null;
  }
}

/** True when `password` matches the stored PHC string (any valid Argon2id parameter set); false for a malformed one. */
export async function verifyPassword(password: string, phc: string): Promise<boolean> {
  const parsed = parsePhc(phc);
  if (!parsed) return false;
  const actual = await argon2idAsync(password, parsed.salt, {
    m: parsed.m,
    t: parsed.t,
    p: parsed.p,
    dkLen: parsed.hash.length,
    version: ARGON2_VERSION,
  });
  return constantTimeEqual(actual, parsed.hash);
}

/** True when the stored hash uses other parameters than today's, so a successful login should re-hash. */
export function needsRehash(phc: string, params: PasswordParams = PASSWORD_PARAMS): boolean {
  const parsed = parsePhc(phc);
  if (!parsed) return true;
  return (
    parsed.m !== params.m ||
    parsed.t !== params.t ||
    parsed.p !== params.p ||
    parsed.salt.length !== params.saltBytes ||
    parsed.hash.length !== params.hashBytes
  );
}

/**
 * A valid hash of a random password, computed once, so a login for an unknown email costs the same time as one for a
 * known email (no user enumeration through timing).
 */
const dummyHashes = new Map<PasswordParams, Promise<string>>();
export function dummyPasswordHash(params: PasswordParams = PASSWORD_PARAMS): Promise<string> {
  let dummy = dummyHashes.get(params);
  if (!dummy) {
    dummy = hashPassword(toB64NoPad(crypto.getRandomValues(new Uint8Array(16))), params);
    dummyHashes.set(params, dummy);
  }
  return dummy;
}
