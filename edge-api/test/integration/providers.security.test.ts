import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';
import { carrierOf, enc, seededApis } from './providers-support';

/** Every route of the providers issue, with a body where it takes one. */
function adminRoutes(ids: { apiId: string; otherApiId: string; userId: string }) {
  const svc = `${ids.apiId}/UPS/${enc('UPS Ground')}`;
  return [
    ['GET', '/api/admin/config/apis', undefined],
    ['POST', '/api/admin/config/apis', { name: 'X', key: 'k', baseUrl: 'https://93.184.215.14/v' }],
    ['PUT', `/api/admin/config/apis/${ids.otherApiId}`, { key: 'new-key' }],
    ['PATCH', `/api/admin/config/apis/${ids.otherApiId}/set-default`, undefined],
    ['GET', `/api/admin/config/apis/${ids.apiId}/provider-prices`, undefined],
    ['PATCH', `/api/admin/config/pricing/${svc}`, { basePrice: 9.5, enabled: true }],
    ['PATCH', `/api/admin/config/service-reliability/${svc}`, { reliabilityStatus: 'reliable' }],
    ['GET', `/api/admin/config/dynamic-pricing/${svc}`, undefined],
    ['PATCH', `/api/admin/config/dynamic-pricing/${svc}`, { pricingTiers: [{ start: 0, end: 1, price: 9 }] }],
    ['POST', '/api/admin/services/check-updates', { apis: [{ id: ids.apiId }] }],
    ['POST', '/api/admin/services/cleanup-report', { apis: [{ id: ids.apiId }] }],
    [
      'POST',
      '/api/admin/services/add-services',
      { services: [{ apiId: ids.apiId, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
    ],
    [
      'POST',
      '/api/admin/services/remove-services',
      { services: [{ apiId: ids.apiId, carrier: 'FEDEX', serviceName: 'FedEx 2Day' }] },
    ],
    ['GET', `/api/admin/users/${ids.userId}/pricing/${ids.apiId}`, undefined],
    ['PATCH', `/api/admin/users/${ids.userId}/pricing/${ids.apiId}`, { enabled: true, carriers: {} }],
    ['DELETE', `/api/admin/config/apis/${ids.otherApiId}`, undefined],
  ] as const;
}

function customerRoutes(apiId: string) {
  return [
    ['GET', '/api/shipping/apis'],
    ['GET', '/api/shipping/default-api'],
    ['GET', `/api/shipping/all-services?apiId=${apiId}`],
    ['GET', '/api/shipping/all-services'],
    ['GET', '/api/shipping/services/reliability'],
  ] as const;
}

describe('providers routes: role matrix', () => {
  let server: TestServer;
  let customer: { token: string; id: string };
  let admin: string;
  let ids: { apiId: string; otherApiId: string; userId: string };

  beforeAll(async () => {
    server = await startTestServer();
    const c = await register(server, { name: 'Carol', email: 'carol@example.com', password: 'pw-12345' });
    customer = { token: c.token, id: c.user._id };
    admin = (await loginAdmin(server)).token;
    const { api1, api2 } = await seededApis(server, admin);
    ids = { apiId: api1._id, otherApiId: api2._id, userId: customer.id };
  });
  afterAll(() => server.stop());

  it('anonymous callers get 401 on every admin and customer route', async () => {
    for (const [method, path, json] of adminRoutes(ids)) {
      const res = await call(server, method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(errorOf(res).expired).toBe(true);
    }
    for (const [method, path] of customerRoutes(ids.apiId)) {
      const res = await call(server, method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('customers get 403 on every admin route and change nothing', async () => {
    const before = (await call(server, 'GET', '/api/admin/config/apis', { token: admin })).text;
    for (const [method, path, json] of adminRoutes(ids)) {
      const res = await call(server, method, path, { token: customer.token, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res).error).toEqual({ code: 'forbidden', message: 'Admin access required', details: [] });
    }
    expect((await call(server, 'GET', '/api/admin/config/apis', { token: admin })).text).toBe(before);
  });

  it('customers may use the customer routes, and admins too', async () => {
    for (const token of [customer.token, admin]) {
      for (const [method, path] of customerRoutes(ids.apiId)) {
        const res = await call(server, method, path, { token });
        expect(res.status, `${method} ${path}`).toBe(200);
        expect(res.text).not.toContain(carrierOf(server).catalogues.alpha?.apiKey ?? '(none)');
        expect(res.text).not.toContain('baseUrl');
      }
    }
  });

  it('admins may use every admin route', async () => {
    for (const [method, path, json] of adminRoutes(ids)) {
      const res = await call(server, method, path, { token: admin, json });
      expect([200, 201], `${method} ${path}: ${res.text}`).toContain(res.status);
    }
  });
});
