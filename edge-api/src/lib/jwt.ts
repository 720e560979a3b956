import { errors, jwtVerify, SignJWT } from 'jose';

/** Session tokens: HS256, `sub` = user id, `iat`/`exp` from the given clock. */
export interface SessionTokenInput {
  userId: string;
  secret: string;
  ttlSeconds: number;
  now: Date;
}

export type SessionTokenCheck = { ok: true; userId: string } | { ok: false; reason: 'expired' | 'invalid' };

const ALG = 'HS256';
const encoder = new TextEncoder();

export async function signSessionToken(input: SessionTokenInput): Promise<string> {
  const iat = Math.floor(input.now.getTime() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setSubject(input.userId)
    .setIssuedAt(iat)
    .setExpirationTime(iat + input.ttlSeconds)
    .sign(encoder.encode(input.secret));
}

export async function verifySessionToken(token: string, secret: string, now: Date): Promise<SessionTokenCheck> {
  try {
    const { payload } = await jwtVerify(token, encoder.encode(secret), {
      algorithms: [ALG],
      currentDate: now,
      requiredClaims: ['sub', 'exp'],
    });
    if (typeof payload.sub !== 'string' || payload.sub.length === 0) return { ok: false, reason: 'invalid' };
    return { ok: true, userId: payload.sub };
  } catch (err) {
    if (err instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}
