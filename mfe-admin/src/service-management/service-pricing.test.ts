import type { ProviderPricesResponse, ProviderServicePrices } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildPricingUpdate,
  dynamicPricingFailedMessage,
  dynamicPricingSavedMessage,
  findProviderService,
  flatMargin,
  pricingUpdatedMessage,
  providerPriceText,
} from './service-pricing';
import { service } from './test-fixtures';

function provider(name: string, prices: Array<[number, number, number]>, code = 'code'): ProviderServicePrices {
  return {
    name,
    serviceCode: code,
    active: true,
    maxWeight: 150,
    weightUnit: 'lbs',
    prices: prices.map(([fromWeight, toWeight, price]) => ({ fromWeight, toWeight, price })),
    hasMultipleTiers: prices.length > 1,
  };
}

const prices: ProviderPricesResponse = {
  apiId: 'api_1',
  carriers: {
    UPS: {
      'UPS Ground': provider(
        'UPS Ground',
        [
          [0, 1, 8.95],
          [1, 5, 11.4],
        ],
        'ups_ground',
      ),
      'UPS Next Day Air': provider('UPS Next Day Air', [[0, 50, 44]], 'ups_next_day_air'),
    },
    USPS: {},
    FEDEX: {},
  },
};

describe('findProviderService', () => {
  it('finds our service in the provider listing by name, else by service code', () => {
    expect(findProviderService(prices, 'UPS', { name: 'UPS Ground', serviceCode: 'x' })?.serviceCode).toBe(
      'ups_ground',
    );
    expect(findProviderService(prices, 'UPS', { name: 'Renamed Air', serviceCode: 'ups_next_day_air' })?.name).toBe(
      'UPS Next Day Air',
    );
    expect(findProviderService(prices, 'USPS', { name: 'UPS Ground', serviceCode: 'ups_ground' })).toBeUndefined();
    expect(findProviderService(null, 'UPS', { name: 'UPS Ground', serviceCode: 'ups_ground' })).toBeUndefined();
  });
});

describe('providerPriceText', () => {
  it("says 'Dynamic Pricing' for tiers, the price for one tier, 'Provider price not available' otherwise", () => {
    expect(providerPriceText(prices.carriers.UPS['UPS Ground'])).toBe('Dynamic Pricing');
    expect(providerPriceText(prices.carriers.UPS['UPS Next Day Air'])).toBe('$44.00');
    expect(providerPriceText(undefined)).toBe('Provider price not available');
    expect(providerPriceText(provider('X', []))).toBe('Provider price not available');
  });
});

describe('flatMargin', () => {
  it('compares flat prices exactly in cents and nothing else', () => {
    const nextDay = prices.carriers.UPS['UPS Next Day Air'];
    expect(flatMargin(service('UPS Next Day Air', { basePrice: 49.9 }), nextDay)).toBe(5.9);
    expect(flatMargin(service('UPS Next Day Air', { basePrice: 40.1 }), nextDay)).toBe(-3.9);
    expect(flatMargin(service('UPS Next Day Air', { hasDynamicPricing: true }), nextDay)).toBeNull();
    expect(flatMargin(service('UPS Ground'), prices.carriers.UPS['UPS Ground'])).toBeNull();
    expect(flatMargin(service('UPS Ground'), undefined)).toBeNull();
  });
});

describe('buildPricingUpdate', () => {
  it('sends the price as exact USD with the enabled flag', () => {
    expect(buildPricingUpdate('12.5', true)).toEqual({ ok: true, body: { basePrice: 12.5, enabled: true } });
    expect(buildPricingUpdate(0, false)).toEqual({ ok: true, body: { basePrice: 0, enabled: false } });
    expect(buildPricingUpdate(' 7.05 ', true)).toEqual({ ok: true, body: { basePrice: 7.05, enabled: true } });
  });

  it("refuses empty, negative, more than 2 decimals or absurd prices with 'Please enter a valid price'", () => {
    for (const bad of ['', '  ', -1, '-0.5', 'abc', '1.005', '$5', 100_000.01]) {
      expect(buildPricingUpdate(bad, true)).toEqual({ ok: false, error: 'Please enter a valid price' });
    }
  });
});

describe('messages', () => {
  it('uses the SPEC §8 wording, FedEx spelled as on the screens', () => {
    expect(pricingUpdatedMessage('UPS', 'UPS Ground')).toBe('Updated pricing for UPS - UPS Ground');
    expect(pricingUpdatedMessage('FEDEX', 'FedEx 2Day')).toBe('Updated pricing for FedEx - FedEx 2Day');
    expect(dynamicPricingSavedMessage('UPS Ground')).toBe('Successfully updated dynamic pricing for UPS Ground');
    expect(dynamicPricingFailedMessage('Tier 2 overlaps with Tier 1')).toBe(
      'Failed to save dynamic pricing: Tier 2 overlaps with Tier 1',
    );
  });
});
