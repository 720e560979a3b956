import { errors, jwtVerify, SignJWT } from 'jose';
import { TtlCache } from './ttl-cache';

/** Session tokens: HS256, `sub` = user id, `jti` = session id (the `sessions` row), `iat`/`exp` from the given clock. */
export interface SessionTokenInput {
  userId: string;
  sessionId: string;
  secret: string;
  ttlSeconds: number;
  now: Date;
}

/** `sessionId` is undefined for a token made before tokens named their session (such a token is no longer accepted). */
export type SessionTokenCheck =
  | { ok: true; userId: string; sessionId: string | undefined }
  | { ok: false; reason: 'expired' | 'invalid' };

const ALG = 'HS256';
const encoder = new TextEncoder();

/** The HMAC key of a secret, imported once (importing it on every request costs as much as the verification). */
const keys = new Map<string, Promise<CryptoKey>>();
function hmacKey(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
    // One secret per process in practice; the cap only guards against unbounded growth.
    if (keys.size > 8) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

export async function signSessionToken(input: SessionTokenInput): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(input.userId)
    .setJti(input.sessionId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + input.ttlSeconds)
    .sign(await hmacKey(input.secret));
}

/**
 * Tokens whose signature was verified, per secret: a token's signature cannot become invalid, so every request of a
 * session need not recompute the HMAC. Its expiry is still checked on every use; only good answers are kept.
 */
const VERIFIED_TTL_MS = 60_000;
interface Verified {
  userId: string;
  sessionId: string | undefined;
  expMs: number;
}
const verified = new Map<string, TtlCache<Verified>>();

function verifiedFor(secret: string): TtlCache<Verified> {
  let cache = verified.get(secret);
  if (!cache) {
    if (verified.size > 8) verified.clear();
    cache = new TtlCache(VERIFIED_TTL_MS);
    verified.set(secret, cache);
  }
  return cache;
}

export async function verifySessionToken(token: string, secret: string, now: Date): Promise<SessionTokenCheck> {
  const cache = verifiedFor(secret);
  const nowMs = now.getTime();
  const known = cache.get(token, nowMs);
  if (known) {
    // jose's rule: expired once `exp` (seconds) is at or before now.
    return known.expMs <= nowMs
      ? { ok: false, reason: 'expired' }
      : { ok: true, userId: known.userId, sessionId: known.sessionId };
  }
  try {
    const { payload } = await jwtVerify(token, await hmacKey(secret), {
      algorithms: [ALG],
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return { ok: false, reason: 'invalid' };
    const sessionId = typeof payload.jti === 'string' && payload.jti.length > 0 ? payload.jti : undefined;
    if (typeof payload.exp === 'number') {
      cache.set(token, { userId: payload.sub, sessionId, expMs: payload.exp * 1000 }, nowMs);
    }
    return { ok: true, userId: payload.sub, sessionId };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
