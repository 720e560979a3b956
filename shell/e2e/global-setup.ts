import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module of the repo's scripts, without types
import { buildWeb } from '../../edge-api/scripts/build-web.mjs';

/**
 * Starts the embedded default exactly as `pnpm start` does (front-ends built if stale, API, job runner, static files on
 * one port) with a fresh data directory and a known admin, and hands its URL to the e2e tests.
 */
const REPO_ROOT = new URL('../../', import.meta.url).pathname;
export const E2E_ADMIN = { email: 'admin@e2e.labeldesk.test', password: 'e2e-admin-password-1' };
/** Opens the carrier sandbox's /_sandbox controls (its clock moves tracking along). */
export const E2E_CARRIER_CONTROL_KEY = 'e2e-carrier-sandbox-control-key';
/** Opens the marketplace sandbox's /_sandbox controls (what it recorded as confirmed). */
export const E2E_MARKETPLACE_CONTROL_KEY = 'e2e-marketplace-sandbox-control-key';

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

async function waitForHealth(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 240_000; // includes a cold front-end build on a 2-core machine
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The embedded default exited early (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The embedded default did not become healthy:\n${output()}`);
}

interface Lane {
  baseUrl: string;
  dataDir: string;
  stop: () => Promise<void>;
}

/** One embedded default on a free port with a data directory of its own (the front-ends are already built). */
async function startLane(): Promise<Lane> {
  const dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-e2e-'));
  const port = await freePort();
  let log = '';
  const child = spawn(process.execPath, ['edge-api/scripts/start-embedded.mjs'], {
    cwd: REPO_ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: E2E_ADMIN.email,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // The suite acts as a proxy that gives every browser context its own client address (X-Forwarded-For), so the
      // per-IP throttling of login and register sees many clients, as in production, rather than one busy localhost.
      TRUST_PROXY: '1',
      // Where the payment processor sends the customer back and posts its webhooks: this very server.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      CARRIER_SANDBOX_CONTROL_KEY: E2E_CARRIER_CONTROL_KEY,
      MARKETPLACE_SANDBOX_CONTROL_KEY: E2E_MARKETPLACE_CONTROL_KEY,
      // Webhook endpoints on loopback: the Webhooks tab's test sends its events to a receiver in the test process.
      ALLOW_PRIVATE_WEBHOOK_URLS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => {
    log += d;
  });
  child.stderr?.on('data', (d) => {
    log += d;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    child.kill('SIGTERM');
    await new Promise((r) => {
      if (child.exitCode !== null) r(null);
      else child.once('exit', r);
    });
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseUrl, child, () => log);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, dataDir, stop };
}

/**
 * One server per e2e worker ("lane", the project's maxWorkers): files run two at a time, each against the server of its
 * own worker (VITEST_POOL_ID), so a file never shares its server with a file running at the same time and app-wide
 * changes (settings, margins, provider APIs) stay within one file, as when every file ran in turn against one server.
 * The front-ends are built once, before the servers start.
 */
export default async function setup(project: TestProject) {
  await buildWeb();
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  const started = await Promise.allSettled(Array.from({ length: count }, () => startLane()));
  const lanes = started.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
  const stopAll = () => Promise.all(lanes.map((lane) => lane.stop()));
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await stopAll();
    throw failed.reason;
  }
  project.provide(
    'lanes',
    lanes.map(({ baseUrl, dataDir }) => ({ baseUrl, dataDir })),
  );
  project.provide('admin', E2E_ADMIN);
  project.provide('carrierControlKey', E2E_CARRIER_CONTROL_KEY);
  project.provide('marketplaceControlKey', E2E_MARKETPLACE_CONTROL_KEY);

  return async () => {
    await stopAll();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Each worker's embedded default, by VITEST_POOL_ID - 1: its URL and its DATA_DIR (tests read the carrier
     * sandbox's generated API keys from it).
     */
    lanes: Array<{ baseUrl: string; dataDir: string }>;
    admin: { email: string; password: string };
    /** X-Sandbox-Key of the carrier sandbox's controls under /sandbox/carrier/_sandbox. */
    carrierControlKey: string;
    /** X-Sandbox-Key of the marketplace sandbox's controls under /sandbox/marketplace/_sandbox. */
    marketplaceControlKey: string;
  }
}
