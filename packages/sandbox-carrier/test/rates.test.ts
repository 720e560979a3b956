import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSandbox } from '../src/index';
import { client, type ErrorBody, movableClock, sandboxes } from './helpers';

const running = sandboxes();
const clock = movableClock('2026-03-02T10:00:00Z');
let s: CarrierSandbox;
let alpha: ReturnType<typeof client>;
let beta: ReturnType<typeof client>;

beforeAll(async () => {
  s = await running.start({ clock });
  alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
  beta = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');
});
afterAll(() => running.closeAll());

interface RateBody {
  serviceCode: string;
  carrier: string;
  service: string;
  price: number;
  currency: string;
  billedWeight: number;
  billedWeightUnit: string;
  transitDays: number;
  estimatedDelivery: string;
}

const rate = (c: ReturnType<typeof client>, serviceCode: string, weight: number, weightUnit = 'lbs', toZip = '94105') =>
  c.post<RateBody & ErrorBody>('/v1/rates', { serviceCode, fromZip: '10001', toZip, package: { weight, weightUnit } });

describe('POST /v1/rates', () => {
  it('prices by weight tier, a boundary weight belonging to the lower tier', async () => {
    const prices = [];
    for (const w of [0.5, 1, 1.1, 5, 5.01, 20, 149.9]) prices.push((await rate(alpha, 'ups_ground', w)).body.price);
    expect(prices).toEqual([8.95, 8.95, 11.4, 11.4, 15.2, 21.75, 62.5]);
  });

  it('answers with the service, the billed weight and an estimated delivery date from the clock', async () => {
    const r = await rate(alpha, 'usps_priority_mail', 3);
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      serviceCode: 'usps_priority_mail',
      carrier: 'USPS',
      service: 'USPS Priority Mail',
      price: 13.2,
      currency: 'USD',
      billedWeight: 3,
      billedWeightUnit: 'lbs',
      transitDays: 3,
      estimatedDelivery: '2026-03-05',
    });
    const nearby = await rate(alpha, 'usps_priority_mail', 3, 'lbs', '10003');
    expect(nearby.body.transitDays).toBe(1);
    expect(nearby.body.estimatedDelivery).toBe('2026-03-03');
  });

  it('converts pounds to ounces for ounce services', async () => {
    const r = await rate(alpha, 'usps_ground_advantage_15oz', 0.5, 'lbs');
    expect(r.body).toMatchObject({ price: 4.55, billedWeight: 8, billedWeightUnit: 'oz' });
    expect((await rate(alpha, 'usps_ground_advantage_15oz', 12.5, 'oz')).body.price).toBe(6.25);
  });

  it('quotes each catalogue from its own price list', async () => {
    expect((await rate(alpha, 'ups_ground', 12)).body.price).toBe(21.75);
    expect((await rate(beta, 'ups_ground', 12)).body.price).toBe(29.5);
  });

  it('refuses a package over the maximum weight with 422 weight_exceeds_max', async () => {
    const r = await rate(alpha, 'usps_ground_advantage_15oz', 16, 'oz');
    expect(r.status).toBe(422);
    expect(r.body.error).toEqual({
      code: 'weight_exceeds_max',
      message: 'Weight 16 oz exceeds the maximum of 15 oz for USPS Ground Advantage 15 oz',
      maxWeight: 15,
      weightUnit: 'oz',
    });
    const heavy = await rate(beta, 'fedex_2day', 50.5);
    expect(heavy.status).toBe(422);
    expect(heavy.body.error.maxWeight).toBe(50);
  });

  it('refuses an inactive service with 422 service_inactive', async () => {
    const r = await rate(alpha, 'ups_next_day_air_early', 2);
    expect(r.status).toBe(422);
    expect(r.body.error.code).toBe('service_inactive');
    expect(r.body.error.message).toBe('UPS Next Day Air Early is currently unavailable');
  });

  it('names every invalid field in a 400 invalid_request', async () => {
    const unknown = await rate(alpha, 'dhl_express', 2);
    expect(unknown.status).toBe(400);
    expect(unknown.body.error.details).toEqual([{ field: 'serviceCode', message: 'Unknown service code dhl_express' }]);

    const bad = await alpha.post<ErrorBody>('/v1/rates', {
      serviceCode: 'ups_ground',
      fromZip: '10001',
      package: { weight: 0, weightUnit: 'kg' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe('invalid_request');
    expect(bad.body.error.details?.map((d) => d.field).sort()).toEqual([
      'package.weight',
      'package.weightUnit',
      'toZip',
    ]);

    const notJson = await alpha.post<ErrorBody>('/v1/rates', '{"serviceCode":');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toBe('The request body must be JSON');
  });
});
