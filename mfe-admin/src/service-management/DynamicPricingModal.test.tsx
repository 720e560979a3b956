// @vitest-environment happy-dom

import type { DynamicPricingResponse } from '@labeldesk/contracts';
import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { DynamicPricingModal } from './DynamicPricingModal';
import { service } from './test-fixtures';

const PATH = '/api/admin/config/dynamic-pricing/api_1/UPS/UPS%20Ground';

const stored: DynamicPricingResponse = {
  serviceName: 'UPS Ground',
  hasDynamicPricing: true,
  basePrice: 9.5,
  weightUnit: 'lbs',
  maxWeight: 150,
  pricingTiers: [
    { start: 0, end: 1, price: 5 },
    { start: 1.01, end: 5, price: 7 },
  ],
};

const patches = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'PATCH');

function serve(patch?: { status: number; json: unknown }) {
  return stubApi({
    [`GET ${PATH}`]: { json: stored },
    [`PATCH ${PATH}`]: ({ body }) =>
      patch ?? {
        json: {
          service: service('UPS Ground', { hasDynamicPricing: true, ...(body as object) }),
          message: 'Pricing updated',
        },
      },
  });
}

function open() {
  const onSaved = vi.fn();
  renderWithUi(
    <DynamicPricingModal
      opened
      target={{ apiId: 'api_1', carrier: 'UPS', serviceName: 'UPS Ground' }}
      onClose={() => {}}
      onSaved={onSaved}
    />,
  );
  return onSaved;
}

describe('Dynamic Pricing tier editor (the contract form)', () => {
  it("refuses overlapping tiers under the row with the SPEC's text, calling nothing, and clears it once fixed", async () => {
    const api = serve();
    const user = setupUser();
    open();
    const start2 = await screen.findByLabelText('Tier 2 start', {}, { timeout: 5_000 });
    expect((start2 as HTMLInputElement).value).toBe('1.01');
    fill(start2, '0.5');
    await user.click(screen.getByTestId('tier-save'));
    expect((await screen.findByTestId('tier-error')).textContent).toBe('Tier 2 overlaps with Tier 1');
    expect(start2.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText('Tier 1 start').getAttribute('aria-invalid')).not.toBe('true');
    expect(patches(api)).toEqual([]);

    fill(start2, '1.01');
    await waitFor(() => expect(screen.queryByTestId('tier-error')).toBeNull());
    expect(patches(api)).toEqual([]);
  });

  it("shows the server's refusal in the alert and its tier problem on the list", async () => {
    const message = 'Tier 1: Values cannot be negative';
    serve({
      status: 400,
      json: { error: { code: 'invalid_input', message, details: [{ path: 'pricingTiers', message }] } },
    });
    const user = setupUser();
    const onSaved = open();
    await screen.findByLabelText('Tier 1 start', {}, { timeout: 5_000 });
    await user.click(screen.getByTestId('tier-save'));
    expect((await screen.findByTestId('tier-save-error')).textContent).toBe(
      `Failed to save dynamic pricing: ${message}`,
    );
    expect(screen.getByTestId('tier-list-error').textContent).toBe(message);
    expect(onSaved).not.toHaveBeenCalled();
  });

  it('saves the rows as typed, added tier included, as the contract body with dynamic pricing on', async () => {
    const api = serve();
    const user = setupUser();
    const onSaved = open();
    await screen.findByLabelText('Tier 1 start', {}, { timeout: 5_000 });
    fill(screen.getByLabelText('Tier 1 price'), '4.25');
    await user.click(screen.getByTestId('tier-add'));
    expect((await screen.findByLabelText('Tier 3 start')).getAttribute('value')).toBe('5.01');
    await user.click(screen.getByTestId('tier-save'));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    expect(patches(api)[0]?.body).toEqual({
      pricingTiers: [
        { start: 0, end: 1, price: 4.25 },
        { start: 1.01, end: 5, price: 7 },
        { start: 5.01, end: 10.01, price: 9.5 },
      ],
      hasDynamicPricing: true,
    });
    await waitFor(() =>
      expect(onSaved).toHaveBeenCalledWith(
        expect.objectContaining({ name: 'UPS Ground' }),
        'Successfully updated dynamic pricing for UPS Ground',
      ),
    );
  });
});
