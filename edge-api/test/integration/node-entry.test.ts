import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, spawnMain, startMain } from './node-process-support';

// Each test starts main.ts in a process of its own (tsx compiles the server first): beside the 10,000-row file on a busy
// 2-core machine that took over the 30 s default once (issue 20).
describe('node entry (main.ts)', { timeout: 120_000 }, () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-main-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('seeds admin@labeldesk.local with a random password printed once, and shuts down cleanly on SIGTERM', async () => {
    const env = {
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      ADMIN_EMAIL: '',
      ADMIN_PASSWORD: '',
      JWT_SECRET: '',
    };
    const first = await startMain(env);
    const password = /Generated admin password \(shown only this once\): (\S+)/.exec(first.output())?.[1];
    expect(first.output()).toContain('Created the first admin account: admin@labeldesk.local');
    expect(password).toBeTruthy();

    const login = await fetch(`${first.url}/api/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: 'admin@labeldesk.local', password }),
    });
    expect(login.status).toBe(200);
    const { token } = (await login.json()) as { token: string };

    const exited = exitOf(first.child);
    first.child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received, shutting down');

    // Second start on the same data: no new admin, no password printed, the old token still valid.
    const second = await startMain(env);
    try {
      expect(second.output()).not.toContain('Generated admin password');
      const verify = await fetch(`${second.url}/api/auth/verify-admin`, {
        headers: { Authorization: `Bearer ${token}` },
      });
      expect(verify.status).toBe(200);
    } finally {
      const done = exitOf(second.child);
      second.child.kill('SIGINT');
      expect(await done).toBe(0);
    }
  });

  it('says so when its port is taken, and exits', async () => {
    const taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, resolve));
    const { port } = taken.address() as AddressInfo;
    try {
      const child = spawnMain({ PORT: String(port), DATA_DIR: dataDir, CARRIER_SANDBOX: 'off' });
      let out = '';
      child.stderr?.on('data', (d) => {
        out += String(d);
      });
      expect(await exitOf(child)).toBe(1);
      expect(out).toContain(
        `Port ${port} is already in use (another LabelDesk?): stop it, or set PORT to a free port.`,
      );
    } finally {
      taken.close();
    }
  });

  it('refuses to start with an invalid configuration and names the variable', async () => {
    const child = spawnMain({ PORT: 'not-a-port', DATA_DIR: dataDir, JWT_SECRET: 'short' });
    let out = '';
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    expect(await exitOf(child)).toBe(1);
    expect(out).toContain('PORT');
    expect(out).toContain('JWT_SECRET: JWT_SECRET needs at least 32 characters');
  });
});
