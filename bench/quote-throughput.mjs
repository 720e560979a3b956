// Quote throughput: POST /api/orders/calculate-price (auth, validation, catalogue + custom pricing lookups, price and
// delivery estimate) against a bare Hono route (GET /api/health/live: same server, same app, same middleware, no work),
// measured with autocannon in the same run, alternating rounds so drift on a shared machine hits both alike.
// Target: quote throughput >= 0.5 x the bare route.
//
// Run: node bench/quote-throughput.mjs [seconds per round=8] [connections=50] [rounds=2]

import autocannon from 'autocannon';
import { startEmbedded } from './support.mjs';

const TARGET_RATIO = 0.5;
const seconds = Number(process.argv[2] ?? 8);
const connections = Number(process.argv[3] ?? 50);
const rounds = Number(process.argv[4] ?? 2);

async function json(url, init) {
  const res = await fetch(url, init);
  const body = await res.json().catch(() => undefined);
  if (!res.ok) throw new Error(`${init?.method ?? 'GET'} ${url}: ${res.status} ${JSON.stringify(body)}`);
  return body;
}

function run(opts) {
  return new Promise((resolve, reject) => {
    autocannon({ connections, duration: seconds, pipelining: 1, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

const server = await startEmbedded();
try {
  const { token } = await json(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Quote Bench',
      email: `quote-${Date.now()}@bench.test`,
      password: 'bench-password-1',
    }),
  });
  const auth = { Authorization: `Bearer ${token}` };
  const catalogue = await json(`${server.url}/api/shipping/all-services`, { headers: auth });
  const service = [...catalogue.UPS, ...catalogue.USPS, ...catalogue.FEDEX].find((s) => s.active && s.price !== null);
  if (!service) throw new Error('no active priced service in the default API');
  const quote = {
    apiId: catalogue.apiId,
    carrier: service.carrier,
    serviceType: service.name,
    packageDetails: { weight: 1, weightUnit: service.weightUnit, length: 10, width: 8, height: 4 },
    sender: { zip: '10001' },
    recipient: { zip: '94105' },
  };
  const first = await json(`${server.url}/api/orders/calculate-price`, {
    method: 'POST',
    headers: { ...auth, 'Content-Type': 'application/json' },
    body: JSON.stringify(quote),
  });
  console.log(`quote for ${service.carrier} ${service.name}, 1 ${service.weightUnit}: $${first.price}`);
  console.log(`${rounds} rounds x (bare, quote), ${seconds} s each, ${connections} connections\n`);

  const totals = { bare: 0, quote: 0 };
  for (let round = 1; round <= rounds; round++) {
    const bare = await run({ url: `${server.url}/api/health/live` });
    const priced = await run({
      url: `${server.url}/api/orders/calculate-price`,
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify(quote),
    });
    for (const [name, r] of [
      ['bare ', bare],
      ['quote', priced],
    ]) {
      if (r.non2xx > 0 || r.errors > 0) throw new Error(`${name}: ${r.non2xx} non-2xx, ${r.errors} errors`);
      console.log(
        `round ${round} ${name}: ${r.requests.average.toFixed(0)} req/s  p50 ${r.latency.p50} ms  p99 ${r.latency.p99} ms`,
      );
    }
    totals.bare += bare.requests.average;
    totals.quote += priced.requests.average;
  }
  const ratio = totals.quote / totals.bare;
  console.log(
    `\nquote ${(totals.quote / rounds).toFixed(0)} req/s vs bare ${(totals.bare / rounds).toFixed(0)} req/s: ` +
      `ratio ${ratio.toFixed(2)} (target >= ${TARGET_RATIO}) ${ratio >= TARGET_RATIO ? 'OK' : 'BELOW TARGET'}`,
  );
  process.exitCode = ratio >= TARGET_RATIO ? 0 : 1;
} finally {
  await server.stop();
}
