// @vitest-environment happy-dom

import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import { ChangeEmailSection } from './ChangeEmailSection';

const user = (email: string) => ({
  _id: 'usr_1',
  name: 'Cal',
  email,
  isAdmin: false,
  balance: 0,
  totalSpend: 0,
  createdAt: '2026-11-01T12:00:00.000Z',
  address: null,
  city: null,
  state: null,
  zip: null,
  country: null,
  emailVerified: false,
});

describe('Settings › Security › Email (issue 23)', () => {
  it('shows the address and whether it is verified; a refusal lands on its field; a change says to verify again', async () => {
    let email = 'cal@example.com';
    let verified = true;
    const api = stubApi({
      'GET /api/auth/verify-email': () => ({
        json: { email, verified, verifiedAt: verified ? '2026-11-02T00:00:00Z' : null },
      }),
      'POST /api/auth/change-email': (call) => {
        const body = call.body as { email: string; password: string };
        if (body.password !== 'right-pass-phrase') {
          return {
            status: 400,
            json: {
              error: {
                code: 'invalid_input',
                message: 'Password is incorrect',
                details: [{ path: 'password', message: 'Password is incorrect' }],
              },
            },
          };
        }
        email = body.email;
        verified = false;
        return {
          json: { message: `Email changed to ${email}. Open the link we sent there to verify it.`, user: user(email) },
        };
      },
    });
    const clicks = setupUser();
    renderWithUi(<ChangeEmailSection />);
    await waitFor(
      () => expect(screen.getByTestId('change-email-current').textContent).toBe('cal@example.comVerified'),
      {
        timeout: 5_000,
      },
    );

    fill(screen.getByLabelText('New Email'), ' Cal.New@Example.com ');
    fill(screen.getByLabelText('Password'), 'wrong-pass-phrase');
    await clicks.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(await screen.findByText('Password is incorrect')).toBeTruthy();

    fill(screen.getByLabelText('Password'), 'right-pass-phrase');
    await clicks.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(
      await screen.findByText('Email changed to cal.new@example.com. Open the link we sent there to verify it.'),
    ).toBeTruthy();
    // The address shown is read again: the new one, not verified yet.
    await waitFor(() =>
      expect(screen.getByTestId('change-email-current').textContent).toBe('cal.new@example.comNot verified'),
    );
    // Sent as the contract makes it: trimmed and lower-cased.
    expect(
      apiCalls(api)
        .filter((c) => c.method === 'POST')
        .map((c) => c.body),
    ).toEqual([
      { email: 'cal.new@example.com', password: 'wrong-pass-phrase' },
      { email: 'cal.new@example.com', password: 'right-pass-phrase' },
    ]);
  });
});
