// @vitest-environment happy-dom

import { apiCalls, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { LowBalanceAlert } from '../balance/LowBalanceAlert';
import { NotificationsSection } from './NotificationsSection';

const DEFAULTS = {
  bulkOrderFinished: true,
  depositCredited: true,
  labelRefunded: true,
  lowBalanceThreshold: null,
  depositAttention: true,
  providerCircuitOpened: true,
};
const verify = (isAdmin: boolean) => ({
  json: {
    valid: true,
    expired: false,
    message: 'Token is valid',
    user: {
      _id: 'usr_1',
      name: 'C',
      email: 'c@example.com',
      balance: 0,
      totalSpend: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      isAdmin,
      address: null,
      city: null,
      state: null,
      zip: null,
      country: null,
      emailVerified: true,
    },
  },
});
const toggle = (name: RegExp) => screen.getByRole('switch', { name }) as HTMLInputElement;
const puts = (mock: ReturnType<typeof stubApi>) =>
  apiCalls(mock).filter((c) => c.method === 'PUT' && c.path === '/api/notification-settings');

describe('Settings › Notifications and the Balance page alert (issue 23)', () => {
  it('shows the saved choices (all on), saves one switched off, and shows no admin mails to a customer', async () => {
    const api = stubApi({
      'GET /api/notification-settings': { json: DEFAULTS },
      'GET /api/auth/verify': verify(false),
      'PUT /api/notification-settings': (call) => ({
        json: { ...DEFAULTS, ...(call.body as object), message: 'Notification settings saved' },
      }),
    });
    const user = setupUser();
    renderWithUi(<NotificationsSection />);
    await waitFor(() => expect(toggle(/A deposit was credited/).checked).toBe(true), { timeout: 5_000 });
    expect(toggle(/A bulk order finished/).checked).toBe(true);
    expect(screen.queryByRole('switch', { name: /A deposit needs attention/ })).toBeNull();
    expect(screen.getByTestId('notifications-low-balance').textContent).toContain('Low balance: off.');

    await user.click(toggle(/A deposit was credited/));
    await user.click(screen.getByTestId('notifications-submit'));
    expect((await screen.findByTestId('notifications-success')).textContent).toBe('Notification settings saved');
    const { lowBalanceThreshold: _, ...toggles } = DEFAULTS;
    expect(puts(api).map((c) => c.body)).toEqual([{ ...toggles, depositCredited: false }]);
  });

  it('shows the admin mails to an admin', async () => {
    stubApi({
      'GET /api/notification-settings': { json: { ...DEFAULTS, providerCircuitOpened: false } },
      'GET /api/auth/verify': verify(true),
    });
    renderWithUi(<NotificationsSection />);
    await waitFor(() => expect(toggle(/A provider API circuit opened/).checked).toBe(false), { timeout: 5_000 });
    expect(toggle(/A deposit needs attention/).checked).toBe(true);
  });

  it('sets the low-balance threshold as a number, refuses a bad amount under the field, and turns it off', async () => {
    let saved: number | null = null;
    const api = stubApi({
      'GET /api/notification-settings': () => ({ json: { ...DEFAULTS, lowBalanceThreshold: saved } }),
      'PUT /api/notification-settings': (call) => {
        saved = (call.body as { lowBalanceThreshold: number | null }).lowBalanceThreshold;
        return { json: { ...DEFAULTS, lowBalanceThreshold: saved, message: 'Notification settings saved' } };
      },
    });
    const user = setupUser();
    renderWithUi(<LowBalanceAlert />);
    const field = (await screen.findByLabelText('Mail me when my balance drops below (USD)')) as HTMLInputElement;
    expect(field.value).toBe('');
    await user.type(field, '0.5');
    await user.click(screen.getByTestId('low-balance-submit'));
    expect(await screen.findByText('Please enter a valid amount')).toBeTruthy();
    expect(puts(api)).toEqual([]);

    await user.clear(field);
    await user.type(field, '25');
    await user.click(screen.getByTestId('low-balance-submit'));
    expect((await screen.findByTestId('low-balance-success')).textContent).toBe(
      'We will mail you once when your balance drops below $25.00',
    );
    await user.click(await screen.findByRole('button', { name: 'Turn Off' }));
    await waitFor(() =>
      expect(screen.getByTestId('low-balance-success').textContent).toBe('Low-balance alert turned off'),
    );
    expect(puts(api).map((c) => c.body)).toEqual([{ lowBalanceThreshold: 25 }, { lowBalanceThreshold: null }]);
  });
});
