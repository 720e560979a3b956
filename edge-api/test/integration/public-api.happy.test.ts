import {
  ORDER_MESSAGES,
  type ShippingApiConfig,
  V1CreateLabelResponse,
  V1OrderResponse,
  V1ServicesResponse,
  V1UserResponse,
} from '@labeldesk/contracts';
import { isValidTrackingNumber } from '@labeldesk/sandbox-carrier';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_BODY_BYTES } from '../../src/app';
import { call, errorOf, type TestServer } from './helpers';
import {
  ledgerRowsOf,
  moneyOf,
  newCustomer,
  ordersOf,
  RECIPIENT,
  SENDER,
  startShop,
  startsWithPdf,
} from './orders-support';
import { apiKeysOf, v1 } from './public-api-support';

/** The SPEC's request shape: nested dimensions, the service by its id from GET /services. */
const specLabel = (serviceId: string) => ({
  serviceId,
  sender: SENDER,
  recipient: RECIPIENT,
  packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 }, description: 'Books' },
});

describe('the public API, happy paths and bad input (every answer checked against the OpenAPI document)', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
  });
  afterAll(() => server.stop());

  async function integrator(balance: number) {
    const buyer = await newCustomer(server, admin, balance);
    return { ...buyer, keys: await apiKeysOf(server, buyer.token) };
  }

  async function upsGroundId(key: string): Promise<string> {
    const res = await v1(server, 'GET', '/services', { key });
    const id = V1ServicesResponse.parse(res.body).data.services.UPS.find((s) => s.name === 'UPS Ground')?.id;
    if (!id) throw new Error('UPS Ground not listed');
    return id;
  }

  it('GET /user answers the key owner in the SPEC envelope, with every accepted header form', async () => {
    const me = await integrator(25);
    for (const headers of [
      { 'x-api-key': `Bearer ${me.keys.apiKey}` },
      { 'x-api-key': me.keys.apiKey },
      { Authorization: `Bearer ${me.keys.apiKey}` },
    ] as Record<string, string>[]) {
      const res = await v1(server, 'GET', '/user', { headers });
      expect(res.status).toBe(200);
      const body = V1UserResponse.parse(res.body);
      expect(body).toMatchObject({ status: 'success', livemode: true, data: { _id: me.id, balance: 25 } });
    }
  });

  it('GET /services lists the APIs and the services by carrier with this customer’s price', async () => {
    const me = await integrator(0);
    const res = await v1(server, 'GET', '/services', { key: me.keys.apiKey });
    expect(res.status).toBe(200);
    const { data } = V1ServicesResponse.parse(res.body);
    expect(data.apis.map((a) => a.name).sort()).toEqual(['API 1', 'API 2']);
    expect(data.apis.find((a) => a.isDefault)?.id).toBe(data.apiId);
    const ground = data.services.UPS.find((s) => s.name === 'UPS Ground');
    expect(ground).toMatchObject({ carrier: 'UPS', reliabilityStatus: expect.any(String), code: expect.any(String) });
    expect(ground?.price).toBeGreaterThan(0);
    const other = await v1(server, 'GET', `/services?apiId=nope`, { key: me.keys.apiKey, template: '/services' });
    expect(other.status).toBe(404);
  });

  it('POST /create-label buys exactly as the web app does; the order and its label PDF read back', async () => {
    const me = await integrator(50);
    const serviceId = await upsGroundId(me.keys.apiKey);
    const res = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, json: specLabel(serviceId) });
    expect(res.status, res.text).toBe(201);
    const { data } = V1CreateLabelResponse.parse(res.body);
    expect(data.order).toMatchObject({ status: 'completed', carrier: 'UPS', serviceType: 'UPS Ground', price: 11.4 });
    expect(data.newBalance).toBe(38.6);
    expect(isValidTrackingNumber('UPS', data.order.trackingNumber)).toBe(true);
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 3860, ledger: 3860, debits: 1 });
    const [row] = await ordersOf(server, me.id);
    expect(row?.id).toBe(data._id);

    const read = await v1(server, 'GET', `/orders/${data._id}`, { key: me.keys.apiKey, template: '/orders/:order_id' });
    expect(V1OrderResponse.parse(read.body).data).toEqual(data.order);
    const pdf = await fetch(`${server.url}/api/v1/labels/${data._id}`, { headers: { 'x-api-key': me.keys.apiKey } });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('x-ratelimit-limit')).toBe('100');
    expect(startsWithPdf(new Uint8Array(await pdf.arrayBuffer()))).toBe(true);
    // The same label as ZPL for a 300 dpi printer (issue 24).
    const zpl = await fetch(`${server.url}/api/v1/labels/${data._id}?format=zpl&dpi=300`, {
      headers: { 'x-api-key': me.keys.apiKey },
    });
    expect(zpl.status).toBe(200);
    expect(zpl.headers.get('content-type')).toBe('application/zpl');
    expect(await zpl.text()).toContain('^PW1200');

    // The web app lists it like any other purchase.
    const list = await call(server, 'GET', '/api/orders', { token: me.token });
    expect(JSON.stringify(list.body)).toContain(data._id);
  });

  it('accepts the flat package and apiId/carrier/serviceType, and Idempotency-Key replays without charging twice', async () => {
    const me = await integrator(50);
    const body = {
      apiId: api1._id,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      sender: SENDER,
      recipient: RECIPIENT,
      packageDetails: { weight: 3, length: 10, width: 8, height: 4 },
    };
    const headers = { 'Idempotency-Key': 'integrator-order-1' };
    const first = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, json: body, headers });
    expect(first.status, first.text).toBe(201);
    const again = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, json: body, headers });
    expect(again.status).toBe(200);
    expect(V1CreateLabelResponse.parse(again.body).data._id).toBe(V1CreateLabelResponse.parse(first.body).data._id);
    const changed = await v1(server, 'POST', '/create-label', {
      key: me.keys.apiKey,
      json: { ...body, packageDetails: { ...body.packageDetails, weight: 4 } },
      headers,
    });
    expect(changed.status).toBe(409);
    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 3860, debits: 1 });
  });

  it('bad input answers 4xx with a clear message and charges nothing', async () => {
    const me = await integrator(50);
    const serviceId = await upsGroundId(me.keys.apiKey);
    const key = me.keys.apiKey;

    const invalid = await v1(server, 'POST', '/create-label', {
      key,
      json: { ...specLabel(serviceId), recipient: { ...RECIPIENT, city: '' }, packageDetails: { weight: 3 } },
    });
    expect(invalid.status).toBe(400);
    const details = errorOf(invalid).error.details.map((d) => `${d.path}: ${d.message}`);
    expect(details).toContain('recipient.city: City is required');
    expect(details.some((d) => d.startsWith('packageDetails.dimensions'))).toBe(true);

    const noService = await v1(server, 'POST', '/create-label', {
      key,
      json: { ...specLabel(serviceId), serviceId: undefined },
    });
    expect(noService.status).toBe(400);
    expect(errorOf(noService).error.message).toMatch(/serviceId/);

    const unknownService = await v1(server, 'POST', '/create-label', { key, json: specLabel('svc_nope') });
    expect(unknownService.status).toBe(404);

    const form = await v1(server, 'POST', '/create-label', {
      key,
      raw: 'serviceId=x',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect(form.status).toBe(415);
    expect(errorOf(form).error.code).toBe('unsupported_media_type');

    const malformed = await v1(server, 'POST', '/create-label', {
      key,
      raw: '{"serviceId":',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(errorOf(malformed).error.code).toBe('malformed_json');

    const huge = await v1(server, 'POST', '/create-label', {
      key,
      raw: JSON.stringify({ ...specLabel(serviceId), padding: 'x'.repeat(MAX_BODY_BYTES) }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(huge.status).toBe(413);

    const poor = await integrator(1);
    const broke = await v1(server, 'POST', '/create-label', { key: poor.keys.apiKey, json: specLabel(serviceId) });
    expect(broke.status).toBe(402);

    expect(await moneyOf(server, me.id)).toMatchObject({ balance: 5000, debits: 0 });
    expect(await moneyOf(server, poor.id)).toMatchObject({ balance: 100, debits: 0 });
    expect(await ordersOf(server, me.id)).toEqual([]);
  });

  it('a test key runs the live purchase at the sandbox with no money moving, and its order is never visible as a live one', async () => {
    const me = await integrator(20);
    const before = await moneyOf(server, me.id);
    const serviceId = await upsGroundId(me.keys.testKey);
    const res = await v1(server, 'POST', '/create-label', {
      key: me.keys.testKey,
      json: specLabel(serviceId),
      headers: { 'Idempotency-Key': 'test-1' },
    });
    expect(res.status, res.text).toBe(201);
    const body = V1CreateLabelResponse.parse(res.body);
    expect(body.livemode).toBe(false);
    // The live pipeline: an order like any other, bought at the carrier sandbox (a tracking number it issued).
    expect(body.data._id).toMatch(/^ord_/);
    expect(body.data.order).toMatchObject({ price: 11.4, status: 'completed', carrier: 'UPS' });
    expect(isValidTrackingNumber('UPS', body.data.order.trackingNumber)).toBe(true);
    expect(body.data.newBalance).toBe(20);

    // The same checks as live: over the balance is fine (nothing is charged), bad input is refused the same way.
    const heavy = await v1(server, 'POST', '/create-label', {
      key: me.keys.testKey,
      json: { ...specLabel(serviceId), packageDetails: { weight: 3, dimensions: { length: 0, width: 8, height: 4 } } },
    });
    expect(heavy.status).toBe(400);

    // Readable with the test key; its label (the sandbox's) opens in every format of its API.
    const read = await v1(server, 'GET', `/orders/${body.data._id}`, {
      key: me.keys.testKey,
      template: '/orders/:order_id',
    });
    expect(V1OrderResponse.parse(read.body).data).toEqual(body.data.order);
    const pdf = await fetch(`${server.url}/api/v1/labels/${body.data._id}`, {
      headers: { 'x-api-key': me.keys.testKey },
    });
    expect(pdf.status).toBe(200);
    const text = new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()));
    expect(text.startsWith('%PDF-')).toBe(true);
    const testZpl = await fetch(`${server.url}/api/v1/labels/${body.data._id}?format=zpl`, {
      headers: { 'x-api-key': me.keys.testKey },
    });
    expect(testZpl.status).toBe(200);
    expect(await testZpl.text()).toContain(body.data.order.trackingNumber);

    // No money moved, no ledger row, no live order anywhere: the live key, the web app, counts and the admin.
    expect(await moneyOf(server, me.id)).toEqual(before);
    expect(await ledgerRowsOf(server, me.id, 'label_purchase')).toEqual([]);
    // One row in orders, marked test, whose debit names no ledger row.
    const rows = await server.services.db.all<{ id: string; livemode: number; debit_entry_id: string }>(
      sql`SELECT id, livemode, debit_entry_id FROM orders WHERE user_id = ${me.id}`,
    );
    expect(rows).toEqual([{ id: body.data._id, livemode: 0, debit_entry_id: expect.stringMatching(/^nomoney_/) }]);
    const asLive = await v1(server, 'GET', `/orders/${body.data._id}`, {
      key: me.keys.apiKey,
      template: '/orders/:order_id',
    });
    expect(asLive.status).toBe(404);
    const liveLabel = await v1(server, 'GET', `/labels/${body.data._id}`, {
      key: me.keys.apiKey,
      template: '/labels/:order_id',
    });
    expect(liveLabel.status).toBe(404);
    for (const path of ['/api/orders', '/api/orders/counts', '/api/orders/stats/overview']) {
      const web = await call(server, 'GET', path, { token: me.token });
      expect(web.status).toBe(200);
      expect(web.text).not.toContain(body.data._id);
    }
    const counts = await call(server, 'GET', '/api/orders/counts', { token: me.token });
    expect(counts.body).toMatchObject({ all: 0 });
    const adminList = await call(server, 'GET', '/api/admin/orders?limit=100', { token: admin });
    expect(adminList.status).toBe(200);
    expect(adminList.text).not.toContain(body.data._id);
  });
  it('a serviceId names that one service: once it is removed the id answers 404, even right after a purchase with it', async () => {
    const me = await integrator(100);
    const listed = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key: me.keys.apiKey })).body).data;
    const other = listed.services.UPS.find((s) => s.name !== 'UPS Ground' && s.active && (s.price ?? 0) > 0);
    if (!other) throw new Error('no second UPS service to remove');
    const bought = await v1(server, 'POST', '/create-label', { key: me.keys.apiKey, json: specLabel(other.id) });
    expect(bought.status, bought.text).toBe(201);
    const charged = await moneyOf(server, me.id);

    const remove = await call(server, 'POST', '/api/admin/services/remove-services', {
      token: admin,
      json: { services: [{ apiId: listed.apiId, carrier: 'UPS', serviceName: other.name }] },
    });
    expect(remove.status, remove.text).toBe(200);
    for (const key of [me.keys.apiKey, me.keys.testKey]) {
      const gone = await v1(server, 'POST', '/create-label', { key, json: specLabel(other.id) });
      expect(gone.status, gone.text).toBe(404);
      expect(errorOf(gone).error.details).toEqual([{ path: 'serviceId', message: ORDER_MESSAGES.serviceNotFound }]);
    }

    // Added again, the same service (same API, carrier and name) is a new row with a new id: the old id stays unknown
    // and must not buy the new one.
    const add = await call(server, 'POST', '/api/admin/services/add-services', {
      token: admin,
      json: { services: [{ apiId: listed.apiId, carrier: 'UPS', service: { serviceCode: other.code } }] },
    });
    expect(add.status, add.text).toBe(200);
    const again = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key: me.keys.apiKey })).body).data;
    const readded = again.services.UPS.find((s) => s.name === other.name);
    expect(readded?.id).toBeDefined();
    expect(readded?.id).not.toBe(other.id);
    for (const key of [me.keys.apiKey, me.keys.testKey]) {
      const stale = await v1(server, 'POST', '/create-label', { key, json: specLabel(other.id) });
      expect(stale.status, stale.text).toBe(404);
    }
    expect(await moneyOf(server, me.id)).toEqual(charged);
    const fresh = await v1(server, 'POST', '/create-label', {
      key: me.keys.apiKey,
      json: specLabel(readded?.id ?? ''),
    });
    expect(fresh.status, fresh.text).toBe(201);
    expect(V1CreateLabelResponse.parse(fresh.body).data.order.serviceType).toBe(other.name);
  });
});
