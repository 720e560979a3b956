import {
  AllServicesResponse,
  type UpdateUserPricingRequest,
  UpdateUserPricingResponse,
  UserPricingResponse,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';
import { seededApis } from './providers-support';

/** Per-customer pricing (SPEC §3) applied to what /api/shipping/all-services charges one customer and not another. */
describe('custom pricing per customer per API', () => {
  let server: TestServer;
  let admin: string;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let api1: string;
  let api2: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
    const a = await register(server, { name: 'Alice', email: 'alice@example.com', password: 'pw-12345' });
    const b = await register(server, { name: 'Bob', email: 'bob@example.com', password: 'pw-12345' });
    alice = { token: a.token, id: a.user._id };
    bob = { token: b.token, id: b.user._id };
    const seeded = await seededApis(server, admin);
    api1 = seeded.api1._id;
    api2 = seeded.api2._id;
  });
  afterAll(() => server.stop());

  async function prices(token: string, apiId: string): Promise<Record<string, number | null>> {
    const res = await call(server, 'GET', `/api/shipping/all-services?apiId=${apiId}`, { token });
    expect(res.status, res.text).toBe(200);
    const body = AllServicesResponse.parse(res.body);
    return Object.fromEntries([...body.UPS, ...body.USPS, ...body.FEDEX].map((s) => [s.name, s.price]));
  }

  function save(userId: string, apiId: string, json: UpdateUserPricingRequest | Record<string, unknown>) {
    return call(server, 'PATCH', `/api/admin/users/${userId}/pricing/${apiId}`, { token: admin, json });
  }

  const alicePricing: UpdateUserPricingRequest = {
    enabled: true,
    carriers: {
      UPS: {
        enabled: true,
        services: {
          'UPS Ground': { type: 'discount_percentage', discountPercentage: 10, applyToAllTiers: true },
          // Tiered service without applyToAllTiers: the tier price is charged unchanged.
          'UPS 3 Day Select': { type: 'discount_amount', discountAmount: 1 },
        },
      },
      USPS: {
        enabled: true,
        services: {
          'USPS Priority Mail': { type: 'fixed', fixedPrice: 5, applyToAllTiers: true },
          'USPS Ground Advantage 15 oz': {
            type: 'dynamic',
            dynamicTiers: [
              { start: 0, end: 8, price: 2 },
              { start: 8.01, end: 15, price: 3 },
            ],
          },
        },
      },
      // Carrier switched off: its rules do not apply.
      FEDEX: { enabled: false, services: { 'FedEx Ground': { type: 'fixed', fixedPrice: 1, applyToAllTiers: true } } },
    },
  };

  it('starts disabled and empty, with the API services to choose from', async () => {
    const res = await call(server, 'GET', `/api/admin/users/${alice.id}/pricing/${api1}`, { token: admin });
    const body = UserPricingResponse.parse(res.body);
    expect(body.customPricing).toEqual({ enabled: false, carriers: {} });
    expect(body.apiServices.UPS['UPS Ground']).toMatchObject({ basePrice: 8.95, hasDynamicPricing: true });
  });

  it("changes what Alice pays and nothing of Bob's", async () => {
    const res = await save(alice.id, api1, alicePricing);
    expect(res.status, res.text).toBe(200);
    const saved = UpdateUserPricingResponse.parse(res.body);
    expect(saved.message).toBe('Custom pricing updated successfully');
    expect(saved.customPricing.carriers.USPS?.services['USPS Priority Mail']).toEqual({
      type: 'fixed',
      fixedPrice: 5,
      discountPercentage: null,
      discountAmount: null,
      dynamicTiers: [],
      applyToAllTiers: true,
    });

    const a = await prices(alice.token, api1);
    const b = await prices(bob.token, api1);
    expect(a['UPS Ground']).toBe(8.06); // 8.95 − 10 %, half-up on the cent
    expect(a['UPS 3 Day Select']).toBe(14.8);
    expect(a['USPS Priority Mail']).toBe(5);
    expect(a['USPS Ground Advantage 15 oz']).toBe(2);
    expect(a['FedEx Ground']).toBe(9.1);
    expect(b).toMatchObject({
      'UPS Ground': 8.95,
      'UPS 3 Day Select': 14.8,
      'USPS Priority Mail': 8.1,
      'USPS Ground Advantage 15 oz': 3.95,
      'FedEx Ground': 9.1,
    });
    // Other services of Alice are untouched.
    expect(a['UPS Next Day Air']).toBe(b['UPS Next Day Air']);

    // The rules are per API: API 2 is unchanged for Alice until it gets its own.
    expect((await prices(alice.token, api2))['UPS Ground']).toBe(9.8);
    await save(alice.id, api2, {
      enabled: true,
      carriers: {
        UPS: { enabled: true, services: { 'UPS 2nd Day Air': { type: 'discount_amount', discountAmount: 5 } } },
      },
    });
    const a2 = await prices(alice.token, api2);
    expect(a2['UPS 2nd Day Air']).toBe(24.9); // single tier = base price, which always takes the rule
    expect((await prices(bob.token, api2))['UPS 2nd Day Air']).toBe(29.9);

    const got = UserPricingResponse.parse(
      (await call(server, 'GET', `/api/admin/users/${alice.id}/pricing/${api1}`, { token: admin })).body,
    );
    expect(got.customPricing.enabled).toBe(true);
    expect(got.customPricing.carriers.USPS?.services['USPS Ground Advantage 15 oz']?.dynamicTiers).toEqual([
      { start: 0, end: 8, price: 2 },
      { start: 8.01, end: 15, price: 3 },
    ]);
  });

  it('switching custom pricing off restores the service prices', async () => {
    await save(alice.id, api1, { ...alicePricing, enabled: false });
    expect((await prices(alice.token, api1))['UPS Ground']).toBe(8.95);
    await save(alice.id, api1, alicePricing);
    expect((await prices(alice.token, api1))['UPS Ground']).toBe(8.06);
  });

  it('refuses invalid rules with the SPEC texts and keeps the saved ones', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'discount_percentage', discountPercentage: 150 }, 'Discount percentage must be between 0 and 100'],
      [{ type: 'fixed', fixedPrice: -1 }, 'Please enter a valid price'],
      [{ type: 'fixed', fixedPrice: 1.234 }, 'Please enter a valid price'],
      [{ type: 'discount_amount' }, 'Please enter a valid amount'],
      [
        {
          type: 'dynamic',
          dynamicTiers: [
            { start: 0, end: 5, price: 2 },
            { start: 4, end: 8, price: 3 },
          ],
        },
        'Tier 2 overlaps with Tier 1',
      ],
      [{ type: 'dynamic', dynamicTiers: [{ start: 0, end: 1, price: -2 }] }, 'Tier 1: Values cannot be negative'],
    ];
    for (const [rule, message] of cases) {
      const res = await save(alice.id, api1, {
        enabled: true,
        carriers: { UPS: { enabled: true, services: { 'UPS Ground': rule } } },
      });
      expect(res.status, JSON.stringify(rule)).toBe(400);
      expect(errorOf(res).error.message).toBe(message);
      expect(errorOf(res).error.details[0]?.path).toBe('carriers.UPS.services.UPS Ground');
    }
    const unknownCarrier = await save(alice.id, api1, {
      enabled: true,
      carriers: { DHL: { enabled: true, services: {} } },
    });
    expect(unknownCarrier.status).toBe(400);
    expect((await prices(alice.token, api1))['UPS Ground']).toBe(8.06);
  });

  it('answers 404 for an unknown customer or API', async () => {
    const noUser = await call(server, 'GET', `/api/admin/users/usr_nope/pricing/${api1}`, { token: admin });
    expect(noUser.status).toBe(404);
    expect(errorOf(noUser).error.message).toBe('User not found');
    const noApi = await save(alice.id, 'api_nope', { enabled: false, carriers: {} });
    expect(noApi.status).toBe(404);
    expect(errorOf(noApi).error.message).toBe('Shipping API not found');
  });

  it("deleting an API deletes its customers' rules with it", async () => {
    const del = await call(server, 'DELETE', `/api/admin/config/apis/${api2}`, { token: admin });
    expect(del.status).toBe(200);
    const gone = await call(server, 'GET', `/api/admin/users/${alice.id}/pricing/${api2}`, { token: admin });
    expect(gone.status).toBe(404);
  });
});
