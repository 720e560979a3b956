import type { ShippingApiConfig, UserPricingResponse } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { pricingLoad, shownApi } from './pricing-load';

const api = (id: string, isDefault = false) => ({ _id: id, isDefault }) as ShippingApiConfig;
const apis = (...list: ShippingApiConfig[]) => ({ kind: 'ready' as const, data: { apis: list } });
const pricing = { customPricing: { enabled: false }, apiServices: {} } as unknown as UserPricingResponse;
const ready = { kind: 'ready' as const, data: pricing };
const loading = { kind: 'loading' as const };

describe('custom pricing modal load', () => {
  it('shows the chosen API while it exists, else the default, else the first', () => {
    expect(shownApi(apis(api('a'), api('b', true)), null)).toBe('b');
    expect(shownApi(apis(api('a'), api('b', true)), 'a')).toBe('a');
    expect(shownApi(apis(api('a'), api('c')), 'gone')).toBe('a');
    expect(shownApi(apis(), null)).toBeNull();
    expect(shownApi(loading, 'a')).toBeNull();
  });

  it('waits for the API list, then for the pricing of the shown API', () => {
    expect(pricingLoad(loading, null, loading)).toEqual({ kind: 'loading' });
    expect(pricingLoad(apis(api('a')), 'a', loading)).toEqual({ kind: 'loading' });
    expect(pricingLoad(apis(api('a')), 'a', ready)).toEqual({ kind: 'ready', apiId: 'a', pricing });
  });

  it('says there are no APIs rather than waiting for a pricing that is never asked', () => {
    expect(pricingLoad(apis(), null, loading)).toEqual({ kind: 'no-apis' });
  });

  it('names the query that failed, so Try Again asks that one again', () => {
    const failed = { kind: 'failed' as const, message: 'Failed to load pricing data' };
    expect(pricingLoad(failed, null, loading)).toEqual({
      kind: 'failed',
      message: 'Failed to load pricing data',
      failed: 'apis',
    });
    expect(pricingLoad(apis(api('a')), 'a', failed)).toEqual({
      kind: 'failed',
      message: 'Failed to load pricing data',
      failed: 'pricing',
    });
  });
});
