import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  AllServicesResponse,
  ApiConfigResponse,
  DefaultApiResponse,
  DeleteApiConfigResponse,
  DynamicPricingResponse,
  ProviderPricesResponse,
  ServiceReliabilityResponse,
  ServiceResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';
import { carrierOf, enc, listApis, seededApis } from './providers-support';

/** The supply side end to end: the real Node server, its embedded carrier sandbox, over HTTP. */
describe('providers on the embedded default', () => {
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

  const alphaKey = () => carrierOf(server).catalogues.alpha?.apiKey ?? '';
  const betaKey = () => carrierOf(server).catalogues.beta?.apiKey ?? '';

  async function allServices(token: string, apiId?: string) {
    const res = await call(server, 'GET', `/api/shipping/all-services${apiId ? `?apiId=${apiId}` : ''}`, { token });
    expect(res.status, res.text).toBe(200);
    return AllServicesResponse.parse(res.body);
  }

  describe('seeded configs', () => {
    it('seeds "API 1" (alpha, default) and "API 2" (beta) with every listed service, keys masked', () => {
      expect(api1).toMatchObject({
        isDefault: true,
        enabled: true,
        key: `••••${alphaKey().slice(-4)}`,
        baseUrl: `${server.url}/sandbox/carrier/catalogues/alpha`,
      });
      expect(api2).toMatchObject({ isDefault: false, key: `••••${betaKey().slice(-4)}` });
      const count = (api: ShippingApiConfig) =>
        Object.keys(api.services.UPS).length +
        Object.keys(api.services.USPS).length +
        Object.keys(api.services.FEDEX).length;
      expect(count(api1)).toBe(18); // 19 in the catalogue, UPS Ground Saver appears only after 24 h
      expect(count(api2)).toBe(11);

      expect(api1.services.UPS['UPS Ground']).toMatchObject({
        enabled: true,
        basePrice: 8.95,
        reliabilityStatus: 'testing',
        serviceCode: 'ups_ground',
        active: true,
        maxWeight: 150,
        weightUnit: 'lbs',
        hasDynamicPricing: true,
      });
      // Provider tiers "0–1, 1–5" (from < w <= to) become ours "0-1, 1.01-5" (inclusive).
      expect(api1.services.UPS['UPS Ground']?.pricingTiers.slice(0, 2)).toEqual([
        { start: 0, end: 1, price: 8.95 },
        { start: 1.01, end: 5, price: 11.4 },
      ]);
      expect(api1.services.UPS['UPS Next Day Air Early']?.active).toBe(false);
      expect(api1.services.USPS['USPS Ground Advantage 15 oz']).toMatchObject({
        weightUnit: 'oz',
        maxWeight: 15,
        basePrice: 3.95,
      });
      expect(api2.services.USPS['USPS Ground Advantage 15 oz']).toMatchObject({
        hasDynamicPricing: false,
        basePrice: 3.75,
        pricingTiers: [{ start: 0, end: 15, price: 3.75 }],
      });
    });

    it('shows customers the enabled APIs, the default, and services priced for them — no keys, no base URLs', async () => {
      const apis = await call(server, 'GET', '/api/shipping/apis', { token: customer });
      expect(apis.body).toEqual({
        apis: [
          { _id: api1._id, name: 'API 1', isDefault: true },
          { _id: api2._id, name: 'API 2', isDefault: false },
        ],
      });
      const def = DefaultApiResponse.parse(
        (await call(server, 'GET', '/api/shipping/default-api', { token: customer })).body,
      );
      expect(def.api?._id).toBe(api1._id);

      const services = await allServices(customer);
      expect(services.apiId).toBe(api1._id);
      expect(services.UPS.find((s) => s.name === 'UPS Ground')).toEqual({
        id: api1.services.UPS['UPS Ground']?.id,
        name: 'UPS Ground',
        code: 'ups_ground',
        carrier: 'UPS',
        price: 8.95,
        reliabilityStatus: 'testing',
        active: true,
        maxWeight: 150,
        weightUnit: 'lbs',
        hasDynamicPricing: true,
      });
      expect((await allServices(customer, api2._id)).USPS.find((s) => s.code === 'usps_priority_mail')?.price).toBe(
        8.75,
      );

      const reliability = ServiceReliabilityResponse.parse(
        (await call(server, 'GET', '/api/shipping/services/reliability', { token: customer })).body,
      );
      expect(reliability.map((a) => a.name)).toEqual(['API 1', 'API 2']);
      expect(reliability[0]?.services.FEDEX.map((s) => s.name)).toContain('FedEx Ground');
    });

    it("gives the provider's own live tier prices for comparison", async () => {
      const res = await call(server, 'GET', `/api/admin/config/apis/${api1._id}/provider-prices`, { token: admin });
      const prices = ProviderPricesResponse.parse(res.body);
      expect(prices.carriers.USPS['USPS Priority Mail']).toMatchObject({
        serviceCode: 'usps_priority_mail',
        hasMultipleTiers: true,
      });
      expect(prices.carriers.USPS['USPS Priority Mail']?.prices[0]).toEqual({ price: 8.1, fromWeight: 0, toWeight: 1 });
      expect(prices.carriers.UPS['UPS Ground Saver']).toBeUndefined();
    });
  });

  describe('config changes', () => {
    let api3: ShippingApiConfig;
    const plaintext = 'sk_test_not_the_beta_key_9876';

    it('adds a config that is not the default (one already exists), with its key masked and sealed at rest', async () => {
      const res = await call(server, 'POST', '/api/admin/config/apis', {
        token: admin,
        json: { name: 'API 3', key: plaintext, baseUrl: `${server.url}/sandbox/carrier/catalogues/beta/` },
      });
      expect(res.status, res.text).toBe(201);
      const body = ApiConfigResponse.parse(res.body);
      expect(body.message).toBe('New API added successfully');
      api3 = body.api;
      expect(api3).toMatchObject({
        name: 'API 3',
        key: '••••9876',
        isDefault: false,
        baseUrl: `${server.url}/sandbox/carrier/catalogues/beta`,
      });
      expect(res.text).not.toContain(plaintext);
      expect((await call(server, 'GET', '/api/admin/config/apis', { token: admin })).text).not.toContain(plaintext);
      // Nowhere in the database files either (the main file and its WAL).
      for (const file of readdirSync(server.dataDir).filter((f) => f.startsWith('labeldesk.db'))) {
        expect(readFileSync(join(server.dataDir, file)).includes(Buffer.from(plaintext)), file).toBe(false);
        expect(readFileSync(join(server.dataDir, file)).includes(Buffer.from(alphaKey())), file).toBe(false);
      }
    });

    it('uses the stored key with the provider: a wrong one is a 502 with our text, a new one works', async () => {
      const wrong = await call(server, 'GET', `/api/admin/config/apis/${api3._id}/provider-prices`, { token: admin });
      expect(wrong.status).toBe(502);
      expect(errorOf(wrong).error).toMatchObject({
        code: 'upstream_error',
        message: 'The shipping provider could not handle the request. Please try again later.',
      });
      expect(wrong.text).not.toContain('Invalid API key');

      const put = await call(server, 'PUT', `/api/admin/config/apis/${api3._id}`, {
        token: admin,
        json: { key: `  ${betaKey()}  ` },
      });
      expect(put.status).toBe(200);
      const updated = ApiConfigResponse.parse(put.body);
      expect(updated.message).toBe('API key updated successfully');
      expect(updated.api.key).toBe(`••••${betaKey().slice(-4)}`);
      expect(put.text).not.toContain(betaKey());
      const ok = await call(server, 'GET', `/api/admin/config/apis/${api3._id}/provider-prices`, { token: admin });
      expect(ok.status).toBe(200);
      expect(Object.keys(ProviderPricesResponse.parse(ok.body).carriers.FEDEX)).toContain('FedEx 2Day');
    });

    it('keeps exactly one default: set-default moves it, deleting the default promotes the oldest', async () => {
      const set = await call(server, 'PATCH', `/api/admin/config/apis/${api3._id}/set-default`, { token: admin });
      expect(ApiConfigResponse.parse(set.body)).toMatchObject({
        message: 'Default API updated successfully',
        api: { _id: api3._id, isDefault: true },
      });
      let apis = await listApis(server, admin);
      expect(apis.filter((a) => a.isDefault).map((a) => a._id)).toEqual([api3._id]);
      expect(apis[0]?._id).toBe(api3._id);

      // Racing set-default calls still leave one default.
      await Promise.all(
        Array.from({ length: 12 }, (_, i) =>
          call(server, 'PATCH', `/api/admin/config/apis/${[api1, api2, api3][i % 3]?._id}/set-default`, {
            token: admin,
          }),
        ),
      );
      apis = await listApis(server, admin);
      expect(apis.filter((a) => a.isDefault)).toHaveLength(1);

      await call(server, 'PATCH', `/api/admin/config/apis/${api3._id}/set-default`, { token: admin });
      const del = await call(server, 'DELETE', `/api/admin/config/apis/${api3._id}`, { token: admin });
      expect(DeleteApiConfigResponse.parse(del.body)).toEqual({
        message: 'API deleted successfully',
        defaultApiId: api1._id,
      });
      apis = await listApis(server, admin);
      expect(apis.map((a) => [a.name, a.isDefault])).toEqual([
        ['API 1', true],
        ['API 2', false],
      ]);
      const def = DefaultApiResponse.parse(
        (await call(server, 'GET', '/api/shipping/default-api', { token: customer })).body,
      );
      expect(def.api?._id).toBe(api1._id);
    });

    it('disabling an API hides it from customers', async () => {
      await call(server, 'PUT', `/api/admin/config/apis/${api2._id}`, {
        token: admin,
        json: { key: betaKey(), enabled: false },
      });
      const apis = await call(server, 'GET', '/api/shipping/apis', { token: customer });
      expect((apis.body as { apis: Array<{ _id: string }> }).apis.map((a) => a._id)).toEqual([api1._id]);
      const hidden = await call(server, 'GET', `/api/shipping/all-services?apiId=${api2._id}`, { token: customer });
      expect(hidden.status).toBe(404);
      await call(server, 'PUT', `/api/admin/config/apis/${api2._id}`, {
        token: admin,
        json: { key: betaKey(), enabled: true },
      });
    });
  });

  describe('per-service settings', () => {
    const ground = () => `${api1._id}/UPS/${enc('UPS Ground')}`;

    it('updates the base price and enabled flag; customers see only enabled services', async () => {
      const res = await call(server, 'PATCH', `/api/admin/config/pricing/${api1._id}/ups/${enc('UPS 2nd Day Air')}`, {
        token: admin,
        json: { basePrice: 21.5, enabled: false },
      });
      expect(res.status, res.text).toBe(200);
      const body = ServiceResponse.parse(res.body);
      expect(body.message).toBe('Updated pricing for UPS - UPS 2nd Day Air');
      expect(body.service).toMatchObject({ basePrice: 21.5, enabled: false });
      expect((await allServices(customer)).UPS.map((s) => s.name)).not.toContain('UPS 2nd Day Air');

      const back = await call(server, 'PATCH', `/api/admin/config/pricing/${api1._id}/UPS/${enc('UPS 2nd Day Air')}`, {
        token: admin,
        json: { basePrice: 0, enabled: true },
      });
      expect(ServiceResponse.parse(back.body).service).toMatchObject({ basePrice: 0, enabled: true });
      expect((await allServices(customer)).UPS.map((s) => s.name)).toContain('UPS 2nd Day Air');
    });

    it('sets reliability (enabled services only) and customers see it', async () => {
      const res = await call(server, 'PATCH', `/api/admin/config/service-reliability/${ground()}`, {
        token: admin,
        json: { reliabilityStatus: 'reliable' },
      });
      expect(ServiceResponse.parse(res.body).message).toBe(
        'Successfully updated UPS Ground reliability status to reliable',
      );
      const rel = ServiceReliabilityResponse.parse(
        (await call(server, 'GET', '/api/shipping/services/reliability', { token: customer })).body,
      );
      expect(rel[0]?.services.UPS.find((s) => s.name === 'UPS Ground')?.reliabilityStatus).toBe('reliable');

      await call(server, 'PATCH', `/api/admin/config/pricing/${api1._id}/FEDEX/${enc('FedEx 2Day')}`, {
        token: admin,
        json: { basePrice: 21.3, enabled: false },
      });
      const refused = await call(
        server,
        'PATCH',
        `/api/admin/config/service-reliability/${api1._id}/FEDEX/${enc('FedEx 2Day')}`,
        { token: admin, json: { reliabilityStatus: 'reliable' } },
      );
      expect(refused.status).toBe(400);
      expect(errorOf(refused).error.message).toBe('Reliability can only be changed for enabled services');
    });

    it('reads and replaces dynamic tiers; the customer price follows', async () => {
      const got = DynamicPricingResponse.parse(
        (await call(server, 'GET', `/api/admin/config/dynamic-pricing/${ground()}`, { token: admin })).body,
      );
      expect(got).toMatchObject({
        serviceName: 'UPS Ground',
        hasDynamicPricing: true,
        basePrice: 8.95,
        weightUnit: 'lbs',
      });
      expect(got.pricingTiers).toHaveLength(6);

      const tiers = [
        { start: 0, end: 1, price: 7.77 },
        { start: 1.01, end: 5, price: 10 },
        { start: 5.01, end: 150, price: 30 },
      ];
      const res = await call(server, 'PATCH', `/api/admin/config/dynamic-pricing/${ground()}`, {
        token: admin,
        json: { pricingTiers: tiers },
      });
      expect(res.status, res.text).toBe(200);
      expect(ServiceResponse.parse(res.body)).toMatchObject({
        message: 'Successfully updated dynamic pricing for UPS Ground',
        service: { pricingTiers: tiers, hasDynamicPricing: true },
      });
      expect((await allServices(customer)).UPS.find((s) => s.name === 'UPS Ground')?.price).toBe(7.77);

      // Without dynamic pricing the base price is charged.
      await call(server, 'PATCH', `/api/admin/config/dynamic-pricing/${ground()}`, {
        token: admin,
        json: { pricingTiers: tiers, hasDynamicPricing: false },
      });
      expect((await allServices(customer)).UPS.find((s) => s.name === 'UPS Ground')?.price).toBe(8.95);
    });
  });
});
