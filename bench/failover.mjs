// Failover latency (issue 21): what a failover adds to a purchase over buying directly on API 2, p95.
//
// One carrier sandbox (its own process, latency `latencyMs`) is "API 2"; "API 1" points at a loopback port nobody
// listens on (every connection refused). One buyer buys UPS Ground labels one after another:
//   - direct:  chosen API = API 2;
//   - refused: chosen API = API 1, whose breaker stays closed (PROVIDER_BREAKER_FAILURES=1000): every purchase is
//              refused by API 1, then bought through API 2 (target: p95 added <= 50 ms);
//   - open:    a second server with PROVIDER_BREAKER_FAILURES=1 and a day's cooldown: after the first failure every
//              purchase skips API 1 without a call (target: p95 added <= 1 ms).
// Added = p95(failover) − p95(direct) on the same server and sandbox (the formula). The sandbox's own latency
// varies from call to call and that noise lands in both p95s, so the bench also prints the same difference of LabelDesk's
// own share of each purchase: the buyer's latency − the `Server-Timing: provider;dur=` of the purchase (the call that
// bought the label on API 2); for a failover, that share holds the refused call to API 1 (or the breaker check) and
// the extra bookkeeping (the failure on the breaker, the attempt rows, the order moved to API 2).
// Not a test: figures depend on the machine (a shared 2-core machine is noisy; run it on a quiet one for real figures).
//
// Run: node bench/failover.mjs [purchases=200] [latencyMs=50]

import net from 'node:net';
import { loadavg } from 'node:os';
import { BENCH_PARCEL, okJson as json, percentile, requestJson, startEmbedded, startSandbox } from './support.mjs';

const [countArg, latencyArg] = process.argv.slice(2);
const purchases = Number(countArg ?? 200);
const latencyMs = Number(latencyArg ?? 50);
const WARMUP = 20;

const post = (url, body, headers = {}) =>
  json(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
const stats = (samples) => {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p95: percentile(s, 95) };
};
/** The provider's share of an answer, from `Server-Timing: provider;dur=12.3`. */
const providerMs = (headers) =>
  Number(/provider;dur=([\d.]+)/.exec(String(headers['server-timing'] ?? ''))?.[1] ?? NaN);
const { from, to, pkg } = BENCH_PARCEL;

async function shop(sandbox, env) {
  const server = await startEmbedded({ CARRIER_SANDBOX: 'off', ALLOW_PRIVATE_PROVIDER_URLS: '1', ...env });
  const admin = await post(`${server.url}/api/auth/login`, {
    email: 'admin@bench.test',
    password: 'bench-admin-password',
  });
  const auth = { Authorization: `Bearer ${admin.token}` };
  // API 1 is set up through a loopback relay to the sandbox (its catalogue is read when services are added), then the
  // relay stops listening: from then on every connection to API 1 is refused.
  const sandboxUrl = new URL(sandbox.baseUrl);
  const open = new Set();
  const relay = net.createServer((c) => {
    open.add(c);
    const up = net.connect(Number(sandboxUrl.port), sandboxUrl.hostname);
    c.pipe(up).pipe(c);
    c.on('error', () => up.destroy());
    up.on('error', () => c.destroy());
  });
  await new Promise((r) => relay.listen(0, '127.0.0.1', r));
  const relayBase = `http://127.0.0.1:${relay.address().port}${sandboxUrl.pathname}`;
  const api2 = (
    await post(
      `${server.url}/api/admin/config/apis`,
      { name: 'API 2', key: sandbox.apiKey, baseUrl: sandbox.baseUrl, isDefault: true, priority: 2 },
      auth,
    )
  ).api;
  const api1 = (
    await post(
      `${server.url}/api/admin/config/apis`,
      { name: 'API 1', key: sandbox.apiKey, baseUrl: relayBase, priority: 1 },
      auth,
    )
  ).api;
  for (const api of [api1, api2]) {
    await post(
      `${server.url}/api/admin/services/add-services`,
      { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground', name: 'UPS Ground' } }] },
      auth,
    );
  }
  relay.close();
  for (const c of open) c.destroy(); // and the kept-alive connections go too
  const { token, user } = await post(`${server.url}/api/auth/register`, {
    name: 'Buyer',
    email: `buyer-${Date.now()}@bench.test`,
    password: 'bench-password-1',
  });
  await json(`${server.url}/api/admin/users/${user._id}/balance`, {
    method: 'PATCH',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'add', amount: 50_000, reason: 'benchmark funds' }),
  });
  let n = 0;
  const buy = async (api) => {
    n += 1;
    const start = performance.now();
    const res = await requestJson(`${server.url}/api/orders`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'Idempotency-Key': `b-${n}` },
      body: JSON.stringify({
        apiId: api._id,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        sender: from,
        recipient: to,
        packageDetails: pkg,
      }),
    });
    const ms = performance.now() - start;
    if (res.status !== 201 || res.body.order.boughtVia?.apiId !== api2._id)
      throw new Error(`${res.status} ${JSON.stringify(res.body).slice(0, 300)}`);
    const provider = providerMs(res.headers);
    if (!Number.isFinite(provider)) throw new Error('no Server-Timing provider duration');
    return { ms, own: ms - provider };
  };
  /** Alternates direct and failover purchases so both see the same machine load. */
  const run = async () => {
    for (let i = 0; i < WARMUP; i++) {
      await buy(api2);
      await buy(api1);
    }
    const direct = [];
    const failover = [];
    for (let i = 0; i < purchases; i++) {
      direct.push(await buy(api2));
      failover.push(await buy(api1));
    }
    return {
      direct: stats(direct.map((d) => d.ms)),
      failover: stats(failover.map((d) => d.ms)),
      directOwn: stats(direct.map((d) => d.own)),
      failoverOwn: stats(failover.map((d) => d.own)),
    };
  };
  return { server, run };
}

const fmt = (r) =>
  `\n  latency: direct p50 ${r.direct.p50.toFixed(1)} / p95 ${r.direct.p95.toFixed(1)} ms; failover p50 ` +
  `${r.failover.p50.toFixed(1)} / p95 ${r.failover.p95.toFixed(1)} ms; added p95 ${(r.failover.p95 - r.direct.p95).toFixed(1)} ms ` +
  `(p50 ${(r.failover.p50 - r.direct.p50).toFixed(1)} ms)` +
  `\n  LabelDesk's own share (latency − provider): direct p50 ${r.directOwn.p50.toFixed(1)} / p95 ${r.directOwn.p95.toFixed(1)} ms; ` +
  `failover p50 ${r.failoverOwn.p50.toFixed(1)} / p95 ${r.failoverOwn.p95.toFixed(1)} ms; added p95 ` +
  `${(r.failoverOwn.p95 - r.directOwn.p95).toFixed(1)} ms (p50 ${(r.failoverOwn.p50 - r.directOwn.p50).toFixed(1)} ms)`;

const sandbox = await startSandbox(latencyMs);
try {
  const load = () =>
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`;
  console.log(`${purchases} purchases each way, sandbox latency ${latencyMs} ms, one buyer, alternating; ${load()}\n`);
  const closed = await shop(sandbox, { PROVIDER_BREAKER_FAILURES: '1000' });
  try {
    const r = await closed.run();
    console.log(`API 1 refuses connections (breaker closed), target added p95 <= 50 ms:${fmt(r)}`);
  } finally {
    await closed.server.stop();
  }
  const opened = await shop(sandbox, { PROVIDER_BREAKER_FAILURES: '1', PROVIDER_BREAKER_COOLDOWN_SECONDS: '86400' });
  try {
    const r = await opened.run();
    console.log(`API 1's breaker open (skipped, no call), target added p95 <= 1 ms:${fmt(r)}`);
  } finally {
    await opened.server.stop();
  }
  console.log(`\n${load()}`);
} finally {
  sandbox.stop();
}
