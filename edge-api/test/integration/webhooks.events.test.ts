import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestServer } from './helpers';
import { buyLabel, CARRIER_REFUSED_RECIPIENT, newCustomer, postOrder, startShop, upsGround } from './orders-support';
import { apiKeysOf } from './public-api-support';
import { at, createEndpoint, type Received, type Receiver, startReceiver } from './webhooks-support';

/**
 * The order events come from the purchase itself: a label bought fires order.created with the order; a shipment the
 * carrier refuses fires order.failed and order.refunded (its price came back), all signed and verified with the
 * reference `standardwebhooks` library, over real HTTP to a loopback receiver.
 */

let server: TestServer;
let receiver: Receiver;
let admin: string;
let api1: Awaited<ReturnType<typeof startShop>>['api1'];

const WAIT = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  receiver = await startReceiver();
  ({ server, admin, api1 } = await startShop({ allowPrivateWebhookUrls: 'true', webhookRetrySchedule: '0,1' }));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

type OrderEvent = { id: string; type: string; livemode: boolean; data: { order: { _id: string; status: string } } };

function verified(secret: string, request: Received): OrderEvent {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as OrderEvent;
}

describe('order events', () => {
  it('fires order.created for a bought label, and order.failed + order.refunded for a refused one', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const key = (await apiKeysOf(server, buyer.token)).apiKey;
    const endpoint = await createEndpoint(server, key, receiver.url('/orders'), [
      'order.created',
      'order.failed',
      'order.refunded',
    ]);

    const bought = await buyLabel(server, buyer.token, upsGround(api1));
    await vi.waitFor(() => expect(at(receiver, '/orders')).toHaveLength(1), WAIT);
    const created = verified(endpoint.secret, at(receiver, '/orders')[0] as Received);
    expect(created).toMatchObject({ type: 'order.created', livemode: true });
    expect(created.data.order).toMatchObject({ _id: bought.order._id, status: 'completed' });

    const refused = await postOrder(server, buyer.token, upsGround(api1, { recipient: CARRIER_REFUSED_RECIPIENT }));
    expect(refused.status, refused.text).toBe(400);
    await vi.waitFor(() => expect(at(receiver, '/orders')).toHaveLength(3), WAIT);
    const later = at(receiver, '/orders')
      .slice(1)
      .map((r) => verified(endpoint.secret, r));
    expect(later.map((e) => e.type).sort()).toEqual(['order.failed', 'order.refunded']);
    for (const event of later) expect(event.data.order.status).toBe('failed');
    expect(new Set(later.map((e) => e.data.order._id)).size).toBe(1);
    expect(later[0]?.data.order._id).not.toBe(bought.order._id);
  });
});
