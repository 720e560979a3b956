// The validation use-case of bulk orders on N rows, in-process (the HTTP call takes at most MAX_BULK_ROWS = 5,000 rows;
// the benchmark asks for 10,000). Run by bench/bulk-throughput.mjs: node --import tsx ../bench/bulk-validate.ts
// [rows] [runs] from edge-api/. Prints one JSON line: { rows, runs, valid, ms: [...], cpuMs: [...] }.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../edge-api/src/entries/node/server';
import { validateBulkOrder } from '../edge-api/src/use-cases/bulk-orders/validate-bulk-order';
import { bulkRow } from './support.mjs';

const rows = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 7);

const dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-bench-validate-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  adminEmail: 'admin@bench.test',
  adminPassword: 'bench-admin-password',
  runJobs: false,
  log: () => {},
});
try {
  // The seeded "API 1" (carrier sandbox), looked up as an admin would.
  const login = await fetch(`${server.url}/api/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  const list = await fetch(`${server.url}/api/admin/config/apis`, { headers: { Authorization: `Bearer ${token}` } });
  const api = ((await list.json()) as { apis: { _id: string; name: string }[] }).apis.find((a) => a.name === 'API 1');
  if (!api) throw new Error('API 1 not seeded');
  const orders = Array.from({ length: rows }, (_, i) => ({
    ...bulkRow(i),
    fromPhone: '+1 212 555 0100',
    toStreet2: i % 3 === 0 ? 'Suite 5' : '',
    // Every 10th row is invalid (a weight over the maximum), the rest spread over the price tiers.
    weight: i % 10 === 9 ? '500' : String(1 + (i % 40)),
  }));
  const ms: number[] = [];
  // CPU time of this process per run: what the validation costs, whatever else the machine is doing.
  const cpuMs: number[] = [];
  let valid = 0;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    const cpu = process.cpuUsage();
    const result = await validateBulkOrder(server.services, {
      userId: 'usr_bench',
      request: { apiId: api._id, carrier: 'UPS', service: 'UPS Ground', template: null, orders },
    });
    ms.push(performance.now() - start);
    const used = process.cpuUsage(cpu);
    cpuMs.push((used.user + used.system) / 1000);
    valid = result.validCount;
  }
  console.log(JSON.stringify({ rows, runs, valid, ms, cpuMs }));
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
