import { describe, expect, it } from 'vitest';
import { safeWebLink, supportChannels, supportMailto } from './support-channels';

describe('supportChannels', () => {
  it('gives Discord and Telegram their invite links when set', () => {
    expect(
      supportChannels({
        discordInviteLink: 'https://discord.gg/labeldesk',
        telegramInviteLink: ' https://t.me/labeldesk ',
        supportEmail: '',
      }),
    ).toEqual([
      { name: 'Discord', href: 'https://discord.gg/labeldesk' },
      { name: 'Telegram', href: 'https://t.me/labeldesk' },
    ]);
  });

  it('marks a channel without a link as not configured', () => {
    expect(supportChannels({ discordInviteLink: '', telegramInviteLink: 'https://t.me/x', supportEmail: '' })).toEqual([
      { name: 'Discord', href: null },
      { name: 'Telegram', href: 'https://t.me/x' },
    ]);
  });
});

describe('safeWebLink', () => {
  it('refuses links that are not http(s) web addresses', () => {
    expect(safeWebLink('javascript:alert(1)')).toBeNull();
    expect(safeWebLink('discord.gg/abc')).toBeNull();
    expect(safeWebLink('   ')).toBeNull();
    expect(safeWebLink('http://example.com/x')).toBe('http://example.com/x');
  });
});

describe('supportMailto', () => {
  it('links a support email and ignores blanks or malformed values', () => {
    expect(supportMailto(' help@labeldesk.test ')).toBe('mailto:help@labeldesk.test');
    expect(supportMailto('')).toBeNull();
    expect(supportMailto('not an email')).toBeNull();
  });
});
