import type { ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkRowsOf,
  buyRows,
  csvRow,
  expectSettled,
  PROVIDER_REFUSED_STREET,
  waitForBulk,
} from './bulk-engine-support';
import type { TestServer } from './helpers';
import { moneyOf, newCustomer, startShop } from './orders-support';
import { carrierOf, withoutFailover } from './providers-support';

/**
 * The engine against a provider that misbehaves, with the real job runner: random 503s and latency (every row ends
 * bought or refunded, nothing left held), and a rate limit (429s slow the bulk order down, no row fails for it).
 */
describe('bulk orders against an unreliable provider', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      jobConcurrency: 8,
      bulkConcurrencyPerApi: 4,
      carrierSandboxOptions: { seed: 20_261_124 },
    }));
    // One API's own behaviour: API 2 must not take these purchases (orders.failover.test.ts covers failover).
    await withoutFailover(server, admin);
  });
  afterEach(() => {
    const sandbox = carrierOf(server);
    sandbox.setThrottle(0);
    sandbox.setFailureRate(0);
    sandbox.setLatency(0);
    sandbox.setRateLimit({ limit: 600, windowMs: 60_000 });
  });
  afterAll(() => server.stop());

  it('20 % failures and latency: every row ends bought or refunded, nothing left held', async () => {
    const sandbox = carrierOf(server);
    sandbox.setFailureRate(0.2);
    sandbox.setLatency({ min: 20, max: 120 });
    const buyer = await newCustomer(server, admin, 1_000);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: 60 }, (_, i) =>
      csvRow(i % 10 === 9 ? { toStreet1: PROVIDER_REFUSED_STREET } : {}),
    );
    const { created } = await buyRows(server, buyer.token, api1, rows);
    // A row whose three tries all met a 503 goes to reconciliation (first retry 10 s later).
    const bulk = await waitForBulk(server, created.bulkOrderId, 90_000);
    expect(bulk.status).toBe('partial');
    const settled = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    // The provider's refusals are the only failures: a 503 never fails a row.
    expect(settled.failed.map((r) => r.row_index)).toEqual([9, 19, 29, 39, 49, 59]);
    expect(settled.bought).toHaveLength(54);
  }, 120_000);

  it('a 429 burst slows the bulk order down but fails no row', async () => {
    // The first 4 calls answer 429 with Retry-After 3 s, then 3 requests per 2 s window. A wait longer than the
    // adapter's own retry delay (2 s) hands the 429 to the engine, which defers those rows and asks them again: without
    // the burst, a loaded machine often never exceeded the window (the engine paces itself by X-RateLimit-Remaining,
    // and the adapter retries a short Retry-After itself), and no row was asked twice.
    carrierOf(server).setRateLimit({ limit: 3, windowMs: 2_000 });
    carrierOf(server).setThrottle(4, 3);
    const buyer = await newCustomer(server, admin, 1_000);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: 12 }, () => csvRow());
    const started = Date.now();
    const { created } = await buyRows(server, buyer.token, api1, rows);
    const bulk = await waitForBulk(server, created.bulkOrderId, 90_000);
    const elapsed = Date.now() - started;
    expect(bulk).toMatchObject({ status: 'completed', failed_order_count: 0 });
    const settled = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    expect(settled.bought).toHaveLength(12);
    // It was slowed down: the deferred rows waited the 3 s asked for, and were asked again.
    expect(elapsed).toBeGreaterThan(3_000);
    const orderRows = await bulkRowsOf(server, created.bulkOrderId);
    expect(orderRows.some((r) => r.purchase_attempts > 1)).toBe(true);
    expect(server.logs.some((l) => l.includes('"msg":"jobs.lane_rate_limited"'))).toBe(true);
  }, 120_000);
});
