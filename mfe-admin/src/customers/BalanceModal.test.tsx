// @vitest-environment happy-dom

import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it, vi } from 'vitest';
import { BalanceModal } from './BalanceModal';
import { customerFixture } from './test-fixtures';

const customer = customerFixture(7, { name: 'Bea Buyer', email: 'bea@example.com', balance: 10.1 });

const PATCH = `PATCH /api/admin/users/${customer._id}/balance`;
const patches = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'PATCH');

function open(onUpdated = vi.fn()) {
  renderWithUi(<BalanceModal opened user={customer} onClose={() => {}} onUpdated={onUpdated} />);
  return onUpdated;
}

describe('Adjust Balance (the contract form)', () => {
  it("refuses an amount that is not > 0 in whole cents under its field with the SPEC's text, calling nothing", async () => {
    const api = stubApi({});
    const user = setupUser();
    open();
    const amount = screen.getByLabelText('Amount to add');
    for (const typed of ['', '0']) {
      fill(amount, typed);
      await user.click(screen.getByTestId('balance-submit'));
      expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(patches(api)).toEqual([]);
  });

  it('adds funds with the amount and the trimmed reason, previews the result, and shows the new balance', async () => {
    const api = stubApi({
      [PATCH]: ({ body }) => ({
        json: {
          ...customer,
          balance: 50.1,
          user: { ...customer, balance: 50.1 },
          transaction: null,
          message: `Balance updated (${JSON.stringify(body)})`,
        },
      }),
    });
    const user = setupUser();
    const onUpdated = open();
    fill(screen.getByLabelText('Amount to add'), '40');
    expect((await screen.findByTestId('balance-preview')).textContent).toBe('Balance after this change: $50.10');
    fill(screen.getByTestId('balance-reason'), '  Welcome credit ');
    await user.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    expect(patches(api)[0]?.body).toEqual({ mode: 'add', amount: 40, reason: 'Welcome credit' });
    expect((await screen.findByTestId('balance-success')).textContent).toBe('Balance updated. New balance: $50.10');
    expect(onUpdated).toHaveBeenCalledWith(expect.objectContaining({ _id: customer._id, balance: 50.1 }));
  });

  it('sets the balance: the one amount field becomes the body’s balance, and its errors stay on that field', async () => {
    const api = stubApi({
      [PATCH]: {
        status: 400,
        json: {
          error: {
            code: 'invalid_input',
            message: 'Please enter a valid amount',
            details: [{ path: 'balance', message: 'Please enter a valid amount' }],
          },
        },
      },
    });
    const user = setupUser();
    open();
    await user.click(screen.getByText('Set balance'));
    const amount = await screen.findByLabelText('New balance');
    expect(screen.getByTestId('balance-submit').textContent).toBe('Set Balance');
    fill(amount, '3');
    expect((await screen.findByTestId('balance-preview')).textContent).toBe('Balance after this change: $3.00');
    await user.click(screen.getByTestId('balance-submit'));
    await waitFor(() => expect(patches(api)).toHaveLength(1));
    expect(patches(api)[0]?.body).toEqual({ mode: 'set', balance: 3 });
    expect((await screen.findByTestId('balance-error')).textContent).toBe('Please enter a valid amount');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
  });
});
