import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { buyRows, csvRow, PROVIDER_REFUSED_STREET, waitForBulk } from './bulk-engine-support';
import { call, type TestServer } from './helpers';
import { buyLabel, newCustomer, startShop, upsGround } from './orders-support';
import { apiKeysOf } from './public-api-support';
import { at, createEndpoint, type Receiver, startReceiver } from './webhooks-support';

/**
 * The events whose figures only the fact's own batch knows (the outbox writes them from the rows that batch left):
 * a bulk order's final status and counts, and a parcel's change of delivery status with the status before it. The
 * clock is the test's, so bodies are read as sent (their signatures are checked in webhooks.delivery and .events).
 */

let server: TestServer;
let receiver: Receiver;
let admin: string;
let api1: Awaited<ReturnType<typeof startShop>>['api1'];
const clock = fixedClock(new Date('2026-05-01T00:30:00.000Z'));

const WAIT = { timeout: 30_000, interval: 50 };
const bodies = (path: string) => at(receiver, path).map((r) => JSON.parse(r.body) as { type: string; data: unknown });

beforeAll(async () => {
  receiver = await startReceiver();
  ({ server, admin, api1 } = await startShop({
    clock,
    jwtTtlSeconds: 365 * 24 * 3600,
    carrierSandboxOptions: { clock, exceptionRate: 0 },
    allowPrivateWebhookUrls: 'true',
    webhookRetrySchedule: '0,1',
  }));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('events written by the batch of their fact', () => {
  it('bulk_order.completed carries the final status and counts: 2 bought, 1 refused by the carrier → partial', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const key = (await apiKeysOf(server, buyer.token)).apiKey;
    await createEndpoint(server, key, receiver.url('/bulk'), ['bulk_order.completed']);
    const { created } = await buyRows(server, buyer.token, api1, [
      csvRow(),
      csvRow({ toStreet1: PROVIDER_REFUSED_STREET }),
      csvRow(),
    ]);
    const bulkOrderId = created.bulkOrderId;
    const final = await waitForBulk(server, bulkOrderId);
    expect(final.status).toBe('partial');
    await vi.waitFor(() => expect(at(receiver, '/bulk')).toHaveLength(1), WAIT);
    expect(bodies('/bulk')[0]).toMatchObject({
      type: 'bulk_order.completed',
      data: {
        bulkOrderId,
        status: 'partial',
        orderCount: 3,
        completedCount: 2,
        failedCount: 1,
        completedAt: final.completed_at,
      },
    });
  });

  it('tracking.updated fires on a change of delivery status, with the status before it, and not on a check without one', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const key = (await apiKeysOf(server, buyer.token)).apiKey;
    await createEndpoint(server, key, receiver.url('/tracking'), ['tracking.updated']);
    const bought = await buyLabel(server, buyer.token, upsGround(api1));
    const refresh = async () => {
      const res = await call(server, 'POST', `/api/tracking/${bought.order._id}/refresh`, { token: buyer.token });
      expect(res.status, res.text).toBe(200);
      return (res.body as { deliveryStatus: string }).deliveryStatus;
    };

    clock.advance(22 * 3600_000);
    expect(await refresh()).toBe('in_transit');
    await vi.waitFor(() => expect(at(receiver, '/tracking')).toHaveLength(1), WAIT);
    clock.advance(60_000);
    expect(await refresh()).toBe('in_transit');
    clock.advance(11 * 24 * 3600_000);
    expect(await refresh()).toBe('delivered');
    await vi.waitFor(() => expect(at(receiver, '/tracking')).toHaveLength(2), WAIT);
    expect(bodies('/tracking')).toMatchObject([
      {
        type: 'tracking.updated',
        data: { previousStatus: 'pending', order: { _id: bought.order._id, deliveryStatus: 'in_transit' } },
      },
      {
        type: 'tracking.updated',
        data: { previousStatus: 'in_transit', order: { _id: bought.order._id, deliveryStatus: 'delivered' } },
      },
    ]);
  });
});
