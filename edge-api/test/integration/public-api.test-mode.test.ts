import { V1CreateLabelResponse, V1OrderListResponse, V1VoidOrderResponse, VOID_MESSAGES } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { handleJob } from '../../src/jobs/handle-job';
import { testQuotaMessage } from '../../src/use-cases/test-mode/test-mode';
import { type CallResult, call, errorOf, type TestServer } from './helpers';
import { ledgerRowsOf, moneyOf, newCustomer, RECIPIENT, startShop, upsGround } from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';
import { REFUSAL_CASES } from './refusal-cases';
import { at, createEndpoint, type Receiver, startReceiver } from './webhooks-support';

/**
 * Test mode on the live pipeline (issue 22), over HTTP on a real database file: a test key runs exactly the live code
 * (every bad input answers the same as with a live key), moves no money, notifies test endpoints with
 * `livemode: false`, stays out of every live read, is held to its daily quota, and is purged after 30 days.
 */

const WAIT = { timeout: 30_000, interval: 50 };
const offset = { ms: 0 };

let server: TestServer;
let admin: string;
let api1: Awaited<ReturnType<typeof startShop>>['api1'];
let receiver: Receiver;

beforeAll(async () => {
  receiver = await startReceiver();
  ({ server, admin, api1 } = await startShop({
    allowPrivateWebhookUrls: 'true',
    webhookRetrySchedule: '0,1',
    clock: { now: () => new Date(Date.now() + offset.ms) },
  }));
}, 60_000);

afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

async function integrator(balance: number) {
  const buyer = await newCustomer(server, admin, balance);
  return { ...buyer, keys: await apiKeysOf(server, buyer.token) };
}

type Request = { json?: unknown; raw?: string; headers?: Record<string, string> };

/**
 * The live suite's bad inputs: the SPEC §5 refusals of the web (orders.refusals), the public API's own (public-api.happy),
 * and what the carrier refuses (a state spelt out, a zip of emoji, a template it does not print) — inputs a test key
 * used to get 201 for.
 */
const BAD_INPUTS: Array<[string, () => Request]> = [
  ...REFUSAL_CASES.map(([name, body]): [string, () => Request] => [name, () => ({ json: body(api1) })]),
  ['a blank city and no dimensions', () => ({ json: upsGround(api1, { recipient: { ...RECIPIENT, city: '' } }) })],
  ['no service at all', () => ({ json: { ...upsGround(api1), apiId: undefined, serviceType: undefined } })],
  ['an unknown serviceId', () => ({ json: { ...upsGround(api1), serviceId: 'svc_nope' } })],
  ['a price the customer did not see', () => ({ json: { ...upsGround(api1), price: 1 } })],
  ['a form body', () => ({ raw: 'serviceId=x', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })],
  ['malformed JSON', () => ({ raw: '{"serviceId":', headers: { 'Content-Type': 'application/json' } })],
  ['a state spelt out', () => ({ json: upsGround(api1, { recipient: { ...RECIPIENT, state: 'California' } }) })],
  ['a zip of emoji', () => ({ json: upsGround(api1, { recipient: { ...RECIPIENT, zip: '📦📦' } }) })],
  [
    'a USPS template the carrier does not print',
    () => ({
      json: upsGround(api1, {
        carrier: 'USPS',
        serviceType: 'USPS Priority Mail',
        packageDetails: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4, template: 'ZPL' },
      }),
    }),
  ],
];

const answerOf = (res: CallResult) => ({ status: res.status, body: res.body ?? res.text });

describe('test mode on the live pipeline', () => {
  it.each(BAD_INPUTS)('%s: a test key answers exactly as a live key, and no money moves', async (_name, request) => {
    const me = await integrator(50);
    const live = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, ...request() });
    const test = await v1(server, 'POST', '/create-label', { key: me.keys.testKey, ...request() });
    expect(live.status, live.text).toBeGreaterThanOrEqual(400);
    expect(live.status).toBeLessThan(500);
    expect(answerOf(test)).toEqual(answerOf(live));
    // A refusal leaves the balance as it was (a carrier refusal is refunded at once); the test key wrote no ledger row.
    expect((await moneyOf(server, me.id)).balance).toBe(5000);
    const [testRows] = await server.services.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM orders WHERE user_id = ${me.id} AND livemode = 0 AND status <> 'failed'`,
    );
    expect(Number(testRows?.n)).toBe(0);
  });

  it('a test label: bought at the sandbox, nothing charged, livemode false on its webhooks, never in live reads; its void refunds nothing', async () => {
    const me = await integrator(5);
    const testHook = await createEndpoint(server, me.keys.testKey, receiver.url('/test'), [
      'order.created',
      'order.refunded',
    ]);
    await createEndpoint(server, me.keys.apiKey, receiver.url('/live'), ['order.created', 'order.refunded']);
    const before = await moneyOf(server, me.id);
    const statsBefore = await call(server, 'GET', '/api/admin/stats/labels', { token: admin });

    // $11.40, more than this balance: a test key's balance is neither checked nor touched.
    const res = await v1(server, 'POST', '/create-label', { key: me.keys.testKey, json: upsGround(api1) });
    expect(res.status, res.text).toBe(201);
    const { data, livemode } = V1CreateLabelResponse.parse(res.body);
    expect(livemode).toBe(false);
    expect(data).toMatchObject({ newBalance: 5, order: { status: 'completed', price: 11.4 } });
    await vi.waitFor(() => expect(at(receiver, '/test')).toHaveLength(1), WAIT);
    const created = JSON.parse(at(receiver, '/test')[0]?.body ?? '{}');
    expect(created).toMatchObject({ type: 'order.created', livemode: false, data: { order: { _id: data._id } } });

    // The test key's list has it; the live key's list, My Orders, the counts and the admin's screens do not.
    const testList = V1OrderListResponse.parse((await v1(server, 'GET', '/orders', { key: me.keys.testKey })).body);
    expect(testList.data.map((o) => o._id)).toEqual([data._id]);
    const liveList = V1OrderListResponse.parse((await v1(server, 'GET', '/orders', { key: me.keys.apiKey })).body);
    expect(liveList.data).toEqual([]);
    for (const path of ['/api/orders', '/api/orders/counts', '/api/orders/stats/overview']) {
      const web = await call(server, 'GET', path, { token: me.token });
      expect(web.status).toBe(200);
      expect(web.text).not.toContain(data._id);
    }
    expect((await call(server, 'GET', `/api/orders/${data._id}`, { token: me.token })).status).toBe(404);
    expect((await call(server, 'GET', `/api/orders/${data._id}`, { token: admin })).status).toBe(404);
    const adminList = await call(server, 'GET', '/api/admin/orders', { token: admin });
    expect(adminList.text).not.toContain(data._id);
    const statsAfter = await call(server, 'GET', '/api/admin/stats/labels', { token: admin });
    expect(statsAfter.body).toEqual(statsBefore.body);

    // Void with the test key: voided at the sandbox, nothing refunded, order.refunded with livemode false.
    const voided = await v1(server, 'POST', `/orders/${data._id}/void`, {
      key: me.keys.testKey,
      template: '/orders/:order_id/void',
    });
    expect(voided.status, voided.text).toBe(200);
    expect(V1VoidOrderResponse.parse(voided.body)).toMatchObject({
      livemode: false,
      data: { refunded: 0, newBalance: 5, message: VOID_MESSAGES.testVoided, order: { voidStatus: 'refunded' } },
    });
    await vi.waitFor(() => expect(at(receiver, '/test')).toHaveLength(2), WAIT);
    const refunded = JSON.parse(at(receiver, '/test')[1]?.body ?? '{}');
    expect(refunded).toMatchObject({ type: 'order.refunded', livemode: false, data: { order: { _id: data._id } } });
    expect(testHook.id).toBeTruthy();
    // Nothing reached the live endpoint, and no money moved at all.
    expect(at(receiver, '/live')).toEqual([]);
    expect(await moneyOf(server, me.id)).toEqual(before);
    expect(await ledgerRowsOf(server, me.id, 'label_purchase')).toEqual([]);
    expect(await ledgerRowsOf(server, me.id, 'label_refund')).toEqual([]);
  });

  it('test data older than 30 days is purged by the maintenance job; live data stays', async () => {
    const me = await integrator(50);
    const test = await v1(server, 'POST', '/create-label', { key: me.keys.testKey, json: upsGround(api1) });
    expect(test.status, test.text).toBe(201);
    const testId = V1CreateLabelResponse.parse(test.body).data._id;
    const live = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, json: upsGround(api1) });
    expect(live.status, live.text).toBe(201);
    const liveId = V1CreateLabelResponse.parse(live.body).data._id;
    const pdf = await fetch(`${server.url}/api/v1/labels/${testId}`, { headers: { 'x-api-key': me.keys.testKey } });
    expect(pdf.status).toBe(200);
    await vi.waitFor(async () => expect(await server.services.blobs.get(`labels/${testId}.pdf`)).not.toBeNull(), WAIT);
    const ids = async () =>
      (await server.services.db.all<{ id: string }>(sql`SELECT id FROM orders WHERE user_id = ${me.id}`)).map(
        (r) => r.id,
      );

    const purge = () => handleJob(server.services, { type: 'maintenance.purge', jobId: 'job_purge', olderThanMs: 1 });
    offset.ms = 29 * 24 * 60 * 60_000;
    try {
      await purge();
      expect((await ids()).sort()).toEqual([liveId, testId].sort());
      offset.ms = 31 * 24 * 60 * 60_000;
      await purge();
    } finally {
      offset.ms = 0;
    }
    expect(await ids()).toEqual([liveId]);
    expect(await server.services.blobs.get(`labels/${testId}.pdf`)).toBeNull();
    expect(
      (await v1(server, 'GET', `/orders/${testId}`, { key: me.keys.testKey, template: '/orders/:order_id' })).status,
    ).toBe(404);
  });
});

describe('the daily test quota (TEST_LABELS_PER_DAY)', () => {
  it('refuses test labels past the quota with 429 until midnight UTC; live purchases are not affected', async () => {
    const shop = await startShop({ testLabelsPerDay: '2' });
    try {
      const buyer = await newCustomer(shop.server, shop.admin, 50);
      const keys = await apiKeysOf(shop.server, buyer.token);
      for (let i = 0; i < 2; i++) {
        const ok = await v1(shop.server, 'POST', '/create-label', { key: keys.testKey, json: upsGround(shop.api1) });
        expect(ok.status, ok.text).toBe(201);
      }
      const over = await v1(shop.server, 'POST', '/create-label', { key: keys.testKey, json: upsGround(shop.api1) });
      expect(over.status, over.text).toBe(429);
      expect(errorOf(over).error).toMatchObject({ code: 'rate_limited', message: testQuotaMessage(2) });
      const retryAfter = Number(over.headers.get('retry-after'));
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(86_400);
      const [n] = await shop.server.services.db.all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM orders WHERE user_id = ${buyer.id}`,
      );
      expect(Number(n?.n)).toBe(2);
      const live = await v1(shop.server, 'POST', '/create-label', { key: keys.apiKey, json: upsGround(shop.api1) });
      expect(live.status, live.text).toBe(201);
    } finally {
      await shop.server.stop();
    }
  });
});
