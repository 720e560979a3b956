import type { AllServicesResponse, CustomerService } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  carrierSections,
  LEGEND,
  maxWeightText,
  orderApis,
  priceText,
  RELIABILITY_BADGES,
  reliabilityBadge,
} from './services-view';

function svc(name: string, overrides: Partial<CustomerService> = {}): CustomerService {
  return {
    id: name,
    name,
    code: name.toLowerCase(),
    carrier: 'UPS',
    price: 9.8,
    reliabilityStatus: 'testing',
    active: true,
    maxWeight: 150,
    weightUnit: 'lbs',
    hasDynamicPricing: false,
    ...overrides,
  };
}

describe('reliabilityBadge', () => {
  it('shows the three known statuses, missing as Testing and anything else as Unknown', () => {
    expect(reliabilityBadge('reliable')).toBe('reliable');
    expect(reliabilityBadge('unreliable')).toBe('unreliable');
    expect(reliabilityBadge('testing')).toBe('testing');
    expect(reliabilityBadge(undefined)).toBe('testing');
    expect(reliabilityBadge(null)).toBe('testing');
    expect(reliabilityBadge('')).toBe('testing');
    expect(reliabilityBadge('deprecated')).toBe('unknown');
    expect(RELIABILITY_BADGES[reliabilityBadge('deprecated')].label).toBe('Unknown');
  });

  it('explains each known status in the legend as SPEC §2 does', () => {
    expect(LEGEND.map((l) => `${l.label} = ${l.meaning}`)).toEqual([
      'Reliable = working well with high reliability',
      'Testing = being tested or has intermittent issues',
      'Unreliable = known issues and not recommended',
    ]);
  });
});

describe('orderApis', () => {
  it('puts the default API first and keeps the others in order', () => {
    const apis = [
      { _id: 'a', name: 'API 2', isDefault: false },
      { _id: 'b', name: 'API 3', isDefault: false },
      { _id: 'c', name: 'API 1', isDefault: true },
    ];
    expect(orderApis(apis).map((a) => a.name)).toEqual(['API 1', 'API 2', 'API 3']);
  });
});

describe('carrierSections', () => {
  it('gives one section per carrier with services, by name, FedEx spelled for people', () => {
    const res: AllServicesResponse = {
      apiId: 'a',
      apiName: 'API 1',
      UPS: [svc('UPS Next Day Air'), svc('UPS Ground')],
      USPS: [],
      FEDEX: [svc('FedEx Ground', { carrier: 'FEDEX' })],
    };
    expect(carrierSections(res).map((s) => [s.label, s.services.map((x) => x.name)])).toEqual([
      ['UPS', ['UPS Ground', 'UPS Next Day Air']],
      ['FedEx', ['FedEx Ground']],
    ]);
  });
});

describe('priceText / maxWeightText', () => {
  it("shows the customer's price, 'From' when it depends on weight, and says so when there is none", () => {
    expect(priceText({ price: 9.8, hasDynamicPricing: false })).toBe('$9.80');
    expect(priceText({ price: 8.95, hasDynamicPricing: true })).toBe('From $8.95');
    expect(priceText({ price: 0, hasDynamicPricing: false })).toBe('$0.00');
    expect(priceText({ price: null, hasDynamicPricing: true })).toBe('Price not available');
  });

  it('shows the weight limit in the service unit', () => {
    expect(maxWeightText({ name: 'UPS Ground', maxWeight: 150 })).toBe('Max 150 lbs');
    expect(maxWeightText({ name: 'USPS Ground Advantage 15 oz', maxWeight: 15 })).toBe('Max 15 oz');
    expect(maxWeightText({ name: 'UPS Ground', maxWeight: null })).toBe('No weight limit');
  });
});
