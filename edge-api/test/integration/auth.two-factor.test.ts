import {
  AuthResponse,
  MfaRequiredResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from '@labeldesk/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, register, startTestServer, type TestServer } from './helpers';

/**
 * Two-factor sign-in over HTTP: setup gives a secret an authenticator app reads (computed here with otpauth, as an app
 * would), enable turns it on and hands out recovery codes, and login then needs a code. The server's clock is moved by
 * hand so time steps are exact: one step of drift is accepted, a code never works twice.
 */
describe('auth: two-factor sign-in (TOTP)', () => {
  let server: TestServer;
  // Mid-step, so "now" and "one step back" are unambiguous.
  const clock = fixedClock(new Date(Math.floor(Date.now() / 30_000) * 30_000 + 10_000));
  let n = 0;
  beforeAll(async () => {
    server = await startTestServer({ clock, trustProxy: 1 });
  });
  afterAll(() => server.stop());

  const from = () => {
    n += 1;
    return { 'X-Forwarded-For': `198.18.0.${n}` };
  };
  const codeAt = (secret: string, offsetSteps = 0) =>
    new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: clock.now().getTime() + offsetSteps * 30_000,
    });

  async function customerWith2fa(name: string) {
    const email = `${name}@example.com`;
    const password = `${name}-pass-phrase-1`;
    const { token } = await register(server, { name, email, password }, from());
    const setup = await call(server, 'POST', '/api/auth/2fa/setup', { token });
    expect(setup.status, setup.text).toBe(200);
    const { secret, otpauthUrl } = TwoFactorSetupResponse.parse(setup.body);
    const enabled = await call(server, 'POST', '/api/auth/2fa/enable', { token, json: { code: codeAt(secret) } });
    expect(enabled.status, enabled.text).toBe(200);
    const { recoveryCodes } = TwoFactorEnableResponse.parse(enabled.body);
    return { email, password, token, secret, otpauthUrl, recoveryCodes };
  }

  async function passwordStep(email: string, password: string) {
    const res = await call(server, 'POST', '/api/auth/login', { json: { email, password }, headers: from() });
    expect(res.status, res.text).toBe(200);
    expect(res.body).not.toHaveProperty('token');
    return MfaRequiredResponse.parse(res.body).mfaToken;
  }

  const verify = (mfaToken: string, code: string) =>
    call(server, 'POST', '/api/auth/2fa/verify', { json: { mfaToken, code }, headers: from() });

  it('sets up from a secret, refuses a wrong first code, then login needs a code from the app', async () => {
    const email = 'tia@example.com';
    const { token } = await register(server, { name: 'tia', email, password: 'tia-pass-phrase-1' }, from());
    expect((await call(server, 'GET', '/api/auth/2fa', { token })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    const setup = TwoFactorSetupResponse.parse((await call(server, 'POST', '/api/auth/2fa/setup', { token })).body);
    expect(setup.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\/LabelDesk:tia%40example\.com\?/);
    expect(new URL(setup.otpauthUrl).searchParams.get('secret')).toBe(setup.secret);
    expect(new URL(setup.otpauthUrl).searchParams.get('issuer')).toBe('LabelDesk');

    const wrong = await call(server, 'POST', '/api/auth/2fa/enable', { token, json: { code: '000000' } });
    expect(wrong.status).toBe(400);
    expect(errorOf(wrong).error.details).toEqual([
      { path: 'code', message: 'That code is not valid. Enter the current code from your authenticator app.' },
    ]);
    // Still off: login gives a session straight away.
    const plain = await call(server, 'POST', '/api/auth/login', { json: { email, password: 'tia-pass-phrase-1' } });
    expect(AuthResponse.safeParse(plain.body).success).toBe(true);

    const enabled = await call(server, 'POST', '/api/auth/2fa/enable', { token, json: { code: codeAt(setup.secret) } });
    expect(enabled.status).toBe(200);
    const { recoveryCodes } = TwoFactorEnableResponse.parse(enabled.body);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const c of recoveryCodes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect((await call(server, 'GET', '/api/auth/2fa', { token })).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 10,
    });
    expect((await call(server, 'POST', '/api/auth/2fa/setup', { token })).status).toBe(409);

    const mfaToken = await passwordStep(email, 'tia-pass-phrase-1');
    const bad = await verify(mfaToken, '123456');
    expect(bad.status).toBe(401);
    expect(errorOf(bad).error.message).toBe('Invalid authentication code');

    clock.advance(30_000);
    const ok = await verify(mfaToken, codeAt(setup.secret));
    expect(ok.status, ok.text).toBe(200);
    const session = AuthResponse.parse(ok.body);
    expect(session.user.email).toBe(email);
    expect((await call(server, 'GET', '/api/auth/verify', { token: session.token })).status).toBe(200);
    // The challenge is spent.
    clock.advance(30_000);
    expect((await verify(mfaToken, codeAt(setup.secret))).status).toBe(401);
  });

  it('refuses a replayed code, accepts one step of drift, and no older code', async () => {
    const u = await customerWith2fa('uma');
    clock.advance(30_000);
    const code = codeAt(u.secret);
    expect((await verify(await passwordStep(u.email, u.password), code)).status).toBe(200);
    // The same code again, within its own 30 seconds: refused.
    const replay = await verify(await passwordStep(u.email, u.password), code);
    expect(replay.status).toBe(401);

    // Two steps later, the previous step's code (a phone a step behind) is accepted...
    clock.advance(60_000);
    expect((await verify(await passwordStep(u.email, u.password), codeAt(u.secret, -1))).status).toBe(200);
    // ...but a code two steps old is not.
    clock.advance(30_000);
    expect((await verify(await passwordStep(u.email, u.password), codeAt(u.secret, -2))).status).toBe(401);
  });

  it('signs in with a recovery code once, and gives up a challenge after five wrong codes', async () => {
    const v = await customerWith2fa('vic');
    const [first] = v.recoveryCodes as [string];
    const res = await verify(await passwordStep(v.email, v.password), first.toUpperCase());
    expect(res.status, res.text).toBe(200);
    expect((await verify(await passwordStep(v.email, v.password), first)).status).toBe(401);
    const token = AuthResponse.parse(res.body).token;
    expect((await call(server, 'GET', '/api/auth/2fa', { token })).body).toEqual({
      enabled: true,
      recoveryCodesLeft: 9,
    });

    const challenge = await passwordStep(v.email, v.password);
    for (let i = 0; i < 5; i += 1) expect((await verify(challenge, `00000${i}`)).status).toBe(401);
    clock.advance(30_000);
    const late = await verify(challenge, codeAt(v.secret));
    expect(late.status).toBe(401);
    expect(errorOf(late).error.message).toBe('Your sign-in has expired. Please log in again.');
  });

  it('turns off with the password (a wrong one changes nothing), and login gives a session again', async () => {
    const w = await customerWith2fa('wes');
    const wrong = await call(server, 'POST', '/api/auth/2fa/disable', { token: w.token, json: { password: 'nope' } });
    expect(wrong.status).toBe(400);
    expect((await call(server, 'GET', '/api/auth/2fa', { token: w.token })).body).toMatchObject({ enabled: true });

    const off = await call(server, 'POST', '/api/auth/2fa/disable', { token: w.token, json: { password: w.password } });
    expect(off.status, off.text).toBe(200);
    const login = await call(server, 'POST', '/api/auth/login', { json: { email: w.email, password: w.password } });
    expect(AuthResponse.parse(login.body).user.email).toBe(w.email);
  });

  it('with two-factor on, a code from the app signs the other sessions out, once: the same code again is refused', async () => {
    const x = await customerWith2fa('xia');
    // Each code below is of a later time step than the one before it (a step's code is used up once accepted).
    clock.advance(30_000);
    const mfaToken = await passwordStep(x.email, x.password);
    const second = AuthResponse.parse((await verify(mfaToken, codeAt(x.secret))).body).token;
    clock.advance(30_000);
    const code = codeAt(x.secret);
    const out = await call(server, 'POST', '/api/auth/sessions/revoke-others', { token: x.token, json: { code } });
    expect(out.status, out.text).toBe(200);
    expect(out.body).toEqual({ message: 'Signed out 1 other session.', revoked: 1 });
    expect((await call(server, 'GET', '/api/auth/verify', { token: second })).status).toBe(401);
    const replayed = await call(server, 'POST', '/api/auth/sessions/revoke-others', { token: x.token, json: { code } });
    expect(replayed.status).toBe(400);
    expect(errorOf(replayed).error.details).toEqual([
      { path: 'code', message: 'That code is not valid. Enter the current code from your authenticator app.' },
    ]);
  });
});
