import type { Service, ShippingApiConfig } from '@labeldesk/contracts';

/** Contract-shaped data for the unit tests of the provider screens. */
export function service(name: string, overrides: Partial<Service> = {}): Service {
  return {
    id: `svc_${name.replace(/\W/g, '')}`,
    name,
    carrier: 'UPS',
    enabled: true,
    basePrice: 9.5,
    reliabilityStatus: 'testing',
    serviceCode: name.toLowerCase().replace(/\W+/g, '_'),
    active: true,
    maxWeight: 150,
    weightUnit: 'lbs',
    hasDynamicPricing: false,
    pricingTiers: [],
    ...overrides,
  };
}

export function config(id: string, overrides: Partial<ShippingApiConfig> = {}): ShippingApiConfig {
  return {
    _id: id,
    name: id.toUpperCase(),
    key: '••••abcd',
    baseUrl: `https://${id}.example.com`,
    kind: 'generic',
    isDefault: false,
    enabled: true,
    priority: 100,
    failoverTarget: true,
    services: { UPS: {}, USPS: {}, FEDEX: {} },
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}
