import {
  AddServicesResponse,
  AllServicesResponse,
  CheckUpdatesResponse,
  CleanupReportResponse,
  isReportError,
  RemoveServicesResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';
import { carrierOf, seededApis } from './providers-support';

/**
 * The admin's service report against the embedded carrier sandbox over HTTP: new, retired and inactive provider
 * services found, added and removed, and a provider that is down (split from providers.happy, its own server).
 */
describe('service report', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;
  let api1: ShippingApiConfig;
  let api2: ShippingApiConfig;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
    customer = (await register(server, { name: 'Cora', email: 'cora@example.com', password: 'pw-12345' })).token;
    ({ api1, api2 } = await seededApis(server, admin));
  });
  afterAll(() => server.stop());

  async function allServices(token: string, apiId?: string) {
    const res = await call(server, 'GET', `/api/shipping/all-services${apiId ? `?apiId=${apiId}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    return AllServicesResponse.parse(res.body);
  }

  const beta = () => {
    const handle = carrierOf(server).catalogues.beta;
    if (!handle) throw new Error('no beta');
    return handle;
  };

  it('finds nothing new right after seeding, and reads ids only (stored base URL and key are used)', async () => {
    const res = await call(server, 'POST', '/api/admin/services/check-updates', {
      token: admin,
      json: {
        apis: [
          { id: api1._id, name: 'x', key: 'evil-key', baseUrl: 'http://169.254.169.254/latest' },
          { id: api2._id },
          { id: 'api_unknown' },
        ],
      },
    });
    expect(res.status, res.text).toBe(200);
    const report = CheckUpdatesResponse.parse(res.body);
    const a1 = report[api1._id];
    if (!a1 || isReportError(a1)) throw new Error(`api1: ${JSON.stringify(a1)}`);
    expect(a1).toMatchObject({ name: 'API 1', totalServices: 18, newServices: 0 });
    expect(a1.carriers.USPS.find((s) => s.serviceCode === 'usps_priority_mail')).toMatchObject({
      isNew: false,
      status: 'active',
      averagePrice: 27.28,
      prices: expect.arrayContaining([{ price: 8.1, fromWeight: 0, toWeight: 1 }]),
    });
    expect(report[api2._id]).toMatchObject({ totalServices: 11, newServices: 0 });
    expect(report.api_unknown).toEqual({ error: 'Shipping API not found' });
  });

  it('reports a new provider service, adds it once (with the provider data), and customers can see it', async () => {
    beta().addService({
      carrier: 'USPS',
      name: 'USPS Ground Advantage 8 oz',
      serviceCode: 'usps_ground_advantage_8oz',
      weightUnit: 'oz',
      maxWeight: 8,
      tiers: [
        { fromWeight: 0, toWeight: 4, priceCents: 355 },
        { fromWeight: 4, toWeight: 8, priceCents: 415 },
      ],
      transitDays: { min: 2, max: 5 },
    });
    const report = CheckUpdatesResponse.parse(
      (
        await call(server, 'POST', '/api/admin/services/check-updates', {
          token: admin,
          json: { apis: [{ id: api2._id }] },
        })
      ).body,
    );
    const entry = report[api2._id];
    if (!entry || isReportError(entry)) throw new Error('beta report failed');
    expect(entry.newServices).toBe(1);
    const fresh = entry.carriers.USPS.find((s) => s.isNew);
    expect(fresh).toEqual({
      name: 'USPS Ground Advantage 8 oz',
      serviceCode: 'usps_ground_advantage_8oz',
      status: 'active',
      maxWeight: 8,
      weightUnit: 'oz',
      prices: [
        { price: 3.55, fromWeight: 0, toWeight: 4 },
        { price: 4.15, fromWeight: 4, toWeight: 8 },
      ],
      isNew: true,
      averagePrice: 3.85,
    });

    // The body's prices are ignored: the provider's are imported.
    const add = await call(server, 'POST', '/api/admin/services/add-services', {
      token: admin,
      json: {
        services: [
          {
            apiId: api2._id,
            carrier: 'USPS',
            service: { ...fresh, prices: [{ price: 0.01, fromWeight: 0, toWeight: 8 }] },
          },
          { apiId: api2._id, carrier: 'USPS', service: { serviceCode: 'usps_priority_mail' } },
          { apiId: api2._id, carrier: 'UPS', service: { serviceCode: 'no_such_service' } },
        ],
      },
    });
    expect(AddServicesResponse.parse(add.body)).toEqual({ addedCount: 1, message: 'Successfully added 1 services' });
    const again = await call(server, 'POST', '/api/admin/services/add-services', {
      token: admin,
      json: {
        services: [{ apiId: api2._id, carrier: 'USPS', service: { serviceCode: 'usps_ground_advantage_8oz' } }],
      },
    });
    expect(AddServicesResponse.parse(again.body).addedCount).toBe(0);

    const { api2: reloaded } = await seededApis(server, admin);
    expect(reloaded.services.USPS['USPS Ground Advantage 8 oz']).toMatchObject({
      enabled: true,
      basePrice: 3.55,
      reliabilityStatus: 'testing',
      weightUnit: 'oz',
      hasDynamicPricing: true,
      pricingTiers: [
        { start: 0, end: 4, price: 3.55 },
        { start: 4.01, end: 8, price: 4.15 },
      ],
    });
    expect(
      (await allServices(customer, api2._id)).USPS.find((s) => s.code === 'usps_ground_advantage_8oz')?.price,
    ).toBe(3.55);
  });

  it('reports services the provider retired and removes them on request', async () => {
    beta().retireService('usps_media_mail');
    const report = CleanupReportResponse.parse(
      (await call(server, 'POST', '/api/admin/services/cleanup-report', { token: admin, json: {} })).body,
    );
    const entry = report[api2._id];
    if (!entry || isReportError(entry)) throw new Error('beta cleanup failed');
    expect(entry.obsoleteServices).toBe(1);
    expect(entry.carriers.USPS).toEqual([
      {
        name: 'USPS Media Mail',
        serviceCode: 'usps_media_mail',
        enabled: true,
        reliabilityStatus: 'testing',
        basePrice: 4.25,
      },
    ]);
    expect(report[api1._id]).toMatchObject({ obsoleteServices: 0 });

    const removed = await call(server, 'POST', '/api/admin/services/remove-services', {
      token: admin,
      json: {
        services: [
          { apiId: api2._id, carrier: 'USPS', serviceName: 'USPS Media Mail' },
          { apiId: api2._id, carrier: 'USPS', serviceName: 'USPS Media Mail' },
          { apiId: api2._id, carrier: 'UPS', serviceName: 'Not There' },
        ],
      },
    });
    expect(RemoveServicesResponse.parse(removed.body)).toEqual({
      removedCount: 1,
      message: 'Successfully removed 1 services',
    });
    const after = CleanupReportResponse.parse(
      (
        await call(server, 'POST', '/api/admin/services/cleanup-report', {
          token: admin,
          json: { apis: [{ id: api2._id }] },
        })
      ).body,
    );
    expect(after[api2._id]).toMatchObject({ obsoleteServices: 0 });
    expect((await allServices(customer, api2._id)).USPS.map((s) => s.code)).not.toContain('usps_media_mail');
  });

  it('follows the provider marking a service inactive', async () => {
    beta().setServiceStatus('fedex_ground', 'inactive');
    await call(server, 'POST', '/api/admin/services/check-updates', {
      token: admin,
      json: { apis: [{ id: api2._id }] },
    });
    expect((await allServices(customer, api2._id)).FEDEX.find((s) => s.code === 'fedex_ground')?.active).toBe(false);
    beta().setServiceStatus('fedex_ground', 'active');
    await call(server, 'POST', '/api/admin/services/check-updates', { token: admin, json: {} });
    expect((await allServices(customer, api2._id)).FEDEX.find((s) => s.code === 'fedex_ground')?.active).toBe(true);
  });

  it('a provider that is down is an error entry for that API only; the others answer', async () => {
    beta().setDown(true);
    try {
      for (const path of ['/api/admin/services/check-updates', '/api/admin/services/cleanup-report']) {
        const res = await call(server, 'POST', path, { token: admin, json: {} });
        expect(res.status, path).toBe(200);
        const body = res.body as Record<string, { error?: string; name?: string }>;
        expect(body[api2._id]).toEqual({
          name: 'API 2',
          error: 'The shipping provider is temporarily unavailable. Please try again later.',
        });
        expect(body[api1._id]?.error).toBeUndefined();
        expect(body[api1._id]?.name).toBe('API 1');
      }
      // The cleanup report does not call every service obsolete because the provider could not be asked.
      const add = await call(server, 'POST', '/api/admin/services/add-services', {
        token: admin,
        json: { services: [{ apiId: api2._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
      });
      expect(add.status).toBe(503);
      expect(add.headers.get('retry-after')).toBe('30');
      expect(errorOf(add).error.code).toBe('upstream_unavailable');
    } finally {
      beta().setDown(false);
    }
  });
});
