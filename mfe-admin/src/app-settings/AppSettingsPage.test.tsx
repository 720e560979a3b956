// @vitest-environment happy-dom

import { apiCalls, fill, renderWithUi, screen, setupUser, stubApi, waitFor } from '@labeldesk/ui/testing';
import { describe, expect, it } from 'vitest';
import AppSettingsPage from './AppSettingsPage';

const DISCORD_ERROR = 'Discord link must start with https://discord.gg/ or https://discord.com/invite/';
const TELEGRAM_ERROR = 'Telegram link must start with https://t.me/';
const LOADED = { discordInviteLink: 'https://discord.gg/old', telegramInviteLink: '', requireAdminTwoFactor: false };
const OWN_FIRST =
  'Turn on two-factor sign-in for your own account first (Settings › Security): otherwise this setting would lock you out of the admin screens.';

describe('App Settings (contract form)', () => {
  it('shows each refused link under its field and saves nothing', async () => {
    const api = stubApi({ 'GET /api/settings/app-settings': { json: LOADED } });
    const user = setupUser();
    renderWithUi(<AppSettingsPage />);
    const discord = await screen.findByLabelText('Discord Invite Link');
    expect((discord as HTMLInputElement).value).toBe('https://discord.gg/old');
    fill(discord, 'https://example.com/not-discord');
    fill(screen.getByLabelText('Telegram Invite Link'), 'http://t.me/x');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect(await screen.findByText(DISCORD_ERROR)).toBeTruthy();
    expect(screen.getByText(TELEGRAM_ERROR)).toBeTruthy();
    expect(apiCalls(api).filter((c) => c.method === 'PUT')).toEqual([]);
    // Correcting a field clears its error.
    fill(discord, 'https://discord.gg/new');
    await waitFor(() => expect(screen.queryByText(DISCORD_ERROR)).toBeNull());
  });

  it('sends the links trimmed, shows the SPEC success text and the saved values', async () => {
    const api = stubApi({
      'GET /api/settings/app-settings': { json: LOADED },
      'PUT /api/settings/app-settings': ({ body }) => ({ json: { ...(body as object), message: 'Updated' } }),
    });
    const user = setupUser();
    renderWithUi(<AppSettingsPage />);
    fill(await screen.findByLabelText('Discord Invite Link'), '  https://discord.com/invite/xyz ');
    fill(screen.getByLabelText('Telegram Invite Link'), 'https://t.me/labeldesk');
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByTestId('app-settings-success')).textContent).toContain(
      'Application settings updated successfully',
    );
    expect(apiCalls(api).find((c) => c.method === 'PUT')?.body).toEqual({
      discordInviteLink: 'https://discord.com/invite/xyz',
      telegramInviteLink: 'https://t.me/labeldesk',
      requireAdminTwoFactor: false,
    });
    expect((screen.getByLabelText('Discord Invite Link') as HTMLInputElement).value).toBe(
      'https://discord.com/invite/xyz',
    );
  });

  it('sends "require two-factor for admins" and shows the refusal of an admin without 2FA', async () => {
    const api = stubApi({
      'GET /api/settings/app-settings': { json: LOADED },
      'PUT /api/settings/app-settings': {
        status: 400,
        json: {
          error: {
            code: 'invalid_input',
            message: OWN_FIRST,
            details: [{ path: 'requireAdminTwoFactor', message: OWN_FIRST }],
          },
        },
      },
    });
    const user = setupUser();
    renderWithUi(<AppSettingsPage />);
    const toggle = (await screen.findByRole('switch', {
      name: /Require two-factor sign-in for admins/,
    })) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Save Settings' }));
    expect((await screen.findByTestId('app-settings-error')).textContent).toContain(OWN_FIRST);
    expect(apiCalls(api).find((c) => c.method === 'PUT')?.body).toMatchObject({ requireAdminTwoFactor: true });
  });

  it('a failed load shows its text with Try Again', async () => {
    stubApi({
      'GET /api/settings/app-settings': {
        status: 500,
        json: { error: { code: 'internal', message: 'Failed to load application settings', details: [] } },
      },
    });
    renderWithUi(<AppSettingsPage />);
    expect((await screen.findByTestId('app-settings-load-error')).textContent).toContain(
      'Failed to load application settings',
    );
    expect(screen.getByRole('button', { name: 'Try Again' })).toBeTruthy();
  });
});
