// @vitest-environment happy-dom

import type { Address } from '@labeldesk/contracts';
import { fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import AddressesPage from './AddressesPage';

const address = (n: number, name: string, type: Address['type']): Address => ({
  _id: `adr_${n}`,
  name,
  company: '',
  street1: `${n} Main St`,
  street2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  phone: '555-0100',
  type,
  isDefault: false,
  createdAt: '2026-11-01T12:00:00.000Z',
  updatedAt: '2026-11-01T12:00:00.000Z',
});

describe('Saved Addresses (one query, one QueryBody)', () => {
  it('shows the failure with Try Again; Add Address waits for the list; then the cards, searched and filtered', async () => {
    let fail = true;
    stubApi({
      'GET /api/addresses': () =>
        fail
          ? { status: 503, json: { error: { code: 'unavailable', message: 'busy', details: [] } } }
          : { json: { addresses: [address(1, 'Warehouse East', 'sender'), address(2, 'Bob Buyer', 'recipient')] } },
    });
    const user = setupUser();
    renderWithUi(<AddressesPage />);
    const failure = await screen.findByTestId('addresses-load-error', {}, { timeout: 5_000 });
    expect(failure.textContent).toContain('Error Loading Addresses');
    expect(failure.textContent).toContain('Failed to fetch addresses');
    expect((screen.getByRole('button', { name: 'Add Address' }) as HTMLButtonElement).disabled).toBe(true);

    fail = false;
    await user.click(screen.getByRole('button', { name: /Try Again/ }));
    expect((await screen.findByTestId('addresses-count')).textContent).toBe('Showing 2 of 2 addresses');
    expect((screen.getByRole('button', { name: 'Add Address' }) as HTMLButtonElement).disabled).toBe(false);

    fill(screen.getByLabelText('Search addresses'), 'warehouse');
    await waitFor(() => expect(screen.getByTestId('addresses-count').textContent).toBe('Showing 1 of 2 addresses'));
    fill(screen.getByLabelText('Search addresses'), 'nowhere at all');
    expect(await screen.findByText('No addresses match your search')).toBeTruthy();
  });
});
