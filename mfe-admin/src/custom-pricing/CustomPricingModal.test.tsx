// @vitest-environment happy-dom

import type { UserPricingResponse } from '@labeldesk/contracts';
import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { customerFixture } from '../customers/test-fixtures';
import { config, service } from '../service-management/test-fixtures';
import { CustomPricingModal } from './CustomPricingModal';

const customer = customerFixture(7, { name: 'Bea Buyer' });
const PRICING = `/api/admin/users/${customer._id}/pricing/api_1`;

const stored: UserPricingResponse = {
  customPricing: {
    enabled: true,
    carriers: {
      UPS: {
        enabled: true,
        services: { 'UPS Ground': { type: 'discount_percentage', discountPercentage: 10, applyToAllTiers: false } },
      },
    },
  },
  apiServices: { UPS: { 'UPS Ground': service('UPS Ground') }, USPS: {}, FEDEX: {} },
};

const patches = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'PATCH');

function serve({ patch, pricingFails = 0 }: { patch?: { status: number; json: unknown }; pricingFails?: number } = {}) {
  let failures = pricingFails;
  return stubApi({
    'GET /api/admin/config/apis': { json: { apis: [config('api_1', { name: 'API 1', isDefault: true })] } },
    [`GET ${PRICING}`]: () => {
      if (failures-- > 0) {
        return { status: 500, json: { error: { code: 'internal', message: 'Database unavailable', details: [] } } };
      }
      return { json: stored };
    },
    [`PATCH ${PRICING}`]: ({ body }) =>
      patch ?? { json: { customPricing: body, message: 'Custom pricing updated successfully' } },
  });
}

function open() {
  renderWithUi(<CustomPricingModal opened user={customer} onClose={() => {}} />);
}

describe('Custom Pricing (the contract form, loaded through QueryBody)', () => {
  it("marks a service whose rule the pricing rules refuse, with the SPEC's texts, calling nothing", async () => {
    const api = serve();
    const user = setupUser();
    open();
    const percentage = await screen.findByTestId('custom-pricing-percentage', {}, { timeout: 5_000 });
    expect((percentage as HTMLInputElement).value).toBe('10%');
    fill(percentage, '150');
    await user.click(screen.getByTestId('custom-pricing-save'));
    expect((await screen.findByTestId('custom-pricing-error')).textContent).toBe('Please fix the highlighted services');
    expect(screen.getByTestId('custom-pricing-service-error').textContent).toBe(
      'Discount percentage must be between 0 and 100',
    );
    expect(patches(api)).toEqual([]);
  });

  it("puts the server's problem with a service on that service", async () => {
    const message = 'Discount percentage must be between 0 and 100';
    serve({
      patch: {
        status: 400,
        json: {
          error: { code: 'invalid_input', message, details: [{ path: 'carriers.UPS.services.UPS Ground', message }] },
        },
      },
    });
    const user = setupUser();
    open();
    await screen.findByTestId('custom-pricing-percentage', {}, { timeout: 5_000 });
    await user.click(screen.getByTestId('custom-pricing-save'));
    expect((await screen.findByTestId('custom-pricing-error')).textContent).toBe(message);
    expect(screen.getByTestId('custom-pricing-service-error').textContent).toBe(message);
  });

  it('saves the rules as the contract body and shows the SPEC success', async () => {
    const api = serve();
    const user = setupUser();
    open();
    fill(await screen.findByTestId('custom-pricing-percentage', {}, { timeout: 5_000 }), '15');
    await user.click(screen.getByTestId('custom-pricing-save'));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    expect(patches(api)[0]?.body).toEqual({
      enabled: true,
      carriers: {
        UPS: {
          enabled: true,
          services: { 'UPS Ground': { type: 'discount_percentage', discountPercentage: 15, applyToAllTiers: false } },
        },
        USPS: { enabled: false, services: {} },
        FEDEX: { enabled: false, services: {} },
      },
    });
    expect((await screen.findByTestId('custom-pricing-success')).textContent).toBe(
      'Custom pricing saved for Bea Buyer',
    );
    expect((screen.getByTestId('custom-pricing-percentage') as HTMLInputElement).value).toBe('15%');
  });

  it('shows a failed load of the pricing with Try Again, which loads it', async () => {
    serve({ pricingFails: 1 });
    const user = setupUser();
    open();
    const failure = await screen.findByTestId('custom-pricing-load-error', {}, { timeout: 5_000 });
    expect(failure.textContent).toContain('Failed to load pricing data');
    expect((screen.getByTestId('custom-pricing-save') as HTMLButtonElement).disabled).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.queryByTestId('custom-pricing-load-error')).toBeNull());
    expect(await screen.findByTestId('custom-pricing-percentage', {}, { timeout: 5_000 })).toBeTruthy();
    expect((screen.getByTestId('custom-pricing-save') as HTMLButtonElement).disabled).toBe(false);
  });
});
