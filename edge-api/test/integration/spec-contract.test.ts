import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, type TestServer } from './helpers';
import { RECIPIENT, SENDER, startOrdersServer } from './orders-support';
import { seededApis } from './providers-support';

/**
 * SPEC §7 path by path: each existing route gets the SPEC's request shape and must answer the fields the SPEC says its
 * client reads. Deliberate differences are listed in the README ("SPEC §7: deliberate differences"). Amazon saved
 * credentials and confirm-orders (amazon-confirm.test.ts), tracking refresh-stats and refresh-user
 * (tracking-refresh-user.test.ts) and bulk orders (bulk-orders.*.test.ts) have their own tests.
 */
describe('SPEC §7 contract: the SPEC request shapes, the fields its client reads', () => {
  let server: TestServer;
  let admin: string;
  let token: string;
  let userId: string;
  let apiId: string;
  let orderId: string;
  const email = `spec-${Date.now()}@example.com`;
  const password = 'spec-contract-passphrase-9';

  const get = async (path: string, auth = token) => call(server, 'GET', path, { token: auth });
  const body = (res: { status: number; body: unknown; text: string }, status = 200) => {
    expect(res.status, res.text).toBe(status);
    return res.body as Record<string, unknown>;
  };

  beforeAll(async () => {
    server = await startOrdersServer();
    admin = (await loginAdmin(server)).token;
    apiId = (await seededApis(server, admin)).api1._id;
  });
  afterAll(() => server.stop());

  // Auth and settings ------------------------------------------------------------------------------------------------

  it('POST /api/auth/register {name, email, password} → token, user, message', async () => {
    const res = body(
      await call(server, 'POST', '/api/auth/register', { json: { name: 'Spec Reader', email, password } }),
      201,
    );
    expect(res).toMatchObject({ token: expect.any(String), message: expect.any(String) });
    const user = res.user as Record<string, unknown>;
    for (const f of ['_id', 'name', 'email', 'balance', 'totalSpend', 'createdAt', 'isAdmin'])
      expect(user).toHaveProperty(f);
    token = res.token as string;
    userId = user._id as string;
  });

  it('POST /api/auth/login {email, password} → token, user, message; verify and verify-admin', async () => {
    const res = body(await call(server, 'POST', '/api/auth/login', { json: { email, password } }));
    expect(res).toMatchObject({ token: expect.any(String), user: { email }, message: expect.any(String) });
    expect(body(await get('/api/auth/verify'))).toHaveProperty('expired', false);
    const adminCheck = body(await get('/api/auth/verify-admin', admin));
    expect(adminCheck).toMatchObject({ message: expect.any(String), expired: false });
  });

  it('settings: public-settings (no auth) and app-settings GET/PUT {discordInviteLink, telegramInviteLink}', async () => {
    const pub = body(await call(server, 'GET', '/api/settings/public-settings'));
    for (const f of ['discordInviteLink', 'telegramInviteLink', 'supportEmail']) expect(pub).toHaveProperty(f);
    const put = await call(server, 'PUT', '/api/settings/app-settings', {
      token: admin,
      json: { discordInviteLink: 'https://discord.gg/labeldesk', telegramInviteLink: 'https://t.me/labeldesk' },
    });
    expect(put.status, put.text).toBe(200);
    expect(body(await get('/api/settings/app-settings', admin))).toMatchObject({
      discordInviteLink: 'https://discord.gg/labeldesk',
      telegramInviteLink: 'https://t.me/labeldesk',
    });
    expect((await get('/api/faqs')).status).toBe(200);
  });

  it('GET /api/user/api-key and POST /api/user/api-key/regenerate → apiKey', async () => {
    const regenerated = await call(server, 'POST', '/api/user/api-key/regenerate', { token });
    expect([200, 201]).toContain(regenerated.status);
    expect(regenerated.body).toMatchObject({ apiKey: expect.any(String) });
    expect(body(await get('/api/user/api-key'))).toHaveProperty('apiKey');
  });

  // Admin balance: the SPEC body ---------------------------------------------------------------------------------------

  it('PATCH /api/admin/users/{id}/balance {balance} sets the balance and returns the updated user', async () => {
    const res = body(
      await call(server, 'PATCH', `/api/admin/users/${userId}/balance`, { token: admin, json: { balance: 60 } }),
    );
    expect(res).toMatchObject({ _id: userId, email, balance: 60 });
    expect(body(await get('/api/balance'))).toMatchObject({ balance: 60 });
    // The extension stays: mode 'add' adds on the server.
    const added = body(
      await call(server, 'PATCH', `/api/admin/users/${userId}/balance`, {
        token: admin,
        json: { mode: 'add', amount: 5 },
      }),
    );
    expect(added).toMatchObject({ _id: userId, balance: 65 });
    const users = body(await get('/api/admin/users', admin)).users as Array<Record<string, unknown>>;
    expect(users.find((u) => u._id === userId)).toMatchObject({ balance: 65 });
  });

  // Shipping ---------------------------------------------------------------------------------------------------------

  it('shipping: apis, default-api, all-services?apiId (UPS and USPS arrays), services/reliability (an array)', async () => {
    expect(body(await get('/api/shipping/apis'))).toBeDefined();
    expect(body(await get('/api/shipping/default-api'))).toBeDefined();
    const all = body(await get(`/api/shipping/all-services?apiId=${apiId}`));
    expect(JSON.stringify(all)).toContain('UPS Ground');
    const reliability = (await get('/api/shipping/services/reliability')).body;
    expect(Array.isArray(reliability)).toBe(true);
    const [first] = reliability as Array<{ _id: string; name: string; services: Record<string, unknown[]> }>;
    expect(first).toMatchObject({ _id: apiId, name: 'API 1' });
    expect(first?.services.UPS?.length).toBeGreaterThan(0);
  });

  // Orders: the SPEC payload with packageDetails.dimensions -----------------------------------------------------------

  const packageDetails = {
    weight: 3,
    dimensions: { length: 10, width: 8, height: 4 },
    description: 'Books',
    value: 0,
  };
  /** The SPEC's order payload (nested dimensions) for the seeded API 1's UPS Ground. */
  const specOrder = () => ({
    carrier: 'UPS',
    serviceType: 'UPS Ground',
    apiId,
    sender: SENDER,
    recipient: RECIPIENT,
    packageDetails,
  });

  it('POST /api/orders/calculate-price with packageDetails.dimensions → price, estimatedDelivery', async () => {
    const res = body(
      await call(server, 'POST', '/api/orders/calculate-price', {
        token,
        json: specOrder(),
      }),
    );
    expect(res).toMatchObject({ price: 11.4 });
    expect(res).toHaveProperty('estimatedDelivery');
  });

  it('refuses dimensions that disagree with the flat fields (400, a clear message)', async () => {
    const res = await call(server, 'POST', '/api/orders/calculate-price', {
      token,
      json: { carrier: 'UPS', serviceType: 'UPS Ground', apiId, packageDetails: { ...packageDetails, length: 12 } },
    });
    expect(res.status).toBe(400);
    expect((res.body as { error: { message: string } }).error.message).toBe(
      'packageDetails.length and packageDetails.dimensions.length differ: send one of them, or the same value in both',
    );
  });

  it('POST /api/orders (carrier, serviceType, apiId, sender, recipient, packageDetails, price) → _id', async () => {
    const res = body(
      await call(server, 'POST', '/api/orders', {
        token,
        json: { ...specOrder(), price: 11.4, estimatedDelivery: null },
      }),
      201,
    );
    orderId = res._id as string;
    expect(orderId).toMatch(/^ord_/);
    const order = body(await get(`/api/orders/${orderId}`)).order as Record<string, unknown>;
    expect(order).toMatchObject({
      _id: orderId,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      price: 11.4,
      packageDetails: { weight: 3, dimensions: { length: 10, width: 8, height: 4 } },
    });
    for (const f of ['orderId', 'createdAt', 'trackingNumber', 'deliveryStatus', 'status', 'recipient', 'sender']) {
      expect(order).toHaveProperty(f);
    }
  });

  it('orders: list ?page&limit&status, counts, stats/overview, date-range/{start}/{end} (an array)', async () => {
    const list = body(await get('/api/orders?page=1&limit=10&status=all'));
    expect((list.orders as unknown[]).length).toBe(1);
    expect(body(await get('/api/orders/counts'))).toMatchObject({ all: 1, pending: expect.any(Number) });
    const stats = body(await get('/api/orders/stats/overview'));
    for (const f of ['totalOrders', 'inTransit', 'pending', 'delivered', 'totalSpent', 'dailyOrders']) {
      expect(stats).toHaveProperty(f);
    }
    // The order's own (UTC) day: "today" read now could already be the next day if the suite ran past midnight.
    const order = body(await get(`/api/orders/${orderId}`)).order as { createdAt: string };
    const day = order.createdAt.slice(0, 10);
    const range = (await get(`/api/orders/date-range/${day}/${day}`)).body;
    expect(Array.isArray(range) && range.length).toBe(1);
  });

  it('tracking: GET /api/tracking/{orderId} → deliveryStatus, events, lastChecked, trackingNumber', async () => {
    const res = body(await get(`/api/tracking/${orderId}`));
    for (const f of ['deliveryStatus', 'events', 'lastChecked', 'trackingNumber']) expect(res).toHaveProperty(f);
  });

  it('balance: GET /api/balance → balance; /transactions → transactions', async () => {
    expect(body(await get('/api/balance'))).toMatchObject({ balance: 53.6 });
    const tx = body(await get('/api/balance/transactions')).transactions as Array<Record<string, unknown>>;
    for (const f of ['_id', 'transactionId', 'description', 'createdAt', 'status', 'type', 'amount', 'balanceAfter']) {
      expect(tx[0]).toHaveProperty(f);
    }
  });

  it('addresses: POST, GET, GET type/sender, PUT, DELETE with the SPEC address fields', async () => {
    const address = { ...SENDER, type: 'sender', isDefault: true };
    const created = body(await call(server, 'POST', '/api/addresses', { token, json: address }), 201);
    const id = ((created.address ?? created) as Record<string, unknown>)._id as string;
    expect(id).toBeTruthy();
    expect(JSON.stringify(body(await get('/api/addresses/type/sender')))).toContain(id);
    expect(
      (await call(server, 'PUT', `/api/addresses/${id}`, { token, json: { ...address, city: 'Oakland' } })).status,
    ).toBe(200);
    expect((await call(server, 'DELETE', `/api/addresses/${id}`, { token })).status).toBe(200);
  });

  it('crypto: POST create-invoice {amount} → transactionId, paymentUrl; GET transactions', async () => {
    const res = body(await call(server, 'POST', '/api/crypto/create-invoice', { token, json: { amount: 10 } }), 201);
    expect(res).toMatchObject({ transactionId: expect.any(String), paymentUrl: expect.any(String) });
    expect((await get('/api/crypto/transactions')).status).toBe(200);
  });

  // Admin ------------------------------------------------------------------------------------------------------------

  it('admin: stats/labels?period, orders?page&limit, bulk-orders, deposits, config/apis, faqs', async () => {
    const stats = body(await get('/api/admin/stats/labels?period=all', admin));
    expect(stats).toMatchObject({ totals: { totalLabels: 1 } });
    expect(stats).toHaveProperty('carrierStats');
    expect(body(await get('/api/admin/orders?page=1&limit=10', admin))).toMatchObject({ totalPages: 1 });
    expect(body(await get('/api/admin/bulk-orders?page=1&limit=10', admin))).toHaveProperty('bulkOrders');
    const deposits = body(await get('/api/admin/deposits?page=1&limit=10', admin));
    for (const f of ['deposits', 'totalPages', 'totalTransactions']) expect(deposits).toHaveProperty(f);
    expect((await get('/api/admin/config/apis', admin)).status).toBe(200);
    const faq = await call(server, 'POST', '/api/admin/faqs', {
      token: admin,
      json: { question: 'Q?', answer: 'A.', tags: ['general'], order: 1 },
    });
    expect(faq.status, faq.text).toBe(201);
    expect((await get('/api/admin/faqs', admin)).status).toBe(200);
  });
});
