import { type CatalogueDefinition, type PriceTier, type ServiceDefinition, USPS_TEMPLATES } from './types';

/** Builds contiguous tiers: [[toWeight, priceUsd], ...] → 0–to₁, to₁–to₂, ... (prices given in USD for readability). */
export function tiers(points: ReadonlyArray<readonly [toWeight: number, priceUsd: number]>): PriceTier[] {
  let from = 0;
  return points.map(([to, price]) => {
    const tier = { fromWeight: from, toWeight: to, priceCents: Math.round(price * 100) };
    from = to;
    return tier;
  });
}

const LBS_150 = [1, 5, 10, 20, 50, 150] as const;
const LBS_70 = [1, 2, 5, 10, 20, 70] as const;

function ladder(steps: readonly number[], prices: readonly number[]): PriceTier[] {
  return tiers(steps.map((to, i) => [to, prices[i] ?? 0] as const));
}

function ups(
  name: string,
  serviceCode: string,
  trackingCode: string,
  prices: readonly number[],
  transitDays: { min: number; max: number },
  extra: Partial<ServiceDefinition> = {},
): ServiceDefinition {
  return {
    carrier: 'UPS',
    name,
    serviceCode,
    trackingCode,
    weightUnit: 'lbs',
    maxWeight: 150,
    tiers: ladder(LBS_150, prices),
    transitDays,
    ...extra,
  };
}

function fedex(
  name: string,
  serviceCode: string,
  prices: readonly number[],
  transitDays: { min: number; max: number },
  extra: Partial<ServiceDefinition> = {},
): ServiceDefinition {
  return {
    carrier: 'FEDEX',
    name,
    serviceCode,
    weightUnit: 'lbs',
    maxWeight: 150,
    tiers: ladder(LBS_150, prices),
    transitDays,
    ...extra,
  };
}

function usps(
  name: string,
  serviceCode: string,
  trackingCode: string,
  unit: 'lbs' | 'oz',
  tierPoints: ReadonlyArray<readonly [number, number]>,
  transitDays: { min: number; max: number },
  extra: Partial<ServiceDefinition> = {},
): ServiceDefinition {
  const built = tiers(tierPoints);
  return {
    carrier: 'USPS',
    name,
    serviceCode,
    trackingCode,
    weightUnit: unit,
    maxWeight: built[built.length - 1]?.toWeight ?? 0,
    tiers: built,
    transitDays,
    ...extra,
  };
}

/**
 * Catalogue "alpha": a full-range reseller with weight-tiered prices for UPS, USPS (including ounce services) and FedEx,
 * every USPS template, one inactive service and one that appears 24 hours after the first start.
 */
export function alphaCatalogue(): CatalogueDefinition {
  return {
    id: 'alpha',
    name: 'Sandbox Carrier Alpha',
    templates: [...USPS_TEMPLATES],
    services: [
      ups('UPS Ground', 'ups_ground', '03', [8.95, 11.4, 15.2, 21.75, 34.9, 62.5], { min: 1, max: 5 }),
      ups('UPS 3 Day Select', 'ups_3_day_select', '12', [14.8, 19.6, 27.3, 41.1, 72.4, 128], { min: 3, max: 3 }),
      ups('UPS 2nd Day Air', 'ups_2nd_day_air', '02', [19.95, 26.4, 37.8, 58.2, 104.5, 189], { min: 2, max: 2 }),
      ups('UPS Next Day Air Saver', 'ups_next_day_air_saver', '13', [32.1, 41.75, 58.9, 88.4, 151, 265], {
        min: 1,
        max: 1,
      }),
      ups('UPS Next Day Air', 'ups_next_day_air', '01', [36.4, 47.2, 66.1, 99.8, 168, 295], { min: 1, max: 1 }),
      ups(
        'UPS Next Day Air Early',
        'ups_next_day_air_early',
        '14',
        [68.9, 82.4, 104.6, 141.3, 229, 399],
        { min: 1, max: 1 },
        { status: 'inactive' },
      ),
      {
        carrier: 'UPS',
        name: 'UPS Ground Saver',
        serviceCode: 'ups_ground_saver',
        trackingCode: 'YW',
        weightUnit: 'lbs',
        maxWeight: 70,
        tiers: tiers([
          [1, 7.1],
          [5, 9.25],
          [10, 12.6],
          [20, 18.4],
          [70, 39.9],
        ]),
        transitDays: { min: 2, max: 7 },
        appearsAfterHours: 24,
      },
      usps(
        'USPS Ground Advantage',
        'usps_ground_advantage',
        '9400',
        'lbs',
        LBS_70.map((to, i) => [to, [5.4, 7.95, 10.6, 15.85, 24.3, 48.75][i] ?? 0] as const),
        { min: 2, max: 5 },
      ),
      usps('USPS Ground Advantage 4 oz', 'usps_ground_advantage_4oz', '9400', 'oz', [[4, 3.95]], { min: 2, max: 5 }),
      usps(
        'USPS Ground Advantage 8 oz',
        'usps_ground_advantage_8oz',
        '9400',
        'oz',
        [
          [4, 3.95],
          [8, 4.55],
        ],
        { min: 2, max: 5 },
      ),
      usps(
        'USPS Ground Advantage 15 oz',
        'usps_ground_advantage_15oz',
        '9400',
        'oz',
        [
          [4, 3.95],
          [8, 4.55],
          [12, 5.3],
          [15, 6.25],
        ],
        { min: 2, max: 5 },
      ),
      usps(
        'USPS First-Class Mail Large Envelope 13 oz',
        'usps_first_class_large_envelope_13oz',
        '9400',
        'oz',
        [
          [1, 1.5],
          [4, 2.1],
          [8, 3.3],
          [13, 4.6],
        ],
        { min: 1, max: 5 },
      ),
      usps(
        'USPS Priority Mail',
        'usps_priority_mail',
        '9205',
        'lbs',
        LBS_70.map((to, i) => [to, [8.1, 9.45, 13.2, 19.9, 33.6, 79.4][i] ?? 0] as const),
        { min: 1, max: 3 },
      ),
      usps(
        'USPS Priority Mail Express',
        'usps_priority_mail_express',
        '9361',
        'lbs',
        [
          [1, 27.9],
          [5, 38.6],
          [10, 52.4],
          [20, 78.3],
          [70, 155],
        ],
        { min: 1, max: 2 },
      ),
      fedex('FedEx Ground', 'fedex_ground', [9.1, 11.55, 15.45, 22.1, 35.4, 63.8], { min: 1, max: 5 }),
      {
        carrier: 'FEDEX',
        name: 'FedEx Home Delivery',
        serviceCode: 'fedex_home_delivery',
        weightUnit: 'lbs',
        maxWeight: 70,
        tiers: tiers([
          [1, 9.45],
          [5, 12.05],
          [10, 16.1],
          [20, 23],
          [70, 44.9],
        ]),
        transitDays: { min: 1, max: 5 },
      },
      fedex('FedEx Express Saver', 'fedex_express_saver', [18.7, 25.3, 35.9, 55.1, 98.7, 178], { min: 3, max: 3 }),
      fedex('FedEx 2Day', 'fedex_2day', [21.3, 28.1, 39.7, 61.2, 109, 197], { min: 2, max: 2 }),
      fedex('FedEx Standard Overnight', 'fedex_standard_overnight', [38.2, 49.6, 69.3, 104, 176, 309], {
        min: 1,
        max: 1,
      }),
    ],
  };
}

/**
 * Catalogue "beta": a flat-rate reseller with fewer services, one or two price tiers each, lower maximum weights, only
 * the BASIC USPS template, an inactive Priority Mail Express and a Media Mail service that retires 72 hours after the
 * first start.
 */
export function betaCatalogue(): CatalogueDefinition {
  return {
    id: 'beta',
    name: 'Sandbox Carrier Beta',
    templates: ['BASIC'],
    services: [
      {
        carrier: 'UPS',
        name: 'UPS Ground',
        serviceCode: 'ups_ground',
        trackingCode: '03',
        weightUnit: 'lbs',
        maxWeight: 150,
        tiers: tiers([
          [10, 9.8],
          [150, 29.5],
        ]),
        transitDays: { min: 1, max: 5 },
      },
      {
        carrier: 'UPS',
        name: 'UPS 2nd Day Air',
        serviceCode: 'ups_2nd_day_air',
        trackingCode: '02',
        weightUnit: 'lbs',
        maxWeight: 50,
        tiers: tiers([[50, 29.9]]),
        transitDays: { min: 2, max: 2 },
      },
      {
        carrier: 'UPS',
        name: 'UPS Next Day Air',
        serviceCode: 'ups_next_day_air',
        trackingCode: '01',
        weightUnit: 'lbs',
        maxWeight: 50,
        tiers: tiers([[50, 44]]),
        transitDays: { min: 1, max: 1 },
      },
      usps(
        'USPS Ground Advantage',
        'usps_ground_advantage',
        '9400',
        'lbs',
        [
          [1, 4.95],
          [70, 14.5],
        ],
        { min: 2, max: 5 },
      ),
      usps('USPS Ground Advantage 15 oz', 'usps_ground_advantage_15oz', '9400', 'oz', [[15, 3.75]], { min: 2, max: 5 }),
      usps(
        'USPS Priority Mail',
        'usps_priority_mail',
        '9205',
        'lbs',
        [
          [5, 8.75],
          [70, 22.4],
        ],
        { min: 1, max: 3 },
      ),
      usps(
        'USPS Priority Mail Express',
        'usps_priority_mail_express',
        '9361',
        'lbs',
        [[70, 29.5]],
        { min: 1, max: 2 },
        { status: 'inactive' },
      ),
      usps(
        'USPS Media Mail',
        'usps_media_mail',
        '9400',
        'lbs',
        [[70, 4.25]],
        { min: 2, max: 8 },
        { retiresAfterHours: 72 },
      ),
      {
        carrier: 'FEDEX',
        name: 'FedEx Ground',
        serviceCode: 'fedex_ground',
        weightUnit: 'lbs',
        maxWeight: 150,
        tiers: tiers([
          [10, 10.2],
          [150, 30.9],
        ]),
        transitDays: { min: 1, max: 5 },
      },
      {
        carrier: 'FEDEX',
        name: 'FedEx 2Day',
        serviceCode: 'fedex_2day',
        weightUnit: 'lbs',
        maxWeight: 50,
        tiers: tiers([[50, 27.4]]),
        transitDays: { min: 2, max: 2 },
      },
      {
        carrier: 'FEDEX',
        name: 'FedEx Priority Overnight',
        serviceCode: 'fedex_priority_overnight',
        weightUnit: 'lbs',
        maxWeight: 50,
        tiers: tiers([[50, 49.9]]),
        transitDays: { min: 1, max: 1 },
      },
    ],
  };
}

/** The two catalogues the embedded default serves. */
export function defaultCatalogues(): CatalogueDefinition[] {
  return [alphaCatalogue(), betaCatalogue()];
}
