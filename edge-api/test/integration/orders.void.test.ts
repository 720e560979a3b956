import {
  type ShippingApiConfig,
  V1VoidOrderResponse,
  VOID_MESSAGES,
  VOID_WINDOW_DAYS,
  VoidOrderResponse,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleJob } from '../../src/jobs/handle-job';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, type TestServer } from './helpers';
import type { TestClock } from './order-history-support';
import {
  buyLabel,
  fetchLabel,
  labelLink,
  ledgerRowsOf,
  moneyOf,
  newCustomer,
  startShop,
  upsGround,
} from './orders-support';
import { carrierOf } from './providers-support';
import { apiKeysOf, v1 } from './public-api-support';
import { at, createEndpoint, type Received, type Receiver, startReceiver } from './webhooks-support';

/**
 * Voiding a bought label over HTTP, through the embedded carrier sandbox on one clock the test moves: the price comes
 * back exactly once (however many voids, in a row or at once), a void the carrier settles later is credited only when
 * it settles, too late or someone else's order moves nothing, and the refund fires a signed `order.refunded`.
 */

let server: TestServer;
let clock: TestClock;
let admin: string;
let api1: ShippingApiConfig;
let receiver: Receiver;
const WAIT = { timeout: 30_000, interval: 50 };

beforeAll(async () => {
  receiver = await startReceiver();
  // Now, so the first test's signatures are fresh for the verifier (it checks their timestamp against real time).
  clock = fixedClock(new Date());
  ({ server, admin, api1 } = await startShop({
    clock,
    carrierSandboxOptions: { clock, exceptionRate: 0 },
    jwtTtlSeconds: 365 * 24 * 3600,
    allowPrivateWebhookUrls: 'true',
    webhookRetrySchedule: '0,1',
  }));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const voidOf = (token: string, orderId: string, key?: string) =>
  call(server, 'POST', `/api/orders/${orderId}/void`, {
    token,
    ...(key ? { headers: { 'Idempotency-Key': key } } : {}),
  });

const cents = (usd: number) => Math.round(usd * 100);

function verified(secret: string, request: Received) {
  return new Webhook(secret).verify(request.body, {
    'webhook-id': String(request.headers['webhook-id']),
    'webhook-timestamp': String(request.headers['webhook-timestamp']),
    'webhook-signature': String(request.headers['webhook-signature']),
  }) as {
    type: string;
    livemode: boolean;
    data: { order: { _id: string; voidStatus: string; deliveryStatus: string } };
  };
}

describe('void a label', () => {
  it('voids once: the price comes back, order.refunded is delivered, a second void is 409 and refunds nothing', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const key = (await apiKeysOf(server, buyer.token)).apiKey;
    const endpoint = await createEndpoint(server, key, receiver.url('/void'), ['order.refunded']);
    const { order } = await buyLabel(server, buyer.token, upsGround(api1));
    const bought = await moneyOf(server, buyer.id);
    expect(bought.balance).toBe(5000 - cents(order.price));
    const signed = await labelLink(server, buyer.token, order._id);

    const labelsSold = async () => {
      const stats = await call(server, 'GET', '/api/admin/stats/labels?period=all', { token: admin });
      return (stats.body as { totals: { totalLabels: number; totalRevenue: number } }).totals;
    };
    const spent = async () =>
      (await call(server, 'GET', '/api/orders/stats/overview', { token: buyer.token })).body as {
        totalSpent: number;
        cancelled: number;
      };
    const soldBefore = await labelsSold();
    expect(await spent()).toMatchObject({ totalSpent: order.price, cancelled: 0 });

    const res = await voidOf(buyer.token, order._id, 'void-key-1');
    expect(res.status, res.text).toBe(200);
    // The figures follow: not spent by the customer, not sold by the business, counted as cancelled.
    expect(await spent()).toMatchObject({ totalSpent: 0, cancelled: 1 });
    const soldAfter = await labelsSold();
    expect(soldAfter.totalLabels).toBe(soldBefore.totalLabels - 1);
    expect(cents(soldAfter.totalRevenue)).toBe(cents(soldBefore.totalRevenue) - cents(order.price));
    const voided = VoidOrderResponse.parse(res.body);
    expect(voided).toMatchObject({ message: VOID_MESSAGES.refunded, refunded: order.price, newBalance: 50 });
    expect(voided.order).toMatchObject({ voidStatus: 'refunded', deliveryStatus: 'cancelled', hasLabel: false });
    const after = await moneyOf(server, buyer.id);
    expect(after).toMatchObject({ balance: 5000, ledger: 5000, refunds: 1, totalSpend: 0 });
    const [refund] = await ledgerRowsOf(server, buyer.id, 'label_refund');
    expect(refund).toMatchObject({ amount_cents: cents(order.price), reference: order._id, type: 'credit' });
    expect(refund?.description).toBe(`Refund for order ${order._id}: Label voided`);
    // The carrier has the label voided too.
    const labels = carrierOf(server).catalogues.alpha?.labels() ?? [];
    expect(labels.find((l) => l.reference === order._id)?.status).toBe('voided');
    // And it is no longer served: not by a new link, not by one signed before the void, not by the API.
    const link = await call(server, 'POST', `/api/labels/${order._id}/link`, { token: buyer.token });
    expect(link.status, link.text).toBe(409);
    expect(errorOf(link).error.message).toBe(VOID_MESSAGES.labelVoided);
    expect((await fetchLabel(server, signed.downloadUrl)).status).toBe(409);
    expect((await v1(server, 'GET', `/labels/${order._id}`, { key, template: '/labels/:order_id' })).status).toBe(409);

    await vi.waitFor(() => expect(at(receiver, '/void')).toHaveLength(1), WAIT);
    const event = verified(endpoint.secret, at(receiver, '/void')[0] as Received);
    expect(event).toMatchObject({ type: 'order.refunded', livemode: true });
    expect(event.data.order).toMatchObject({ _id: order._id, voidStatus: 'refunded', deliveryStatus: 'cancelled' });

    // The same Idempotency-Key answers the first result again; another request is refused. Nothing moves either way.
    const replay = await voidOf(buyer.token, order._id, 'void-key-1');
    expect(replay.status, replay.text).toBe(200);
    expect(VoidOrderResponse.parse(replay.body)).toMatchObject({ refunded: 0, newBalance: 50 });
    const again = await voidOf(buyer.token, order._id);
    expect(again.status, again.text).toBe(409);
    expect(errorOf(again).error.message).toBe(VOID_MESSAGES.alreadyVoided);
    expect(await moneyOf(server, buyer.id)).toEqual(after);
    expect(at(receiver, '/void')).toHaveLength(1);
  });

  it('eight voids at once: one refund, seven 409s, one order.refunded (emitted only by the refund that committed)', async () => {
    const buyer = await newCustomer(server, admin, 30);
    const key = (await apiKeysOf(server, buyer.token)).apiKey;
    await createEndpoint(server, key, receiver.url('/race'), ['order.refunded']);
    const { order } = await buyLabel(server, buyer.token, upsGround(api1));
    const answers = await Promise.all(Array.from({ length: 8 }, () => voidOf(buyer.token, order._id)));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses, answers.map((a) => a.text).join('\n')).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const refused of answers.filter((a) => a.status === 409)) {
      expect(errorOf(refused).error.message).toBe(VOID_MESSAGES.alreadyVoided);
    }
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3000, ledger: 3000, refunds: 1 });
    await vi.waitFor(() => expect(at(receiver, '/race')).toHaveLength(1), WAIT);
    // The losers' batches were refused as a whole: they recorded no event either (a second one would be queued by now).
    const events = await server.services.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM webhook_messages WHERE user_id = ${buyer.id} AND type = 'order.refunded'`,
    );
    expect(Number(events[0]?.n)).toBe(1);
  });

  it("another customer's order is 404 (web and API key), an admin voids it for its owner", async () => {
    const owner = await newCustomer(server, admin, 20);
    const other = await newCustomer(server, admin, 20);
    const { order } = await buyLabel(server, owner.token, upsGround(api1));
    const before = await moneyOf(server, owner.id);

    const web = await voidOf(other.token, order._id);
    expect(web.status, web.text).toBe(404);
    const otherKey = (await apiKeysOf(server, other.token)).apiKey;
    const api = await v1(server, 'POST', `/orders/${order._id}/void`, {
      key: otherKey,
      template: '/orders/:order_id/void',
    });
    expect(api.status, api.text).toBe(404);
    expect(await moneyOf(server, owner.id)).toEqual(before);

    const byAdmin = await voidOf(admin, order._id);
    expect(byAdmin.status, byAdmin.text).toBe(200);
    expect(VoidOrderResponse.parse(byAdmin.body).newBalance).toBe(20);
    expect(await moneyOf(server, owner.id)).toMatchObject({ balance: 2000, refunds: 1 });
  });

  it('POST /api/v1/orders/{id}/void with a live key answers the documented shape; a test key voids a test order, nothing moves', async () => {
    const buyer = await newCustomer(server, admin, 25);
    const keys = await apiKeysOf(server, buyer.token);
    const { order } = await buyLabel(server, buyer.token, upsGround(api1));
    const live = await v1(server, 'POST', `/orders/${order._id}/void`, {
      key: keys.apiKey,
      template: '/orders/:order_id/void',
    });
    expect(live.status, live.text).toBe(200);
    expect(V1VoidOrderResponse.parse(live.body)).toMatchObject({
      livemode: true,
      data: { refunded: order.price, newBalance: 25, order: { voidStatus: 'refunded' } },
    });

    const testLabel = await v1(server, 'POST', '/create-label', {
      key: keys.testKey,
      json: { ...upsGround(api1), apiId: api1._id },
    });
    expect(testLabel.status, testLabel.text).toBe(201);
    const testOrderId = (testLabel.body as { data: { _id: string } }).data._id;
    const balance = await moneyOf(server, buyer.id);
    const voided = await v1(server, 'POST', `/orders/${testOrderId}/void`, {
      key: keys.testKey,
      template: '/orders/:order_id/void',
    });
    expect(voided.status, voided.text).toBe(200);
    expect(V1VoidOrderResponse.parse(voided.body)).toMatchObject({
      livemode: false,
      data: { message: VOID_MESSAGES.testVoided, refunded: 0, order: { voidStatus: 'refunded' } },
    });
    const twice = await v1(server, 'POST', `/orders/${testOrderId}/void`, {
      key: keys.testKey,
      template: '/orders/:order_id/void',
    });
    expect(twice.status, twice.text).toBe(409);
    // A live order is not a test key's, and the other way round.
    const crossed = await v1(server, 'POST', `/orders/${testOrderId}/void`, {
      key: keys.apiKey,
      template: '/orders/:order_id/void',
    });
    expect(crossed.status, crossed.text).toBe(404);
    expect(await moneyOf(server, buyer.id)).toEqual(balance);
  });

  it('a void the carrier settles later: 202 and nothing credited until the settle job finds it accepted', async () => {
    const buyer = await newCustomer(server, admin, 40);
    const key = (await apiKeysOf(server, buyer.token)).apiKey;
    await createEndpoint(server, key, receiver.url('/pending'), ['order.refunded']);
    const { order } = await buyLabel(server, buyer.token, upsGround(api1));
    const alpha = carrierOf(server).catalogues.alpha;
    alpha?.setVoidSettlement('pending');
    try {
      const res = await voidOf(buyer.token, order._id);
      expect(res.status, res.text).toBe(202);
      expect(VoidOrderResponse.parse(res.body)).toMatchObject({
        message: VOID_MESSAGES.pending,
        refunded: 0,
        order: { voidStatus: 'pending', hasLabel: false },
      });
      const held = await moneyOf(server, buyer.id);
      expect(held).toMatchObject({ balance: 4000 - cents(order.price), refunds: 0 });
      const again = await voidOf(buyer.token, order._id);
      expect(again.status, again.text).toBe(409);
      expect(errorOf(again).error.message).toBe(VOID_MESSAGES.alreadyPending);

      const settle = () => handleJob(server.services, { type: 'orders.settle-voids', jobId: 'job_settle', limit: 50 });
      await settle();
      expect(await moneyOf(server, buyer.id)).toEqual(held);

      clock.advance(61 * 60_000); // the sandbox settles a pending void after an hour
      await settle();
      expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 4000, ledger: 4000, refunds: 1 });
      const read = await call(server, 'GET', `/api/orders/${order._id}`, { token: buyer.token });
      expect(read.body).toMatchObject({ order: { voidStatus: 'refunded', deliveryStatus: 'cancelled' } });
      await vi.waitFor(() => expect(at(receiver, '/pending')).toHaveLength(1), WAIT);
      await settle();
      expect(await moneyOf(server, buyer.id)).toMatchObject({ refunds: 1 });
    } finally {
      alpha?.setVoidSettlement('instant');
    }
  });

  it('too late: once the carrier has the parcel, or past the window, 409 and nothing moves', async () => {
    const buyer = await newCustomer(server, admin, 40);
    const { order: scanned } = await buyLabel(server, buyer.token, upsGround(api1));
    const { order: old } = await buyLabel(server, buyer.token, upsGround(api1));
    const before = await moneyOf(server, buyer.id);

    clock.advance(23 * 3600_000); // the carrier picks a parcel up within 21.5 h of the label
    const res = await voidOf(buyer.token, scanned._id);
    expect(res.status, res.text).toBe(409);
    expect(errorOf(res).error.message).toBe(VOID_MESSAGES.scanned);

    clock.advance((VOID_WINDOW_DAYS.UPS + 1) * 86_400_000);
    const late = await voidOf(buyer.token, old._id);
    expect(late.status, late.text).toBe(409);
    expect(errorOf(late).error.message).toBe(VOID_MESSAGES.tooLate(VOID_WINDOW_DAYS.UPS));

    expect(await moneyOf(server, buyer.id)).toEqual(before);
    const labels = carrierOf(server).catalogues.alpha?.labels() ?? [];
    for (const id of [scanned._id, old._id]) expect(labels.find((l) => l.reference === id)?.status).toBe('created');
  });
});
