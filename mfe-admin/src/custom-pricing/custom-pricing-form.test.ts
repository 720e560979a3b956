import type { CustomPricing, ServicesByCarrier } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { service } from '../service-management/test-fixtures';
import {
  buildPricingRequest,
  buildRule,
  formFromPricing,
  ruleCount,
  type ServiceRuleForm,
  serviceKey,
  updateCarrier,
  updateServiceRule,
} from './custom-pricing-form';

const apiServices: ServicesByCarrier = {
  UPS: {
    'UPS Ground': service('UPS Ground', { basePrice: 8.95, hasDynamicPricing: true }),
    'UPS Next Day Air': service('UPS Next Day Air', { basePrice: 44 }),
  },
  USPS: { 'USPS Priority Mail': service('USPS Priority Mail', { carrier: 'USPS', basePrice: 8.75 }) },
  FEDEX: {},
};

const stored: CustomPricing = {
  enabled: true,
  carriers: {
    UPS: {
      enabled: true,
      services: {
        'UPS Ground': { type: 'discount_percentage', discountPercentage: 10, applyToAllTiers: true },
        'UPS Retired Service': { type: 'fixed', fixedPrice: 1 },
      },
    },
  },
};

const rule = (patch: Partial<ServiceRuleForm>): ServiceRuleForm => ({
  type: 'none',
  fixedPrice: '',
  discountPercentage: '',
  discountAmount: '',
  tiers: [{ key: 1, start: 0, end: 1, price: 5 }],
  applyToAllTiers: false,
  ...patch,
});

describe('formFromPricing', () => {
  it("shows every service of the API, the user's rules filled in and the rest on the standard price", () => {
    const form = formFromPricing(stored, apiServices);
    expect(form.enabled).toBe(true);
    expect(form.carriers.UPS.enabled).toBe(true);
    expect(form.carriers.USPS.enabled).toBe(false);
    expect(Object.keys(form.carriers.UPS.services)).toEqual(['UPS Ground', 'UPS Next Day Air']);
    expect(form.carriers.UPS.services['UPS Ground']).toMatchObject({
      type: 'discount_percentage',
      discountPercentage: 10,
      applyToAllTiers: true,
    });
    expect(form.carriers.UPS.services['UPS Next Day Air']?.type).toBe('none');
    // A new dynamic list starts with one tier 0-1 at the service's base price (SPEC §9).
    expect(
      form.carriers.UPS.services['UPS Next Day Air']?.tiers.map(({ start, end, price }) => [start, end, price]),
    ).toEqual([[0, 1, 44]]);
    expect(ruleCount(form.carriers.UPS)).toBe(1);
  });

  it('starts empty and disabled for a user without custom pricing', () => {
    const form = formFromPricing({ enabled: false, carriers: {} }, apiServices);
    expect(form.enabled).toBe(false);
    expect(ruleCount(form.carriers.UPS) + ruleCount(form.carriers.USPS)).toBe(0);
  });
});

describe('buildRule', () => {
  it('sends only the field of the chosen type, money exact', () => {
    expect(buildRule(rule({ type: 'fixed', fixedPrice: '7.5', discountPercentage: 50 }))).toEqual({
      ok: true,
      rule: { type: 'fixed', fixedPrice: 7.5, applyToAllTiers: false },
    });
    expect(buildRule(rule({ type: 'discount_amount', discountAmount: 1.25, applyToAllTiers: true }))).toEqual({
      ok: true,
      rule: { type: 'discount_amount', discountAmount: 1.25, applyToAllTiers: true },
    });
    expect(buildRule(rule({ type: 'discount_percentage', discountPercentage: '12.5' }))).toEqual({
      ok: true,
      rule: { type: 'discount_percentage', discountPercentage: 12.5, applyToAllTiers: false },
    });
    expect(buildRule(rule({ type: 'dynamic', tiers: [{ key: 1, start: 0, end: '2', price: '3.10' }] }))).toEqual({
      ok: true,
      rule: { type: 'dynamic', dynamicTiers: [{ start: 0, end: 2, price: 3.1 }] },
    });
  });

  it('refuses what the pricing package refuses, with its texts', () => {
    expect(buildRule(rule({ type: 'fixed', fixedPrice: '' }))).toEqual({
      ok: false,
      errors: ['Please enter a valid price'],
    });
    expect(buildRule(rule({ type: 'fixed', fixedPrice: -1 }))).toEqual({
      ok: false,
      errors: ['Please enter a valid price'],
    });
    expect(buildRule(rule({ type: 'discount_amount', discountAmount: '1.234' }))).toEqual({
      ok: false,
      errors: ['Please enter a valid amount'],
    });
    for (const p of ['', 101, -5, 'ten']) {
      expect(buildRule(rule({ type: 'discount_percentage', discountPercentage: p }))).toEqual({
        ok: false,
        errors: ['Discount percentage must be between 0 and 100'],
      });
    }
    expect(buildRule(rule({ type: 'discount_percentage', discountPercentage: 100 })).ok).toBe(true);
    expect(
      buildRule(
        rule({
          type: 'dynamic',
          tiers: [
            { key: 1, start: 0, end: 5, price: 5 },
            { key: 2, start: 3, end: 9, price: 6 },
          ],
        }),
      ),
    ).toEqual({ ok: false, errors: ['Tier 2 overlaps with Tier 1'] });
    expect(buildRule(rule({ type: 'dynamic', tiers: [] }))).toEqual({
      ok: false,
      errors: ['At least one tier must remain'],
    });
  });
});

describe('buildPricingRequest', () => {
  it('sends every carrier with its switch and only services that have a rule', () => {
    let form = formFromPricing(stored, apiServices);
    form = updateServiceRule(form, 'USPS', 'USPS Priority Mail', { type: 'fixed', fixedPrice: 6 });
    form = updateCarrier(form, 'USPS', { enabled: true });
    expect(buildPricingRequest(form)).toEqual({
      ok: true,
      body: {
        enabled: true,
        carriers: {
          UPS: {
            enabled: true,
            services: {
              'UPS Ground': { type: 'discount_percentage', discountPercentage: 10, applyToAllTiers: true },
            },
          },
          USPS: {
            enabled: true,
            services: { 'USPS Priority Mail': { type: 'fixed', fixedPrice: 6, applyToAllTiers: false } },
          },
          FEDEX: { enabled: false, services: {} },
        },
      },
    });
  });

  it('keeps rules while custom pricing is switched off, so switching back on restores them', () => {
    const form = { ...formFromPricing(stored, apiServices), enabled: false };
    const built = buildPricingRequest(form);
    expect(built.ok && built.body.enabled).toBe(false);
    expect(built.ok && built.body.carriers?.UPS?.services['UPS Ground']?.type).toBe('discount_percentage');
  });

  it('reports problems per service and sends nothing', () => {
    let form = formFromPricing(stored, apiServices);
    form = updateServiceRule(form, 'UPS', 'UPS Next Day Air', { type: 'fixed', fixedPrice: 'abc' });
    form = updateServiceRule(form, 'UPS', 'UPS Ground', { discountPercentage: 150 });
    expect(buildPricingRequest(form)).toEqual({
      ok: false,
      errors: {
        [serviceKey('UPS', 'UPS Ground')]: ['Discount percentage must be between 0 and 100'],
        [serviceKey('UPS', 'UPS Next Day Air')]: ['Please enter a valid price'],
      },
    });
  });

  it('ignores an update for a service the form does not have', () => {
    const form = formFromPricing(stored, apiServices);
    expect(updateServiceRule(form, 'FEDEX', 'FedEx Ground', { type: 'fixed' })).toBe(form);
  });
});
