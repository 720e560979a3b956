import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { describe, expect, it } from 'vitest';
import { workerConfigIssues } from './vars';

/**
 * A Worker deployed with the secrets of `.dev.vars.example` must not start: those values are published in this
 * repository (anyone could sign sessions or unseal provider keys with them) yet long enough to pass a length check.
 */
const example = parseEnv(readFileSync(new URL('../../../.dev.vars.example', import.meta.url), 'utf8'));
const vars = { SUPPORT_EMAIL: 'support@labeldesk.example', PUBLIC_URL: 'https://labeldesk.example' };
const issues = (env: Record<string, string>) => workerConfigIssues(env as unknown as Env);
const random = (n: number) => `${'k7Qx9'.repeat(10)}${n}`;

describe('Worker settings: the example secrets are refused', () => {
  it('every secret .dev.vars.example sets fails validation, naming it and not its value', () => {
    const set = Object.keys(example);
    expect(set).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'PROVIDER_KEY_SECRET', 'API_KEY_SECRET', 'ADMIN_BOOTSTRAP_TOKEN']),
    );
    const found = issues({ ...vars, ...example });
    expect(found.map((i) => i.name).sort()).toEqual([...set].sort());
    for (const issue of found) {
      expect(issue.message).toBe(
        `${issue.name} is the example's placeholder; set a random value (e.g. openssl rand -base64 48)`,
      );
      expect(issue.message).not.toContain(example[issue.name]);
    }
  });

  it('random values of the same length start the Worker', () => {
    const real = Object.fromEntries(Object.keys(example).map((name, i) => [name, random(i)]));
    expect(issues({ ...vars, ...real })).toEqual([]);
  });

  it('a placeholder in any spelling is refused, also for the optional secrets', () => {
    const real = Object.fromEntries(Object.keys(example).map((name, i) => [name, random(i)]));
    const found = issues({
      ...vars,
      ...real,
      JWT_SECRET: 'CHANGE_ME_please_0123456789abcdef0123456789',
      BTCPAY_URL: 'https://btcpay.example.com',
      BTCPAY_STORE_ID: 'store',
      BTCPAY_API_KEY: 'replace-me',
      BTCPAY_WEBHOOK_SECRET: 'placeholder-webhook-secret',
    });
    expect(found.map((i) => i.name)).toEqual(['JWT_SECRET', 'BTCPAY_API_KEY', 'BTCPAY_WEBHOOK_SECRET']);
  });
});
