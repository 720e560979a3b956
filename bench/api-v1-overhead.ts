// Public API overhead on Node, in one process against one embedded server (fresh data dir, carrier sandbox on):
//  1. key auth + limiter: per request, the work requireApiKey adds (HMAC of the key, the indexed key+owner read, the
//     per-key limiter) measured around exactly that work, p50/p99 (target p99 <= 1 ms); and over HTTP the same
//     GET /api/v1/user with the key vs GET /api/balance with a session (both read the caller's row), for scale.
//  2. POST /api/v1/create-label vs POST /api/orders: the same purchase through both, alternating which goes first (so
//     neither always meets the background work the other left), p95 of each and the difference (target <= 5 %). The
//     limit (100 / 5 min per key) is lifted by moving the server's clock. Also the median of the per-round difference
//     (both purchases of a round run back to back under the same load): the steadiest figure on a shared machine.
// The machine is shared: the load average is printed with the figures; compare ratios, not absolute times.
//
// The carrier sandbox's own limit (600 a minute per key) is turned off here so that enough purchases run for a p95 that
// does not hinge on a handful of slow rounds: on one idle machine, 150 a route gave p95 differences from -1 % to +19 %
// while the p50 stayed within 1.3 %; 600 a route from +1.6 % to +5.1 %; 1,500 a route -3.0 % twice (about 20 s).
//
// Run: node --import tsx bench/api-v1-overhead.ts [authIterations=5000] [purchases=1500]

import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer } from '../edge-api/src/entries/node/server';
import { apiKeyLimit } from '../edge-api/src/middleware/api-key';
import { fixedClock } from '../edge-api/src/ports/clock';
import { authenticateApiKey } from '../edge-api/src/use-cases/api-keys/authenticate-api-key';

const authIterations = Number(process.argv[2] ?? 5000);
const purchases = Number(process.argv[3] ?? 1500);

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? Number.NaN;
};
const ms = (x: number) => `${x.toFixed(3)} ms`;
const load = () =>
  `load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`;
/** Runs the two calls of one round, `a` first on even rounds and `b` first on odd ones; returns their times. */
async function alternate(i: number, a: () => Promise<void>, b: () => Promise<void>): Promise<[number, number]> {
  const timed = async (f: () => Promise<void>) => {
    const t0 = performance.now();
    await f();
    return performance.now() - t0;
  };
  if (i % 2 === 0) {
    const ta = await timed(a);
    return [ta, await timed(b)];
  }
  const tb = await timed(b);
  return [await timed(a), tb];
}
console.log(`start: ${load()}`);

const dataDir = await mkdtemp(join(tmpdir(), 'labeldesk-bench-api-'));
const clock = fixedClock(new Date());
const server = await startServer({
  port: 0,
  host: '127.0.0.1',
  dataDir,
  clock,
  adminEmail: 'admin@bench.test',
  adminPassword: 'bench-admin-password',
  carrierSandboxOptions: { rateLimit: false },
  log: () => {},
});
async function json(path: string, init: RequestInit = {}) {
  const res = await fetch(`${server.url}${path}`, init);
  const body = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}
try {
  const post = (body: unknown, headers: Record<string, string> = {}) => ({
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const { token, user } = await json(
    '/api/auth/register',
    post({ name: 'API Bench', email: `api-${Date.now()}@bench.test`, password: 'bench-password-1' }),
  );
  const admin = (await json('/api/auth/login', post({ email: 'admin@bench.test', password: 'bench-admin-password' })))
    .token;
  await json(`/api/admin/users/${user._id}/balance`, {
    ...post({ mode: 'set', balance: 50_000 }, { Authorization: `Bearer ${admin}` }),
    method: 'PATCH',
  });
  const session = { Authorization: `Bearer ${token}` };
  const { apiKey } = await json('/api/user/api-key', { headers: session });
  const keyed = { 'x-api-key': `Bearer ${apiKey}` };

  // 1a. The work requireApiKey adds, measured around that work only. Interleaved with a control: a spin of the same
  // median length, whose p99 is what the shared machine alone (preemption by other processes) does to an interval that
  // long. The auth p99 minus the control p99 is the tail our own code adds.
  const services = server.services;
  const keyAuth = async () => {
    const principal = await authenticateApiKey(services, apiKey);
    await services.rateLimiter.limit(apiKeyLimit(principal.keyId));
  };
  const warm: number[] = [];
  for (let i = 0; i < 500; i++) {
    const t0 = performance.now();
    await keyAuth();
    warm.push(performance.now() - t0);
  }
  const spinMs = pct(warm, 50);
  const spin = async () => {
    const end = performance.now() + spinMs;
    while (performance.now() < end) {}
  };
  const auth: number[] = [];
  const control: number[] = [];
  for (let i = 0; i < authIterations; i++) {
    const [ta, tc] = await alternate(i, keyAuth, spin);
    auth.push(ta);
    control.push(tc);
    if (i % 90 === 0) clock.advance(300_000); // keep the window open so both branches are the common one
  }
  console.log(
    `key auth + limiter (in process, ${authIterations} requests): p50 ${ms(pct(auth, 50))}, p99 ${ms(pct(auth, 99))} (target p99 <= 1 ms) | control spin of ${ms(spinMs)}: p99 ${ms(pct(control, 99))} | p99 added over the control ${ms(pct(auth, 99) - pct(control, 99))}`,
  );

  // 1b. Over HTTP, alternating: the v1 read with a key vs a session read of the same row.
  const v1Times: number[] = [];
  const webTimes: number[] = [];
  for (let i = 0; i < 1200; i++) {
    if (i % 90 === 0) clock.advance(300_000);
    const [tv1, tweb] = await alternate(
      i,
      async () => void (await (await fetch(`${server.url}/api/v1/user`, { headers: keyed })).arrayBuffer()),
      async () => void (await (await fetch(`${server.url}/api/balance`, { headers: session })).arrayBuffer()),
    );
    if (i >= 200) {
      v1Times.push(tv1);
      webTimes.push(tweb);
    }
  }
  console.log(
    `HTTP GET /api/v1/user (key) p50 ${ms(pct(v1Times, 50))} p99 ${ms(pct(v1Times, 99))} | GET /api/balance (session) p50 ${ms(pct(webTimes, 50))} p99 ${ms(pct(webTimes, 99))}`,
  );

  // 2. The same purchase through both doors, alternating.
  const catalogue = await json('/api/shipping/all-services', { headers: session });
  const ground = catalogue.UPS.find((s: { name: string }) => s.name === 'UPS Ground');
  const parties = {
    sender: { name: 'Ada', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', phone: '2125550100' },
    recipient: {
      name: 'Grace',
      street1: '5 Market St',
      city: 'San Francisco',
      state: 'CA',
      zip: '94105',
      phone: '4155550199',
    },
  };
  const web = {
    apiId: catalogue.apiId,
    carrier: 'UPS',
    serviceType: 'UPS Ground',
    ...parties,
    packageDetails: { weight: 3, length: 10, width: 8, height: 4 },
  };
  const api = {
    serviceId: ground.id,
    ...parties,
    packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 } },
  };
  const v1Buy: number[] = [];
  const webBuy: number[] = [];
  let slow = 0;
  const rounds: Array<{ i: number; v1: number; web: number }> = [];
  for (let i = 0; i < purchases + 10; i++) {
    if (i % 90 === 0) clock.advance(300_000);
    const buy = (path: string, body: unknown, headers: Record<string, string>) => async () => {
      const res = await fetch(`${server.url}${path}`, post(body, headers));
      // 202: the carrier did not confirm within the provider timeout (a loaded machine); that round is not counted.
      if (res.status === 202) slow += 1;
      else if (res.status !== 201) throw new Error(`purchase ${i} ${path}: ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
    };
    const slowBefore = slow;
    const v1Call = buy('/api/v1/create-label', api, { ...keyed, 'Idempotency-Key': `v1-${i}` });
    const webCall = buy('/api/orders', web, { ...session, 'Idempotency-Key': `web-${i}` });
    const [tv1, tweb] = await alternate(i, v1Call, webCall);
    if (i >= 10 && slow === slowBefore) {
      v1Buy.push(tv1);
      webBuy.push(tweb);
      rounds.push({ i, v1: tv1, web: tweb });
    }
  }
  const p95v1 = pct(v1Buy, 95);
  const p95web = pct(webBuy, 95);
  console.log(
    `create-label (${purchases} each): v1 p50 ${ms(pct(v1Buy, 50))} p95 ${ms(p95v1)} | /api/orders p50 ${ms(pct(webBuy, 50))} p95 ${ms(p95web)} | p50 difference ${(((pct(v1Buy, 50) - pct(webBuy, 50)) / pct(webBuy, 50)) * 100).toFixed(1)} %, p95 difference ${(((p95v1 - p95web) / p95web) * 100).toFixed(1)} % (target <= 5 %)`,
  );
  if (slow > 0) console.log(`  (${slow} purchases answered 202, carrier slow to confirm: those rounds not counted)`);
  // Two consecutive rounds (one with v1 first, one with /api/orders first) ran under nearly the same machine load and
  // cancel the order effect: the median of their difference is the steadiest estimate of what the v1 door adds.
  const paired: number[] = [];
  for (let k = 0; k + 1 < rounds.length; k += 2) {
    const [a, b] = [rounds[k], rounds[k + 1]];
    if (a && b && a.i + 1 === b.i) paired.push((a.v1 + b.v1 - a.web - b.web) / 2);
  }
  console.log(
    `  paired (two consecutive rounds, ${paired.length} pairs) v1 - /api/orders: median ${ms(pct(paired, 50))} = ${((pct(paired, 50) / pct(webBuy, 50)) * 100).toFixed(1)} % of the /api/orders p50`,
  );
  console.log(`end: ${load()}`);
} finally {
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
}
