import { env } from 'cloudflare:workers';
import type {
  AuthResponse,
  MfaRequiredResponse,
  TwoFactorEnableResponse,
  TwoFactorSetupResponse,
} from '@labeldesk/contracts';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { call, freshIp, json, register } from './support/http';

/**
 * Two-factor sign-in inside workerd: otpauth's HMAC, the SecretBox (WebCrypto AES-GCM) sealing the secret in D1, the
 * compare-and-set on the last used step, and the login's second step.
 */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

describe('two-factor sign-in on Workers', () => {
  it('enables with a code from the secret, then login needs a code (a recovery code works once)', async () => {
    const email = 'tess@example.com';
    const password = 'tess-pass-phrase-1';
    const { token } = await register('Tess', email, password);
    const setup = await json<TwoFactorSetupResponse>(await call('/api/auth/2fa/setup', { method: 'POST', token }));
    expect(setup.otpauthUrl).toContain(`secret=${setup.secret}`);

    // Enabled with the previous step's code (one step of drift), so the current one is still unused for login.
    const enabled = await call('/api/auth/2fa/enable', { body: { code: codeFor(setup.secret, -1) }, token });
    expect(enabled.status, await enabled.clone().text()).toBe(200);
    const { recoveryCodes } = await json<TwoFactorEnableResponse>(enabled);
    expect(recoveryCodes).toHaveLength(10);

    const row = await env.DB.prepare('SELECT secret_sealed FROM user_two_factor').first<{ secret_sealed: string }>();
    expect(row?.secret_sealed).toMatch(/^v1\./);
    expect(row?.secret_sealed).not.toContain(setup.secret);

    const step = async () => {
      const res = await call('/api/auth/login', { body: { email, password }, ip: freshIp() });
      expect(res.status).toBe(200);
      const body = await json<MfaRequiredResponse>(res);
      expect(body.mfaRequired).toBe(true);
      return body.mfaToken;
    };
    const verified = await call('/api/auth/2fa/verify', {
      body: { mfaToken: await step(), code: codeFor(setup.secret) },
      ip: freshIp(),
    });
    expect(verified.status, await verified.clone().text()).toBe(200);
    expect((await json<AuthResponse>(verified)).user.email).toBe(email);

    const recovery = recoveryCodes[0] ?? '';
    const first = await call('/api/auth/2fa/verify', {
      body: { mfaToken: await step(), code: recovery },
      ip: freshIp(),
    });
    expect(first.status).toBe(200);
    const again = await call('/api/auth/2fa/verify', {
      body: { mfaToken: await step(), code: recovery },
      ip: freshIp(),
    });
    expect(again.status).toBe(401);
  });
});
