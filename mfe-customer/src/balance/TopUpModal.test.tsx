// @vitest-environment happy-dom

import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TopUpModal } from './TopUpModal';

const posts = (mock: ReturnType<typeof stubApi>) => apiCalls(mock).filter((c) => c.method === 'POST');

afterEach(() => vi.useRealTimers());

describe('Top Up (the contract form)', () => {
  it("refuses an amount under $1 or with sub-cent digits under its field with the SPEC's text, calling nothing", async () => {
    const mock = stubApi({});
    const user = setupUser();
    renderWithUi(<TopUpModal opened onClose={() => {}} />);
    const amount = screen.getByLabelText(/Amount/);
    for (const typed of ['', '0.5']) {
      fill(amount, typed);
      await user.click(screen.getByTestId('topup-submit'));
      expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
      expect(amount.getAttribute('aria-invalid')).toBe('true');
    }
    expect(posts(mock)).toEqual([]);
  });

  it('creates the invoice with the amount and says it is redirecting to the payment page', async () => {
    const mock = stubApi({
      'POST /api/crypto/create-invoice': {
        json: { transactionId: 'txn_1', paymentUrl: 'https://pay.example.com/i/inv_1' },
      },
    });
    const user = setupUser();
    renderWithUi(<TopUpModal opened onClose={() => {}} />);
    fill(screen.getByLabelText(/Amount/), '25');
    await user.click(screen.getByTestId('topup-submit'));
    await waitFor(() => expect(posts(mock)).toHaveLength(1));
    expect(posts(mock)[0]?.body).toEqual({ amount: 25 });
    expect((await screen.findByTestId('topup-redirecting')).textContent).toContain('Redirecting to the payment page');
    expect(screen.getByTestId('topup-submit').textContent).toBe('Redirecting...');
  });

  it('a method other than crypto says it is not implemented yet and cannot be submitted', async () => {
    const mock = stubApi({});
    const user = setupUser();
    renderWithUi(<TopUpModal opened onClose={() => {}} />);
    await user.click(screen.getByTestId('topup-method'));
    await user.click(await screen.findByRole('option', { name: 'Credit or Debit Card', hidden: true }));
    expect((await screen.findByTestId('topup-error')).textContent).toBe('Payment method not implemented yet');
    expect((screen.getByTestId('topup-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(posts(mock)).toEqual([]);
  });
});
