import { AppSettings, TwoFactorSetupResponse } from '@labeldesk/contracts';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { ADMIN_PASSWORD, call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';

const REQUIRED =
  'Two-factor sign-in is required for admin accounts. Turn it on in Settings › Security to use the admin screens.';
const OWN_FIRST =
  'Turn on two-factor sign-in for your own account first (Settings › Security): otherwise this setting would lock you out of the admin screens.';

/**
 * "Require two-factor for admins" (issue 23) over HTTP: the admin cannot switch it on without 2FA of their own; once on,
 * an admin without 2FA gets 403 `two_factor_required` from the admin routes (and from verify-admin, which the shell's
 * guard asks) but can still reach the 2FA setup and their own account; with 2FA on again, the admin routes answer.
 */
describe('auth: require two-factor for admins', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;
  // Mid-step, and moved a step forward before each code, so no code is refused as a replay.
  const clock = fixedClock(new Date(Math.floor(Date.now() / 30_000) * 30_000 + 10_000));
  const nextCode = (secret: string) => {
    clock.advance(30_000);
    return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
      timestamp: clock.now().getTime(),
    });
  };
  const links = { discordInviteLink: 'https://discord.gg/ld', telegramInviteLink: '' };

  beforeAll(async () => {
    server = await startTestServer({ clock });
    admin = (await loginAdmin(server)).token;
    customer = (await register(server, { name: 'C', email: 'c2fa@example.com', password: 'pw-12345678' })).token;
  });
  afterAll(() => server.stop());

  async function enableTwoFactor(token: string): Promise<string> {
    const setup = TwoFactorSetupResponse.parse((await call(server, 'POST', '/api/auth/2fa/setup', { token })).body);
    const on = await call(server, 'POST', '/api/auth/2fa/enable', { token, json: { code: nextCode(setup.secret) } });
    expect(on.status, on.text).toBe(200);
    return setup.secret;
  }

  it('refuses to switch it on while the admin has no 2FA, and changes nothing', async () => {
    const put = await call(server, 'PUT', '/api/settings/app-settings', {
      token: admin,
      json: { ...links, requireAdminTwoFactor: true },
    });
    expect(put.status).toBe(400);
    expect(errorOf(put).error).toEqual({
      code: 'invalid_input',
      message: OWN_FIRST,
      details: [{ path: 'requireAdminTwoFactor', message: OWN_FIRST }],
    });
    const get = await call(server, 'GET', '/api/settings/app-settings', { token: admin });
    expect(AppSettings.parse(get.body)).toEqual({
      discordInviteLink: '',
      telegramInviteLink: '',
      requireAdminTwoFactor: false,
    });
    // Off: an admin without 2FA reaches the admin routes.
    expect((await call(server, 'GET', '/api/admin/users', { token: admin })).status).toBe(200);
  });

  it('is switched on by an admin with 2FA; the SPEC body without the flag keeps it; customers never see it', async () => {
    await enableTwoFactor(admin);
    const put = await call(server, 'PUT', '/api/settings/app-settings', {
      token: admin,
      json: { ...links, requireAdminTwoFactor: true },
    });
    expect(put.status, put.text).toBe(200);
    expect(put.body).toMatchObject({ requireAdminTwoFactor: true, message: 'Settings updated successfully' });
    const again = await call(server, 'PUT', '/api/settings/app-settings', { token: admin, json: links });
    expect(again.status, again.text).toBe(200);
    expect(again.body).toMatchObject({ requireAdminTwoFactor: true });
    expect((await call(server, 'GET', '/api/admin/users', { token: admin })).status).toBe(200);
    expect((await call(server, 'GET', '/api/auth/verify-admin', { token: admin })).status).toBe(200);
    const pub = await call(server, 'GET', '/api/settings/public-settings');
    expect(pub.body).not.toHaveProperty('requireAdminTwoFactor');
    // A customer is unaffected: their routes answer, admin routes stay a plain 403.
    expect((await call(server, 'GET', '/api/balance', { token: customer })).status).toBe(200);
    const denied = await call(server, 'GET', '/api/admin/users', { token: customer });
    expect(errorOf(denied).error.code).toBe('forbidden');
  });

  it('answers 403 two_factor_required to an admin without 2FA, except the setup; 200 again once 2FA is on', async () => {
    const off = await call(server, 'POST', '/api/auth/2fa/disable', {
      token: admin,
      json: { password: ADMIN_PASSWORD },
    });
    expect(off.status, off.text).toBe(200);

    for (const [method, path] of [
      ['GET', '/api/admin/users'],
      ['GET', '/api/settings/app-settings'],
      ['GET', '/api/auth/verify-admin'],
      ['GET', '/api/admin/orders'],
    ] as const) {
      const res = await call(server, method, path, { token: admin });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res).error, `${method} ${path}`).toEqual({
        code: 'two_factor_required',
        message: REQUIRED,
        details: [],
      });
    }
    // Nor can the requirement be switched off by the admin it blocks.
    const put = await call(server, 'PUT', '/api/settings/app-settings', {
      token: admin,
      json: { ...links, requireAdminTwoFactor: false },
    });
    expect(errorOf(put).error.code).toBe('two_factor_required');

    // What the admin needs to set 2FA up stays open: who am I, the 2FA status/setup/enable, their own account.
    const verify = await call(server, 'GET', '/api/auth/verify', { token: admin });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ user: { isAdmin: true } });
    expect((await call(server, 'GET', '/api/auth/2fa', { token: admin })).body).toEqual({
      enabled: false,
      recoveryCodesLeft: 0,
    });
    expect((await call(server, 'GET', '/api/auth/sessions', { token: admin })).status).toBe(200);
    await enableTwoFactor(admin);

    expect((await call(server, 'GET', '/api/admin/users', { token: admin })).status).toBe(200);
    const verified = await call(server, 'GET', '/api/auth/verify-admin', { token: admin });
    expect(verified.status).toBe(200);
    expect(verified.body).toMatchObject({ message: 'Admin access verified' });
  });
});
