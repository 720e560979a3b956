// CPU per purchase of each provider adapter (issue 21): the EasyPost adapter (create a shipment with its rates, buy the
// matching rate, download the postage label) and the Shippo adapter (shipment with rates, a synchronous transaction,
// the label file), against the generic adapter (one POST /v1/labels, then its PDF).
//
// The sandboxes run in a child process (this script with --serve), so this process does only the adapter's own work:
// building requests, the HTTP client, parsing and validating answers, the label download. CPU = this process's
// user + system time over N purchases, one after another, after a warm-up; the sandbox process's CPU per purchase is
// printed beside it (Linux /proc) and wall p50 for scale. Not a test: figures depend on the machine (and how busy it
// is: CPU time is steadier than wall time under load, but a loaded machine still inflates it through cache misses).
//
// Run (from the repository root): node --import tsx bench/adapter-cpu.ts [purchases=300]

import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { easypostLabelProvider } from '../edge-api/src/adapters/label-provider/easypost-label-provider';
import { httpLabelProvider } from '../edge-api/src/adapters/label-provider/http-label-provider';
import { shippoLabelProvider } from '../edge-api/src/adapters/label-provider/shippo-label-provider';
import { nodeHttpFetch } from '../edge-api/src/adapters/node/node-http-fetch';
import type { CreateLabelInput, LabelProvider } from '../edge-api/src/ports/label-provider';
import {
  createCarrierSandbox,
  createEasypostSandbox,
  createShippoSandbox,
} from '../packages/sandbox-carrier/src/index';
import { cpuMs } from './support.mjs';

// The HTTP server the sandboxes' own package uses (the repository root does not depend on it).
const { serve } = createRequire(new URL('../packages/sandbox-carrier/package.json', import.meta.url))(
  '@hono/node-server',
) as typeof import('@hono/node-server');

interface Served {
  generic: { baseUrl: string; apiKey: string };
  easypost: { baseUrl: string; apiKey: string };
  shippo: { baseUrl: string; apiKey: string };
}

/** A kind sandbox app (mounted under its base path) on a port of its own. */
async function listen(app: { fetch(request: Request): Response | Promise<Response> }): Promise<string> {
  return new Promise((resolve) => {
    const server = serve({ fetch: (request) => app.fetch(request), port: 0, hostname: '127.0.0.1' }, () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    );
  });
}

/** The child: every sandbox, no rate limit, no latency; prints where they are as one JSON line. */
async function serveSandboxes(): Promise<void> {
  const carrier = await createCarrierSandbox({ rateLimit: false });
  const alpha = carrier.catalogues.alpha;
  if (!alpha) throw new Error('no alpha catalogue');
  const easypost = createEasypostSandbox({ basePath: '/sandbox/easypost' });
  const shippo = createShippoSandbox({ basePath: '/sandbox/shippo' });
  const served: Served = {
    generic: { baseUrl: alpha.baseUrl, apiKey: alpha.apiKey },
    easypost: { baseUrl: `${await listen(easypost)}/sandbox/easypost`, apiKey: 'EZTKbenchmark0123456789' },
    shippo: { baseUrl: `${await listen(shippo)}/sandbox/shippo`, apiKey: 'shippo_test_benchmark0123456789' },
  };
  console.log(JSON.stringify(served));
}

async function startChild(): Promise<{ served: Served; pid: number; stop: () => void }> {
  const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--serve'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const served = await new Promise<Served>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('the sandboxes did not start')), 60_000);
    child.stdout?.on('data', (d) => {
      out += d;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) {
        clearTimeout(timer);
        resolve(JSON.parse(line) as Served);
      }
    });
    child.once('exit', (code) => reject(new Error(`the sandboxes exited (${code})`)));
  });
  return { served, pid: child.pid ?? 0, stop: () => child.kill('SIGTERM') };
}

const party = (name: string, city: string, state: string, zip: string) => ({
  name,
  street1: '1 Main St',
  city,
  state,
  zip,
  country: 'US',
  phone: '212-555-0100',
});
const LABEL: CreateLabelInput = {
  serviceCode: 'ups_ground',
  from: party('Bench Shipper', 'New York', 'NY', '10001'),
  to: party('Bench Recipient', 'San Francisco', 'CA', '94105'),
  package: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
};

async function measure(name: string, provider: LabelProvider, purchases: number, sandboxPid: number) {
  let n = 0;
  const buy = async () => {
    n += 1;
    const id = `bench-${name}-${process.pid}-${n}`;
    const label = await provider.createLabel({ ...LABEL, reference: id, idempotencyKey: id });
    if (label.pdf.byteLength < 100) throw new Error(`${name}: no label PDF`);
  };
  for (let i = 0; i < 30; i++) await buy();
  const walls: number[] = [];
  const sandboxBefore = cpuMs(sandboxPid);
  const before = process.cpuUsage();
  for (let i = 0; i < purchases; i++) {
    const t0 = performance.now();
    await buy();
    walls.push(performance.now() - t0);
  }
  const used = process.cpuUsage(before);
  const sandboxAfter = cpuMs(sandboxPid);
  walls.sort((a, b) => a - b);
  return {
    name,
    cpuMs: (used.user + used.system) / 1000 / purchases,
    sandboxCpuMs:
      sandboxBefore === undefined || sandboxAfter === undefined
        ? undefined
        : (sandboxAfter - sandboxBefore) / purchases,
    wallP50: walls[Math.floor(walls.length / 2)] ?? Number.NaN,
  };
}

async function main() {
  const purchases = Number(process.argv[2] ?? 300);
  const { served, pid, stop } = await startChild();
  try {
    const options = { timeoutMs: 10_000, fetch: nodeHttpFetch };
    const adapters: [string, LabelProvider][] = [
      ['generic', httpLabelProvider({ ...options, ...served.generic })],
      ['easypost', easypostLabelProvider({ ...options, ...served.easypost, checkFileUrl: async () => {} })],
      ['shippo', shippoLabelProvider({ ...options, ...served.shippo, checkFileUrl: async () => {} })],
    ];
    console.log(`${purchases} purchases per adapter, one after another; ${loadAvg()}\n`);
    // Two rounds, alternating the order, so a change in the machine's load hits every adapter alike.
    const results = new Map<string, { cpu: number[]; sandbox: number[]; wall: number[] }>();
    for (const round of [0, 1]) {
      const order = round === 0 ? adapters : [...adapters].reverse();
      for (const [name, provider] of order) {
        const r = await measure(name, provider, Math.ceil(purchases / 2), pid);
        const slot = results.get(name) ?? { cpu: [], sandbox: [], wall: [] };
        slot.cpu.push(r.cpuMs);
        if (r.sandboxCpuMs !== undefined) slot.sandbox.push(r.sandboxCpuMs);
        slot.wall.push(r.wallP50);
        results.set(name, slot);
      }
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const generic = mean(results.get('generic')?.cpu ?? [Number.NaN]);
    for (const [name, r] of results) {
      const cpu = mean(r.cpu);
      console.log(
        `${name.padEnd(9)} adapter CPU ${cpu.toFixed(2)} ms/purchase (${(cpu / generic).toFixed(2)} x generic; rounds ` +
          `${r.cpu.map((c) => c.toFixed(2)).join(', ')}), sandbox CPU ${r.sandbox.length ? mean(r.sandbox).toFixed(2) : '?'} ` +
          `ms/purchase, wall p50 ${mean(r.wall).toFixed(1)} ms`,
      );
    }
    console.log(`\n${loadAvg()}`);
  } finally {
    stop();
  }
}

function loadAvg() {
  return `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
}

if (process.argv.includes('--serve')) await serveSandboxes();
else await main();
