// Shared by the benchmark scripts: start the embedded default on a free port with a throwaway data dir, and Chromium.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
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

/**
 * The processes a bench started (servers, sandboxes) that have not exited yet. They end with the bench however it ends:
 * a normal end, a thrown error (process 'exit'), or Ctrl-C / SIGTERM / SIGHUP to the bench (a `timeout` around it), so
 * no sandbox or server is left running on the machine. Only SIGKILL of the bench escapes this.
 */
const children = new Set();
function track(child) {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}
function endChildren() {
  for (const child of children) {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  }
}
process.once('exit', endChildren);
for (const [signal, number] of [
  ['SIGINT', 2],
  ['SIGTERM', 15],
  ['SIGHUP', 1],
]) {
  process.once(signal, () => {
    endChildren();
    process.exit(128 + number);
  });
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
  // BENCH_SERVER_NODE_ARGS: extra flags for the server's node (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`), from the
  // bench's environment and from `extraEnv` (the event-loop probe's preload: flags, unlike NODE_OPTIONS, are
  // inherited by the server's worker threads).
  const nodeArgs = [process.env.BENCH_SERVER_NODE_ARGS, extraEnv.BENCH_SERVER_NODE_ARGS]
    .join(' ')
    .split(' ')
    .filter(Boolean);
  const child = track(
    spawn(process.execPath, [...nodeArgs, 'edge-api/scripts/start-embedded.mjs'], {
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
    }),
  );
  // The server's output goes to a file (kept when the server dies unexpectedly, its path printed) and its last 64 KiB
  // stay in memory for the error messages.
  const logPath = join(tmpdir(), `labeldesk-bench-server-${port}.log`);
  const logFile = createWriteStream(logPath);
  let log = '';
  const keep = (d) => {
    logFile.write(d);
    log = (log + d).slice(-65_536);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let stopping = false;
  child.once('exit', (code, signal) => {
    logFile.end();
    if (!stopping) {
      console.error(
        `[bench] the server exited unexpectedly (code ${code}, signal ${signal}); its log: ${logPath}\n${log.slice(-4_000)}`,
      );
    }
  });
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
    logPath,
    /** The last 64 KiB of the server's output. */
    log: () => log,
    /** Stops the server; its log file is removed unless `keepLog` (a failed run: the path is printed). */
    async stop({ keepLog = false } = {}) {
      stopping = child.exitCode === null && child.signalCode === null;
      child.kill('SIGTERM');
      await new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));
      // BENCH_KEEP_DATA=1 leaves it: on a file system without a journal (this machine's ext4), creating a file passes
      // over every inode freed in the last 1-6 minutes, so removing a bulk order's 10,000 label files makes the next
      // run's label writes cost several times as much (perf: a quarter of the job thread's CPU). Remove the folders
      // after the runs you compare.
      if (process.env.BENCH_KEEP_DATA) console.error(`[bench] the server's data: ${dataDir}`);
      else rmSync(dataDir, { recursive: true, force: true });
      if (keepLog || process.env.BENCH_KEEP_LOG) console.error(`[bench] the server's log: ${logPath}`);
      else if (stopping) rmSync(logPath, { force: true });
    },
  };
}

/**
 * The server's event-loop delay, measured inside it: pass `env` to startEmbedded (it preloads event-loop-probe.mjs),
 * then `take(server.pid)` answers what the probe measured since the previous take (or since start) — { samples, meanMs,
 * p50Ms, p95Ms, p99Ms, maxMs }, the delay beyond its 10 ms timer — and starts a new period.
 * With BENCH_CPU_PROF=<dir> in the bench's environment, the probe also writes a V8 CPU profile of each period there.
 */
export function eventLoopProbe() {
  const file = join(tmpdir(), `labeldesk-bench-event-loop-${process.pid}-${Date.now()}`);
  const probe = pathToFileURL(fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url))).href;
  let n = 0;
  return {
    env: {
      BENCH_EVENT_LOOP_FILE: file,
      BENCH_SERVER_NODE_ARGS: `--import ${probe}`,
    },
    async take(pid) {
      n += 1;
      const path = `${file}.${n}`;
      process.kill(pid, 'SIGUSR2');
      const deadline = Date.now() + 60_000;
      for (;;) {
        try {
          const stats = JSON.parse(readFileSync(path, 'utf8'));
          rmSync(path, { force: true });
          return stats;
        } catch (err) {
          if (err.code !== 'ENOENT') throw err;
        }
        if (Date.now() > deadline) throw new Error(`the server's event-loop probe did not answer (${path})`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
  };
}

/** An event-loop figure as the benches print it. */
export const loopDelay = (s) =>
  `mean ${s.meanMs.toFixed(1)} / p99 ${s.p99Ms.toFixed(1)} / max ${s.maxMs.toFixed(0)} ms`;

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

/**
 * CPU time (ms) of a process's threads so far, summed by thread name (Linux /proc; an empty Map elsewhere): the main
 * thread as "main", LabelDesk's own threads by the names they give themselves (ld-jobs, ld-blob-writer, ld-wal-ckpt),
 * and Node's unnamed ones (V8's platform and GC threads, libuv's pool) as "node". A thread that ended in between is
 * missing from the later reading, so compare readings of threads that live through the period.
 */
export function threadCpuMs(pid) {
  const byName = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return byName;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = tid === String(pid) ? 'main' : stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const fields = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      const ms = ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
      byName.set(name, (byName.get(name) ?? 0) + ms);
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return byName;
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
export function requestJson(
  url,
  { method = 'GET', headers = {}, body, safe = method === 'GET' } = {},
  retried = false,
) {
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
    req.on('error', (err) => {
      // A kept-alive socket the server closed as idle just as this request went out: a GET (or a call the caller
      // marks `safe`, one that writes nothing) is sent again on a new one, as browsers do for idempotent requests
      // (the pattern Node's http docs give for reusedSocket).
      if (safe && req.reusedSocket && err.code === 'ECONNRESET' && !retried) {
        resolve(requestJson(url, { method, headers, body, safe }, true));
        return;
      }
      // Which call failed, and when (a reset or a refused connection says little without them).
      reject(new Error(`${method} ${url} at ${new Date().toISOString()}: ${err.message}`, { cause: err }));
    });
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
  const child = track(
    spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: fileURLToPath(new URL('../packages/sandbox-carrier/', import.meta.url)),
      env: {
        ...process.env,
        PORT: String(port),
        LATENCY_MS: String(latencyMs),
        RATE_LIMIT: '0',
        API_KEY_ALPHA: apiKey,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  );
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
  return {
    baseUrl,
    apiKey,
    pid: child.pid,
    /** Stops the sandbox and resolves once its process has exited. */
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
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

/** The nearest-rank percentile `p` (0–100) of samples sorted ascending (undefined when there are none). */
export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The single-purchase benches' parcel: a 2 lbs UPS box New York → San Francisco (sender, recipient, package). */
export const BENCH_PARCEL = {
  from: {
    name: 'Bench Shipper',
    street1: '1 Main St',
    city: 'New York',
    state: 'NY',
    zip: '10001',
    country: 'US',
    phone: '212-555-0100',
  },
  to: {
    name: 'Bench Recipient',
    street1: '500 Howard St',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    country: 'US',
    phone: '415-555-0100',
  },
  pkg: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: 'Bench parcel' },
};

export const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
