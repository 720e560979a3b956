import { describe, expect, it } from 'vitest';
import { alphaCatalogue } from './default-catalogues';
import { CarrierError } from './errors';
import { convertWeight, estimatedDeliveryFor, quote, tierFor, transitDaysFor } from './pricing';

const service = (code: string) => {
  const s = alphaCatalogue().services.find((x) => x.serviceCode === code);
  if (!s) throw new Error(code);
  return s;
};

describe('pricing', () => {
  it('converts between lbs and oz', () => {
    expect(convertWeight(1, 'lbs', 'oz')).toBe(16);
    expect(convertWeight(0.1, 'lbs', 'oz')).toBe(1.6);
    expect(convertWeight(8, 'oz', 'lbs')).toBe(0.5);
    expect(convertWeight(3, 'oz', 'oz')).toBe(3);
  });

  it('puts a weight on a tier boundary into the lower tier', () => {
    const tiers = service('ups_ground').tiers;
    expect(tierFor(tiers, 1)?.priceCents).toBe(895);
    expect(tierFor(tiers, 1.01)?.priceCents).toBe(1140);
    expect(tierFor(tiers, 150)?.priceCents).toBe(6250);
    expect(tierFor(tiers, 150.1)).toBeUndefined();
  });

  it('prices an ounce service in ounces and refuses a package over its maximum', () => {
    const oz15 = service('usps_ground_advantage_15oz');
    expect(quote(oz15, 0.5, 'lbs')).toEqual({ priceCents: 455, billedWeight: 8, billedWeightUnit: 'oz' });
    expect(quote(oz15, 15, 'oz').priceCents).toBe(625);
    try {
      quote(oz15, 1, 'lbs');
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(CarrierError);
      expect((err as CarrierError).code).toBe('weight_exceeds_max');
      expect((err as CarrierError).extra).toEqual({ maxWeight: 15, weightUnit: 'oz' });
    }
  });

  it('takes longer across the country than next door', () => {
    const ground = service('ups_ground');
    expect(transitDaysFor(ground, '10001', '10002')).toBe(1);
    expect(transitDaysFor(ground, '10001', '94105')).toBe(5);
    expect(transitDaysFor(ground, 'SW1A 1AA', '10001')).toBe(5);
    expect(estimatedDeliveryFor(new Date('2026-03-02T10:00:00Z'), 3)).toBe('2026-03-05');
    expect(estimatedDeliveryFor(new Date('2026-03-02T18:00:00Z'), 3)).toBe('2026-03-06');
  });
});
