import { BULK_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { purchase, seedBulkOrder } from './bulk-orders-support';
import { call, errorOf, type TestServer } from './helpers';
import { newCustomer, startShop } from './orders-support';

/**
 * The role matrix of the bulk order reads: anonymous 401, another customer 404 (never 403: ids cannot be probed), a
 * customer on admin routes 403, the owner and the admin 200.
 */
describe('bulk orders: who may read what', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let alices: string;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    alice = await newCustomer(server, admin, 100, 'Alice Owner');
    bob = await newCustomer(server, admin, 100, 'Bob Other');
    const bought = await purchase(server, alice.token, api1, { recipientName: 'Sec Bought' });
    const refused = await purchase(server, alice.token, api1, { recipientName: 'Sec Refused', refused: true });
    alices = await seedBulkOrder(server, { userId: alice.id, rows: [{ orderId: bought }, { orderId: refused }] });
  });
  afterAll(() => server.stop());

  const customerReads = () => [`/api/orders/bulk/${alices}`, `/api/orders/bulk/${alices}/failed-csv`];
  const adminReads = () => ['/api/admin/bulk-orders', `/api/admin/bulk-orders/${alices}`];

  it('anonymous callers and broken tokens get 401 everywhere', async () => {
    for (const path of ['/api/orders/bulk/history', ...customerReads(), ...adminReads()]) {
      const anonymous = await call(server, 'GET', path);
      expect(anonymous.status, path).toBe(401);
      const forged = await call(server, 'GET', path, { token: 'not.a.token' });
      expect(forged.status, path).toBe(401);
    }
  });

  it('another customer cannot read a bulk order, and learns nothing about it (404, as if it did not exist)', async () => {
    for (const path of customerReads()) {
      const res = await call(server, 'GET', path, { token: bob.token });
      expect(res.status, path).toBe(404);
      expect(errorOf(res).error.message).toBe(BULK_MESSAGES.bulkOrderNotFound);
      expect(res.text).not.toContain('Sec Bought');
    }
    const history = await call(server, 'GET', '/api/orders/bulk/history', { token: bob.token });
    expect(history.body).toMatchObject({ bulkOrders: [], totalBulkOrders: 0 });
    // Searching for the id does not reveal it either.
    const search = await call(server, 'GET', `/api/orders/bulk/history?search=${alices}`, { token: bob.token });
    expect(search.body).toMatchObject({ bulkOrders: [], totalBulkOrders: 0 });
  });

  it('combined labels: another customer 404, no credentials 403 as for single labels, anonymous link request 401', async () => {
    const get = await call(server, 'GET', `/api/labels/bulk/${alices}`, { token: bob.token });
    expect(get.status).toBe(404);
    expect(errorOf(get).error.message).toBe(BULK_MESSAGES.bulkOrderNotFound);
    const bobLink = await call(server, 'POST', `/api/labels/bulk/${alices}/link`, { token: bob.token });
    expect(bobLink.status).toBe(404);
    expect((await call(server, 'GET', `/api/labels/bulk/${alices}`)).status).toBe(403);
    expect((await call(server, 'POST', `/api/labels/bulk/${alices}/link`)).status).toBe(401);
    const owner = await call(server, 'GET', `/api/labels/bulk/${alices}`, { token: alice.token });
    expect(owner.status).toBe(200);
    expect(owner.headers.get('content-type')).toBe('application/pdf');
    expect((await call(server, 'GET', `/api/labels/bulk/${alices}`, { token: admin })).status).toBe(200);
  });

  it('customers cannot use the admin routes (403), not even for their own bulk order', async () => {
    for (const path of adminReads()) {
      const res = await call(server, 'GET', path, { token: alice.token });
      expect(res.status, path).toBe(403);
      expect(errorOf(res).error.code).toBe('forbidden');
    }
  });

  it('the owner and the admin read it', async () => {
    for (const path of customerReads()) {
      expect((await call(server, 'GET', path, { token: alice.token })).status, path).toBe(200);
      expect((await call(server, 'GET', path, { token: admin })).status, path).toBe(200);
    }
    for (const path of adminReads()) {
      expect((await call(server, 'GET', path, { token: admin })).status, path).toBe(200);
    }
  });
});
