import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/**
 * `node edge-api/scripts/dev-worker.mjs` (what the README tells an operator to run) on free ports with a fresh state
 * directory, for a workers-http test file: the three sandboxes on loopback, the D1 migrations, `wrangler dev` (offline,
 * workerd with local D1, Queues, R2 and the Durable Object), the first admin and "API 1"/"API 2" seeded.
 */
const SCRIPT = fileURLToPath(new URL('../../scripts/dev-worker.mjs', import.meta.url));
export const ADMIN = { email: 'operator@example.com', password: 'operator-journey-password-1' };
export const CARRIER_CONTROL_KEY = 'journey-carrier-control-key';
export const MARKETPLACE_CONTROL_KEY = 'journey-marketplace-control-key';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

export interface Reply {
  status: number;
  body: unknown;
  text: string;
  headers: Headers;
}

export interface DevWorker {
  worker: string;
  carrier: string;
  btcpay: string;
  marketplace: string;
  stateDir: string;
  output: string[];
  call(
    method: string,
    path: string,
    opts?: { token?: string; json?: unknown; headers?: Record<string, string> },
  ): Promise<Reply>;
  waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs?: number): Promise<T>;
  secrets(): Promise<{ ADMIN_BOOTSTRAP_TOKEN: string; BTCPAY_API_KEY: string }>;
  stop(): Promise<void>;
}

const Secrets = z.object({ ADMIN_BOOTSTRAP_TOKEN: z.string(), BTCPAY_API_KEY: z.string() });

export async function startDevWorker(): Promise<DevWorker> {
  const stateDir = await mkdtemp(join(tmpdir(), 'labeldesk-dev-worker-'));
  const [port, carrierPort, btcpayPort, marketplacePort] = [
    await freePort(),
    await freePort(),
    await freePort(),
    await freePort(),
  ];
  const worker = `http://127.0.0.1:${port}`;
  const output: string[] = [];
  const child: ChildProcess = spawn(
    process.execPath,
    [
      SCRIPT,
      '--port',
      String(port),
      '--carrier-port',
      String(carrierPort),
      '--btcpay-port',
      String(btcpayPort),
      '--marketplace-port',
      String(marketplacePort),
      '--state-dir',
      stateDir,
    ],
    {
      env: {
        ...process.env,
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
        CARRIER_SANDBOX_CONTROL_KEY: CARRIER_CONTROL_KEY,
        MARKETPLACE_SANDBOX_CONTROL_KEY: MARKETPLACE_CONTROL_KEY,
      },
      stdio: 'pipe',
    },
  );
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));

  async function waitFor<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 45_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await probe();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}\n${output.slice(-30).join('')}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  async function call(
    method: string,
    path: string,
    opts: { token?: string; json?: unknown; headers?: Record<string, string> } = {},
  ): Promise<Reply> {
    const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
    if (opts.json !== undefined) headers['content-type'] = 'application/json';
    if (opts.token) headers.authorization = `Bearer ${opts.token}`;
    const res = await fetch(`${worker}${path}`, {
      method,
      headers,
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    });
    const text = await res.text();
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      body = undefined;
    }
    return { status: res.status, body, text, headers: res.headers };
  }

  async function stop() {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    await rm(stateDir, { recursive: true, force: true });
  }

  try {
    await waitFor(
      'dev-worker to be ready',
      async () => {
        if (child.exitCode !== null) throw new Error(`dev-worker exited with ${child.exitCode}\n${output.join('')}`);
        return output.join('').includes('[dev-worker] ready') ? true : undefined;
      },
      150_000,
    );
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    worker,
    carrier: `http://127.0.0.1:${carrierPort}`,
    btcpay: `http://127.0.0.1:${btcpayPort}`,
    marketplace: `http://127.0.0.1:${marketplacePort}`,
    stateDir,
    output,
    call,
    waitFor,
    secrets: async () => Secrets.parse(JSON.parse(await readFile(join(stateDir, 'secrets.json'), 'utf8'))),
    stop,
  };
}
