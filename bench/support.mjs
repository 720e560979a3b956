// Shared by the benchmark scripts: start the embedded default on a free port with a throwaway data dir, and Chromium.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchChromium() {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/** Starts `pnpm start`'s entry (front-ends built if stale). Returns { url, stop }. */
export async function startEmbedded(extraEnv = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'labeldesk-bench-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['edge-api/scripts/start-embedded.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_EMAIL: 'admin@bench.test',
      ADMIN_PASSWORD: 'bench-admin-password',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 240_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${log}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${log}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    url,
    pid: child.pid,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null ? r() : child.once('exit', r)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc (Linux); undefined elsewhere. Benchmarks report
 * CPU per operation with it, which shows what a latency figure alone cannot: whose work fills the machine.
 */
export function cpuMs(pid = process.pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // Fields 14 and 15 of stat (utime, stime), in clock ticks (100 per second on Linux).
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The machine's CPU time so far (jiffies, all CPUs): { busy, total, cpus }, from /proc/stat (Linux); else undefined. */
export function machineCpu() {
  try {
    const lines = readFileSync('/proc/stat', 'utf8').split('\n');
    const fields = lines[0].trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the idle time.
    const total = fields.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = fields[3] + fields[4];
    return { busy: total - idle, total, cpus: lines.filter((l) => /^cpu\d/.test(l)).length };
  } catch {
    return undefined;
  }
}

const keepAlive = new http.Agent({ keepAlive: true });

/**
 * A lean JSON HTTP client for load generators: node:http over keep-alive sockets. It costs the buyers' process about
 * a third of the CPU that `fetch` does per call, and on a small machine the load generator shares the cores with
 * the system it measures. Resolves { status, headers, body } (body: parsed JSON, or undefined).
 */
export function requestJson(url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, agent: keepAlive, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        let parsed;
        try {
          parsed = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          parsed = undefined;
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: parsed });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Starts the sandbox carrier in a process of its own with a fixed latency and no rate limit. Returns
 * { baseUrl, apiKey, pid, stop } (baseUrl: its "alpha" catalogue, as an admin would register it).
 */
export async function startSandbox(latencyMs) {
  const port = await freePort();
  const apiKey = `sk_bench_${Date.now()}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: fileURLToPath(new URL('../packages/sandbox-carrier/', import.meta.url)),
    env: { ...process.env, PORT: String(port), LATENCY_MS: String(latencyMs), RATE_LIMIT: '0', API_KEY_ALPHA: apiKey },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stderr.on('data', (d) => (out += d));
  const baseUrl = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`sandbox did not start:\n${out}`)), 30_000);
    child.stdout.on('data', (d) => {
      out += d;
      const match = /base URL (\S+\/alpha\S*)\s+X-Api-Key/.exec(out);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    child.once('exit', (code) => reject(new Error(`sandbox exited with ${code}:\n${out}`)));
  });
  return { baseUrl, apiKey, pid: child.pid, stop: () => child.kill('SIGTERM') };
}

/** requestJson that throws on a non-2xx answer (with the start of its body) and resolves the parsed body. */
export async function okJson(url, init = {}) {
  const res = await requestJson(url, init);
  if (res.status < 200 || res.status > 299) {
    throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 500)}`);
  }
  return res.body;
}

/** One bulk-order row of the benches (a valid UPS parcel New York → San Francisco); `i` varies names and weights. */
export const bulkRow = (i) => ({
  fromName: 'Bench Shipper',
  fromCompany: 'Acme',
  fromStreet1: '1 Main St',
  fromStreet2: '',
  fromCity: 'New York',
  fromState: 'NY',
  fromZip: '10001',
  fromPhone: '212-555-0100',
  toName: `Recipient ${i}`,
  toCompany: '',
  toStreet1: `${i} Market St`,
  toStreet2: '',
  toCity: 'San Francisco',
  toState: 'CA',
  toZip: '94105',
  toPhone: '415-555-0100',
  weight: String(1 + (i % 20)),
  length: '10',
  width: '8',
  height: '4',
  description: 'Bench parcel',
  orderNumber: `113-${i}`,
  sku: `SKU-${i % 50}`,
  productName: 'Thing',
});

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
