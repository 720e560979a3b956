import { V1CreateLabelRequest } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/errors';
import { createApiLabel } from '../../src/use-cases/public-api/create-api-label';
import { testQuotaMessage } from '../../src/use-cases/test-mode/test-mode';
import { errorOf, type TestServer } from './helpers';
import { newCustomer, startShop, upsGround } from './orders-support';
import { bulkOrder, CREATE_BULK, upsGroundServiceId } from './public-api-bulk-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * TEST_LABELS_PER_DAY under a race, over HTTP on a real database file: requests arriving together at the limit make
 * exactly the labels left — the reservation is part of the batch that writes the order, not a count read before it.
 */

const LIMIT = 6;

async function testOrders(server: TestServer, userId: string): Promise<number> {
  const [row] = await server.services.db.all<{ n: number }>(
    sql`SELECT COUNT(*) AS n FROM orders WHERE user_id = ${userId} AND livemode = 0`,
  );
  return Number(row?.n);
}

describe('the daily test quota under concurrent requests', () => {
  it('12 test-key purchases at once with 3 labels left: exactly 3 are made, 9 answer 429, and a bulk order past it is refused whole', async () => {
    const shop = await startShop({ testLabelsPerDay: String(LIMIT) });
    try {
      const { server } = shop;
      const buyer = await newCustomer(server, shop.admin, 50);
      const keys = await apiKeysOf(server, buyer.token);
      // LIMIT - 3 labels used, one of them by a bulk order (its rows count like single labels).
      const serviceId = await upsGroundServiceId(server, keys.testKey);
      const bulk = await v1(server, 'POST', CREATE_BULK, {
        key: keys.testKey,
        json: { serviceId, orders: [bulkOrder(1), bulkOrder(2)] },
      });
      expect(bulk.status, bulk.text).toBe(201);
      const one = await v1(server, 'POST', '/create-label', { key: keys.testKey, json: upsGround(shop.api1) });
      expect(one.status, one.text).toBe(201);

      const answers = await Promise.all(
        Array.from({ length: 12 }, () =>
          v1(server, 'POST', '/create-label', { key: keys.testKey, json: upsGround(shop.api1) }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, answers.map((a) => a.text).join('\n')).toEqual([...Array(3).fill(201), ...Array(9).fill(429)]);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(errorOf(refused).error).toMatchObject({ code: 'rate_limited', message: testQuotaMessage(LIMIT) });
        expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      }
      expect(await testOrders(server, buyer.id)).toBe(LIMIT);

      // The quota is used up: a test bulk order is refused whole, writing nothing; the live key is not limited.
      const past = await v1(server, 'POST', CREATE_BULK, {
        key: keys.testKey,
        json: { serviceId, orders: [bulkOrder(3)] },
      });
      expect(past.status, past.text).toBe(429);
      expect(errorOf(past).error.code).toBe('rate_limited');
      expect(await testOrders(server, buyer.id)).toBe(LIMIT);
      const [bulks] = await server.services.db.all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM bulk_orders WHERE user_id = ${buyer.id} AND livemode = 0`,
      );
      expect(Number(bulks?.n)).toBe(1);
      const live = await v1(server, 'POST', '/create-label', { key: keys.apiKey, json: upsGround(shop.api1) });
      expect(live.status, live.text).toBe(201);
    } finally {
      await shop.server.stop();
    }
  }, 120_000);

  it('purchases started in the very same tick (the widest race): still exactly the labels left', async () => {
    const shop = await startShop({ testLabelsPerDay: String(LIMIT) });
    try {
      const { server } = shop;
      const buyer = await newCustomer(server, shop.admin, 50);
      const request = V1CreateLabelRequest.parse(upsGround(shop.api1));
      // In process, every purchase runs its reads before any writes: a check read before the insert passes them all.
      const outcomes = await Promise.allSettled(
        Array.from({ length: 10 }, () => createApiLabel(server.services, { userId: buyer.id, mode: 'test', request })),
      );
      const made = outcomes.filter((o) => o.status === 'fulfilled');
      const refused = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
      expect(made).toHaveLength(LIMIT);
      expect(refused.map((e) => (e instanceof ApiError ? e.code : String(e)))).toEqual(
        Array(10 - LIMIT).fill('rate_limited'),
      );
      expect(await testOrders(server, buyer.id)).toBe(LIMIT);
    } finally {
      await shop.server.stop();
    }
  }, 120_000);

  it('bulk orders racing for the last labels: only those that fit are made, each whole', async () => {
    const shop = await startShop({ testLabelsPerDay: String(LIMIT) });
    try {
      const { server } = shop;
      const buyer = await newCustomer(server, shop.admin, 50);
      const keys = await apiKeysOf(server, buyer.token);
      const serviceId = await upsGroundServiceId(server, keys.testKey);
      // Five bulk orders of 2 rows at once on a quota of 6: exactly three are made (6 rows), two answer 429.
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          v1(server, 'POST', CREATE_BULK, {
            key: keys.testKey,
            json: { serviceId, orders: [bulkOrder(2 * i), bulkOrder(2 * i + 1)] },
          }),
        ),
      );
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, answers.map((a) => a.text).join('\n')).toEqual([201, 201, 201, 429, 429]);
      expect(await testOrders(server, buyer.id)).toBe(LIMIT);
    } finally {
      await shop.server.stop();
    }
  }, 120_000);
});
