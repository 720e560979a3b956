// Webhook delivery isolation (issue 22): 1,000 events to 3 endpoints of one account — one healthy (answers 200 at
// once), one always answering 500, one taking 2 s per delivery. Target: p99 from event to delivery at the healthy
// endpoint <= 1 s, unaffected by the other two.
//
// The embedded default (ALLOW_PRIVATE_WEBHOOK_URLS=true, so loopback receivers are allowed) with three receivers on
// 127.0.0.1. Events are `balance.credited`: an admin adds funds to the customer `events` times (4 at a time; the
// customer's deposit mail is switched off, so no mail job shares the runner). An
// event's latency at a receiver = the time its first delivery arrived − the payload's `created_at` (the server's clock
// is this machine's). The healthy endpoint alone is also run first, as the quiet baseline in the same run.
// Not a test: figures depend on the machine (a shared 2-core machine is noisy; run it on a quiet one).
//
// Load-independent figures: the server process's CPU (cpuMs, from /proc) per event, which includes the admin credit
// request that makes each event (the part spent after the last credit is delivery work left over); and, per endpoint,
// the most deliveries it had open at once (the server's per-endpoint limit at work: the slow and the failing endpoint
// should stay at 2). Wall figures (p50/p95/p99) are printed with the load average before and after each run.
// Run: node bench/webhooks.mjs [events=1000] [slowMs=2000] [both|alone|beside]
// A CPU profile of the server: BENCH_SERVER_NODE_ARGS='--cpu-prof --cpu-prof-dir=/tmp/prof' (written when it stops).

import http from 'node:http';
import { loadavg } from 'node:os';
import { cpuMs, okJson, percentile, startEmbedded } from './support.mjs';

const [eventsArg, slowArg, whichArg] = process.argv.slice(2);
const events = Number(eventsArg ?? 1000);
const slowMs = Number(slowArg ?? 2000);
/** `both` (default), or one run: `alone` (the healthy endpoint alone) or `beside` (with the failing and the slow). */
const which = whichArg ?? 'both';
const PARALLEL = 4;

const post = (url, body, headers = {}, method = 'POST') =>
  okJson(url, { method, headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });

/**
 * A loopback receiver: `answer(res)` replies; the first arrival of each webhook-id is timed against its event. It
 * also counts the requests it received and the most it had open at once (deliveries in flight to this endpoint: the
 * server's per-endpoint limit, a figure the machine's load does not change).
 */
async function receiver(answer) {
  const latencies = new Map();
  const stats = { requests: 0, open: 0, maxOpen: 0, connections: 0, openConnections: 0, maxConnections: 0 };
  const server = http.createServer((req, res) => {
    stats.requests += 1;
    stats.open += 1;
    stats.maxOpen = Math.max(stats.maxOpen, stats.open);
    res.once('close', () => {
      stats.open -= 1;
    });
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const arrived = Date.now();
      const id = String(req.headers['webhook-id'] ?? '');
      if (!latencies.has(id)) {
        const { created_at } = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        latencies.set(id, arrived - Date.parse(created_at));
      }
      answer(res);
    });
  });
  // The server's deliveries use keep-alive connections, one per delivery in flight: the most open at once is the most
  // deliveries it had in flight to this endpoint (a fast endpoint answers too soon for its requests to overlap here).
  server.on('connection', (socket) => {
    stats.connections += 1;
    stats.openConnections += 1;
    stats.maxConnections = Math.max(stats.maxConnections, stats.openConnections);
    socket.once('close', () => {
      stats.openConnections -= 1;
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    latencies,
    stats,
    // The server's keep-alive connections (and a held 2 s answer) would keep close() waiting: they are cut. Called
    // after the server stopped, so nothing new arrives.
    stop: () =>
      new Promise((r) => {
        server.close(r);
        server.closeAllConnections();
      }),
  };
}

const healthyAnswer = (res) => res.writeHead(200).end('ok');
const failingAnswer = (res) => res.writeHead(500).end('boom');
const slowAnswer = (res) => {
  const timer = setTimeout(() => res.writeHead(200).end('ok'), slowMs);
  res.once('close', () => clearTimeout(timer));
};
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

async function run(label, answers) {
  const server = await startEmbedded({ ALLOW_PRIVATE_WEBHOOK_URLS: 'true' });
  const receivers = await Promise.all(answers.map((a) => receiver(a)));
  try {
    const admin = await post(`${server.url}/api/auth/login`, {
      email: 'admin@bench.test',
      password: 'bench-admin-password',
    });
    const adminAuth = { Authorization: `Bearer ${admin.token}` };
    const customer = await post(`${server.url}/api/auth/register`, {
      name: 'Hook Listener',
      email: `hooks.${Date.now()}@bench.test`,
      password: 'bench-password-1',
    });
    const customerAuth = { Authorization: `Bearer ${customer.token}` };
    // Each credit would also mail the customer (issue 23's deposit notification, a job of its own on the same runner):
    // off, so the figures are the webhooks' alone.
    await post(`${server.url}/api/notification-settings`, { depositCredited: false }, customerAuth, 'PUT');
    const { apiKey } = await okJson(`${server.url}/api/user/api-key`, { headers: customerAuth });
    for (const r of receivers) {
      await post(
        `${server.url}/api/v1/webhook-endpoints`,
        { url: r.url, events: ['balance.credited'] },
        { 'x-api-key': `Bearer ${apiKey}` },
      );
    }
    const loadBefore = load();
    const cpuBefore = cpuMs(server.pid);
    const started = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < events) {
          next += 1;
          await post(
            `${server.url}/api/admin/users/${customer.user._id}/balance`,
            { mode: 'add', amount: 1, reason: 'Bench credit' },
            adminAuth,
            'PATCH',
          );
        }
      }),
    );
    const sent = Date.now() - started;
    const cpuSent = cpuMs(server.pid) - cpuBefore;
    const healthy = receivers[0];
    const deadline = Date.now() + Math.max(120_000, events * 100);
    while (healthy.latencies.size < events && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const cpu = cpuMs(server.pid) - cpuBefore;
    const sorted = [...healthy.latencies.values()].sort((a, b) => a - b);
    const fmt = (p) => `${percentile(sorted, p) ?? '-'} ms`;
    const inFlight = ({ stats: x }) =>
      `${x.requests} requests, at most ${x.maxOpen} open at once, on ${x.connections} connections (${x.maxConnections} at once)`;
    console.log(
      `${label}: ${events} events sent in ${(sent / 1000).toFixed(1)} s; healthy endpoint got ${sorted.length}` +
        ` — wall p50 ${fmt(50)}, p95 ${fmt(95)}, p99 ${fmt(99)}, max ${sorted.at(-1) ?? '-'} ms` +
        ` (load average ${loadBefore} before, ${load()} after)\n` +
        `  server CPU ${cpu} ms = ${(cpu / events).toFixed(1)} ms per event` +
        ` (${(cpuSent / events).toFixed(1)} ms/event while the credits were made, the events' own requests included;` +
        ` ${((cpu - cpuSent) / events).toFixed(1)} ms/event after)\n` +
        `  deliveries in flight per endpoint: healthy ${inFlight(receivers[0])}` +
        (receivers.length > 1
          ? `; failing ${inFlight(receivers[1])}; slow ${inFlight(receivers[2])} (${receivers[2].latencies.size} events)`
          : ''),
    );
    return percentile(sorted, 99);
  } finally {
    // The server first (it stops sending), then the receivers: closing a receiver that still gets deliveries (the
    // slow one has a backlog of minutes) waited for its busy keep-alive connections, and the bench never exited.
    await server.stop();
    await Promise.all(receivers.map((r) => r.stop()));
  }
}

console.log(`load average before: ${load()}`);
const quiet = which === 'beside' ? undefined : await run('healthy endpoint alone', [healthyAnswer]);
const mixed =
  which === 'alone'
    ? undefined
    : await run('beside a failing and a slow endpoint', [healthyAnswer, failingAnswer, slowAnswer]);
console.log(
  `p99 at the healthy endpoint: ${quiet ?? '-'} ms alone, ${mixed ?? '-'} ms beside the others (target <= 1000 ms): ` +
    ((mixed ?? quiet) <= 1000 ? 'met' : 'NOT met'),
);
