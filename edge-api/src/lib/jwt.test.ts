import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { signSessionToken, verifySessionToken } from './jwt';

const secret = 'unit-test-secret-0123456789abcdefghijkl';
const now = new Date('2026-05-01T10:00:00.000Z');

describe('session tokens', () => {
  it('signs HS256 tokens with sub, the session id as jti and an exp ttl seconds ahead, valid until then', async () => {
    const token = await signSessionToken({ userId: 'usr_1', sessionId: 'ses_1', secret, ttlSeconds: 600, now });
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((p) => JSON.parse(Buffer.from(p, 'base64url').toString()));
    expect(header).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    expect(payload).toMatchObject({
      sub: 'usr_1',
      jti: 'ses_1',
      iat: now.getTime() / 1000,
      exp: now.getTime() / 1000 + 600,
    });
    expect(await verifySessionToken(token, secret, new Date(now.getTime() + 599_000))).toEqual({
      ok: true,
      userId: 'usr_1',
      sessionId: 'ses_1',
    });
    expect(await verifySessionToken(token, secret, new Date(now.getTime() + 600_000))).toEqual({
      ok: false,
      reason: 'expired',
    });
  });

  it('calls anything not signed by us, or without sub/exp, invalid', async () => {
    const key = new TextEncoder().encode(secret);
    const iat = now.getTime() / 1000;
    const noExp = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject('usr_1').sign(key);
    const noSub = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(iat + 60)
      .sign(key);
    const hs512 = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS512' })
      .setSubject('usr_1')
      .setExpirationTime(iat + 60)
      .sign(new TextEncoder().encode(secret.repeat(2)));
    const other = await signSessionToken({
      userId: 'usr_1',
      sessionId: 'ses_1',
      secret: `${secret}x`,
      ttlSeconds: 60,
      now,
    });
    for (const token of [noExp, noSub, hs512, other, 'a.b.c', '']) {
      expect(await verifySessionToken(token, secret, now)).toEqual({ ok: false, reason: 'invalid' });
    }
  });

  it('remembers a verified signature per secret only: the same token under another secret is invalid', async () => {
    const token = await signSessionToken({ userId: 'usr_2', sessionId: 'ses_2', secret, ttlSeconds: 60, now });
    expect(await verifySessionToken(token, secret, now)).toEqual({ ok: true, userId: 'usr_2', sessionId: 'ses_2' });
    expect(await verifySessionToken(token, `${secret}-rotated`, now)).toEqual({ ok: false, reason: 'invalid' });
    const tampered = `${token.slice(0, -2)}${token.endsWith('AA') ? 'BB' : 'AA'}`;
    expect(await verifySessionToken(tampered, secret, now)).toEqual({ ok: false, reason: 'invalid' });
  });

  it('reports a token made before tokens named their session (no jti) without a session id', async () => {
    const key = new TextEncoder().encode(secret);
    const iat = now.getTime() / 1000;
    const legacy = await new SignJWT({})
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject('usr_3')
      .setExpirationTime(iat + 60)
      .sign(key);
    expect(await verifySessionToken(legacy, secret, now)).toEqual({ ok: true, userId: 'usr_3', sessionId: undefined });
  });
});
