import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const EDGE_API = fileURLToPath(new URL('../../', import.meta.url));

interface Started {
  child: ChildProcess;
  output: () => string;
  url: string;
}

/** Runs `tsx src/entries/node/main.ts` like `pnpm start:node` does, and waits for it to listen. */
async function startMain(env: Record<string, string>): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/entries/node/main.ts'], {
    cwd: EDGE_API,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += String(d);
  });
  child.stderr?.on('data', (d) => {
    out += String(d);
  });
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not listening after 20 s:\n${out}`)), 20_000);
    const check = () => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout?.on('data', check);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}:\n${out}`));
    });
  });
  return { child, output: () => out, url };
}

function exitOf(child: ChildProcess): Promise<number | null> {
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

describe('node entry (main.ts)', () => {
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
      const child = spawn(process.execPath, ['--import', 'tsx', 'src/entries/node/main.ts'], {
        cwd: EDGE_API,
        env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, CARRIER_SANDBOX: 'off' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
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
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/entries/node/main.ts'], {
      cwd: EDGE_API,
      env: { ...process.env, PORT: 'not-a-port', DATA_DIR: dataDir, JWT_SECRET: 'short' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stderr?.on('data', (d) => {
      out += String(d);
    });
    expect(await exitOf(child)).toBe(1);
    expect(out).toContain('PORT');
    expect(out).toContain('JWT_SECRET: JWT_SECRET needs at least 32 characters');
  });
});
