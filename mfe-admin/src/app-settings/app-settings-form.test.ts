import { describe, expect, it } from 'vitest';
import { validateAppSettings } from './app-settings-form';

const DISCORD_ERROR = 'Discord link must start with https://discord.gg/ or https://discord.com/invite/';
const TELEGRAM_ERROR = 'Telegram link must start with https://t.me/';

describe('validateAppSettings', () => {
  it('accepts both invite hosts for Discord and t.me for Telegram, trimmed', () => {
    expect(
      validateAppSettings({
        discordInviteLink: ' https://discord.gg/abc ',
        telegramInviteLink: 'https://t.me/labeldesk ',
      }),
    ).toEqual({
      ok: true,
      value: { discordInviteLink: 'https://discord.gg/abc', telegramInviteLink: 'https://t.me/labeldesk' },
    });
    expect(
      validateAppSettings({ discordInviteLink: 'https://discord.com/invite/xyz', telegramInviteLink: '' }),
    ).toEqual({ ok: true, value: { discordInviteLink: 'https://discord.com/invite/xyz', telegramInviteLink: '' } });
  });

  it('allows both links empty (the login page then hides the buttons)', () => {
    expect(validateAppSettings({ discordInviteLink: '  ', telegramInviteLink: '' })).toEqual({
      ok: true,
      value: { discordInviteLink: '', telegramInviteLink: '' },
    });
  });

  it('refuses links on other hosts, plain http, or a bare prefix, per field', () => {
    expect(
      validateAppSettings({ discordInviteLink: 'https://example.com/x', telegramInviteLink: 'https://t.me/ok' }),
    ).toEqual({
      ok: false,
      errors: { discordInviteLink: DISCORD_ERROR },
    });
    expect(
      validateAppSettings({ discordInviteLink: 'https://discord.gg/ok', telegramInviteLink: 'http://t.me/x' }),
    ).toEqual({
      ok: false,
      errors: { telegramInviteLink: TELEGRAM_ERROR },
    });
    expect(
      validateAppSettings({ discordInviteLink: 'https://discord.gg/', telegramInviteLink: 'https://t.me/' }),
    ).toEqual({
      ok: false,
      errors: { discordInviteLink: DISCORD_ERROR, telegramInviteLink: TELEGRAM_ERROR },
    });
  });

  it('does not accept a look-alike host that merely contains the prefix later', () => {
    const result = validateAppSettings({
      discordInviteLink: 'https://evil.example/https://discord.gg/abc',
      telegramInviteLink: 'https://t.me.evil.example/x',
    });
    expect(result).toEqual({
      ok: false,
      errors: { discordInviteLink: DISCORD_ERROR, telegramInviteLink: TELEGRAM_ERROR },
    });
  });
});
