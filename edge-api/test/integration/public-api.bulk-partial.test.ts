import { V1_PARTIAL_MESSAGES, V1BulkOrderResponse, V1CreateBulkLabelsResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectSettled, waitForBulk } from './bulk-engine-support';
import { errorOf, type TestServer } from './helpers';
import { moneyOf, RECIPIENT, SENDER, startShop } from './orders-support';
import { bulkFootprint, CREATE_BULK, integrator as newIntegrator, upsGroundServiceId } from './public-api-bulk-support';
import { v1 } from './public-api-support';

/**
 * POST /api/v1/create-bulk-labels with `"partial": true` over HTTP on a real database file: the valid orders are held
 * for, bought by the bulk engine and keep their index as their row; the invalid ones come back in `rejected[]` with the
 * request's own paths. Without the flag (or with `false`) the same body is still refused whole and nothing is written.
 */

const CREATE = CREATE_BULK;

/** UPS Ground, 3 lbs: $11.40 on catalogue alpha. */
const order = (n: number) => ({
  sender: SENDER,
  recipient: { ...RECIPIENT, name: `Partial Receiver ${n}` },
  packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 }, description: `Parcel ${n}` },
});

/** Orders 0, 2 and 5 can be bought; 1, 3 and 4 cannot, each for a reason found at a different step. */
const mixed = () => [
  order(0),
  // The route's schema: a blank zip and a missing city.
  { ...order(1), recipient: { ...RECIPIENT, zip: '', city: undefined } },
  order(2),
  // The price: UPS Ground takes at most 150 lbs.
  { ...order(3), packageDetails: { ...order(3).packageDetails, weight: 400 } },
  // Not an order at all.
  'not an order',
  order(5),
];

describe('POST /api/v1/create-bulk-labels with partial: true', () => {
  let server: TestServer;
  let admin: string;
  let serviceId: string;

  beforeAll(async () => {
    ({ server, admin } = await startShop());
    serviceId = await upsGroundServiceId(server, (await integrator(0)).keys.apiKey);
  });
  afterAll(() => server.stop());

  const integrator = (balance: number) => newIntegrator(server, admin, balance);
  const footprint = (userId: string) => bulkFootprint(server, userId);

  const expectedRejections = [
    {
      index: 1,
      details: [
        { path: 'orders[1].recipient.city', message: expect.any(String) },
        { path: 'orders[1].recipient.zip', message: expect.any(String) },
      ],
    },
    { index: 3, details: [{ path: 'orders[3].packageDetails.weight', message: expect.stringContaining('Weight') }] },
    { index: 4, details: [{ path: 'orders[4]', message: expect.any(String) }] },
  ];

  it('buys the valid orders, keeps their index as their row, and answers the others in rejected[]', async () => {
    const me = await integrator(100);
    const key = me.keys.apiKey;
    const res = await v1(server, 'POST', CREATE, {
      key,
      json: { serviceId, partial: true, orders: mixed() },
      headers: { 'Idempotency-Key': 'partial-1' },
    });
    expect(res.status, res.text).toBe(201);
    const { data } = V1CreateBulkLabelsResponse.parse(res.body);
    expect(data).toMatchObject({
      totalPrice: 34.2,
      newBalance: 65.8,
      processingStatus: { totalLabels: 3 },
      rejected: expectedRejections,
    });
    expect(data.rejected).toHaveLength(3);
    // ONE hold of the three valid orders.
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 6580, ledger: 6580, debits: 1 });

    const final = await waitForBulk(server, data.bulkOrderId);
    expect(final).toMatchObject({ status: 'completed', order_count: 3, failed_order_count: 0 });
    await expectSettled(server, me.id, data.bulkOrderId, 10_000);
    const read = await v1(server, 'GET', `/bulk-orders/${data.bulkOrderId}`, {
      key,
      template: '/bulk-orders/:bulk_order_id',
    });
    const detail = V1BulkOrderResponse.parse(read.body).data;
    expect(detail.orders.map((o) => [o.rowIndex, o.recipient.name])).toEqual([
      [0, 'Partial Receiver 0'],
      [2, 'Partial Receiver 2'],
      [5, 'Partial Receiver 5'],
    ]);

    // The same key and body again: the first bulk order and the same rejections, nothing charged twice.
    const again = await v1(server, 'POST', CREATE, {
      key,
      json: { serviceId, partial: true, orders: mixed() },
      headers: { 'Idempotency-Key': 'partial-1' },
    });
    expect(again.status, again.text).toBe(200);
    expect(V1CreateBulkLabelsResponse.parse(again.body).data).toMatchObject({
      bulkOrderId: data.bulkOrderId,
      rejected: expectedRejections,
    });
    expect((await footprint(me.id)).bulks).toBe(1);

    // The key is bound to the whole request: the same valid orders with another rejected one are another request.
    const changed = mixed();
    changed[4] = 'another thing that is not an order';
    const conflict = await v1(server, 'POST', CREATE, {
      key,
      json: { serviceId, partial: true, orders: changed },
      headers: { 'Idempotency-Key': 'partial-1' },
    });
    expect(conflict.status, conflict.text).toBe(409);
    expect((await footprint(me.id)).bulks).toBe(1);
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 6580, debits: 1 });
  });

  it('without the flag, or with false, the same body is refused whole as before, and nothing is written', async () => {
    const me = await integrator(100);
    const before = await footprint(me.id);
    const answers = [];
    for (const partial of [undefined, false]) {
      const res = await v1(server, 'POST', CREATE, {
        key: me.keys.apiKey,
        json: { serviceId, ...(partial === undefined ? {} : { partial }), orders: mixed() },
      });
      expect(res.status, res.text).toBe(400);
      const { error } = errorOf(res);
      expect(error.code).toBe('invalid_input');
      expect(error.message).toBe('Rows 2, 5 are not valid');
      expect(error.details.map((d) => d.path)).toEqual([
        'orders.1.recipient.city',
        'orders.1.recipient.zip',
        'orders.4',
      ]);
      expect(res.body).not.toHaveProperty('rejected');
      answers.push(res.body);
    }
    expect(answers[1]).toEqual(answers[0]);
    // The weight is the engine's check: still all or nothing, naming row 4.
    const heavy = await v1(server, 'POST', CREATE, {
      key: me.keys.apiKey,
      json: { serviceId, orders: [order(0), mixed()[3]] },
    });
    expect(heavy.status, heavy.text).toBe(400);
    expect(errorOf(heavy).error.details.map((d) => d.path)).toEqual(['orders.1']);
    expect(await footprint(me.id)).toEqual(before);
  });

  it('refuses a request none of whose orders is valid, and a partial that is not a boolean; nothing is written', async () => {
    const me = await integrator(100);
    const before = await footprint(me.id);
    const none = await v1(server, 'POST', CREATE, {
      key: me.keys.apiKey,
      json: { serviceId, partial: true, orders: mixed().filter((_, i) => [1, 3, 4].includes(i)) },
    });
    expect(none.status, none.text).toBe(400);
    expect(errorOf(none).error).toMatchObject({
      message: V1_PARTIAL_MESSAGES.nothingValid,
      details: [
        { path: 'orders[0].recipient.city' },
        { path: 'orders[0].recipient.zip' },
        { path: 'orders[1].packageDetails.weight' },
        { path: 'orders[2]' },
      ],
    });
    const yes = await v1(server, 'POST', CREATE, {
      key: me.keys.apiKey,
      json: { serviceId, partial: 'yes', orders: [order(0)] },
    });
    expect(yes.status, yes.text).toBe(400);
    expect(errorOf(yes).error).toMatchObject({
      message: V1_PARTIAL_MESSAGES.partial,
      details: [{ path: 'partial', message: V1_PARTIAL_MESSAGES.partial }],
    });
    expect(await footprint(me.id)).toEqual(before);
  });

  it('a test key takes partial: true the same way, with nothing charged', async () => {
    const me = await integrator(100);
    const res = await v1(server, 'POST', CREATE, {
      key: me.keys.testKey,
      json: { serviceId, partial: true, orders: mixed() },
    });
    expect(res.status, res.text).toBe(201);
    const { data, livemode } = V1CreateBulkLabelsResponse.parse(res.body);
    expect(livemode).toBe(false);
    expect(data).toMatchObject({ totalPrice: 34.2, rejected: expectedRejections });
    const read = await v1(server, 'GET', `/bulk-orders/${data.bulkOrderId}`, {
      key: me.keys.testKey,
      template: '/bulk-orders/:bulk_order_id',
    });
    expect(V1BulkOrderResponse.parse(read.body).data.orders.map((o) => o.rowIndex)).toEqual([0, 2, 5]);
    expect(await footprint(me.id)).toMatchObject({ money: { balance: 10_000, debits: 0 }, bulks: 0, tests: 1 });
  });
});
