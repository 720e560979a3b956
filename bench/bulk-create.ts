// Placing a bulk order of N rows (POST /api/orders/bulk/process's use-case, createBulkOrder), in-process with the job
// runner off: what it costs in CPU and, above all, the longest time it holds the event loop (every libSQL call is
// synchronous on Node, so a long batch is time no other request is served), measured by a 1 ms ticker while the call
// runs, beside wall and CPU time.
// Run from edge-api/: node --import tsx ../bench/bulk-create.ts [rows=10000] [runs=3]
// Prints one line per run and a JSON summary line.
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../edge-api/src/entries/node/server';
import { createBulkOrder } from '../edge-api/src/use-cases/bulk-orders/create-bulk-order';
import { validateBulkOrder } from '../edge-api/src/use-cases/bulk-orders/validate-bulk-order';
import { bulkRow } from './support.mjs';

const rows = Number(process.argv[2] ?? 10_000);
const runs = Number(process.argv[3] ?? 3);

const dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-bench-create-'));
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  adminEmail: 'admin@bench.test',
  adminPassword: 'bench-admin-password',
  runJobs: false,
  log: () => {},
});
const call = async (path: string, init: RequestInit & { token?: string } = {}) => {
  const res = await fetch(`${server.url}${path}`, {
    ...init,
    headers: {
      'Content-Type': 'application/json',
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return res.json() as Promise<Record<string, unknown>>;
};
try {
  const admin = (await call('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email: 'admin@bench.test', password: 'bench-admin-password' }),
  })) as { token: string };
  const { apis } = (await call('/api/admin/config/apis', { token: admin.token })) as {
    apis: { _id: string; name: string }[];
  };
  const api = apis.find((a) => a.name === 'API 1');
  if (!api) throw new Error('API 1 not seeded');
  const buyer = (await call('/api/auth/register', {
    method: 'POST',
    body: JSON.stringify({ name: 'Bulk Buyer', email: 'bulk@bench.test', password: 'bench-password-1' }),
  })) as { user: { _id: string } };
  const selection = { apiId: api._id, carrier: 'UPS', service: 'UPS Ground', template: null };
  const data = Array.from({ length: rows }, (_, i) => bulkRow(i));
  const validated = await validateBulkOrder(server.services, {
    userId: buyer.user._id,
    request: { ...selection, orders: data },
  });
  const orders = validated.rows.map((r) => ({
    rowIndex: r.rowIndex,
    data: data[r.rowIndex],
    price: r.valid ? r.priceCents / 100 : 0,
  }));
  const totalPrice = validated.totalPriceCents / 100;
  // Every run is paid for (MAX_AMOUNT_USD per admin change).
  for (let funded = 0; funded < totalPrice * runs + 1; funded += 100_000) {
    await call(`/api/admin/users/${buyer.user._id}/balance`, {
      method: 'PATCH',
      token: admin.token,
      body: JSON.stringify({ mode: 'add', amount: 100_000 }),
    });
  }
  const results = [];
  for (let run = 0; run < runs; run++) {
    // A 1 ms ticker: the longest gap between its ticks (and up to the end) is the longest time the loop was held.
    let last = performance.now();
    let longestHold = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      longestHold = Math.max(longestHold, now - last);
      last = now;
    }, 1);
    const cpu = process.cpuUsage();
    const start = performance.now();
    await createBulkOrder(server.services, {
      userId: buyer.user._id,
      request: { ...selection, orders, totalPrice },
    });
    const end = performance.now();
    clearInterval(ticker);
    longestHold = Math.max(longestHold, end - last);
    const used = process.cpuUsage(cpu);
    const result = {
      ms: Math.round(end - start),
      cpuMs: Math.round((used.user + used.system) / 1000),
      longestHoldMs: Math.round(longestHold),
    };
    results.push(result);
    console.log(
      `create ${rows} rows: wall ${result.ms} ms, CPU ${result.cpuMs} ms (${(result.cpuMs / rows).toFixed(3)} ms/row), ` +
        `longest event-loop hold ${result.longestHoldMs} ms; load average ${loadavg()[0]?.toFixed(1)}`,
    );
  }
  console.log(JSON.stringify({ rows, results }));
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
