import type { PublicSettings } from '@labeldesk/contracts';

export interface SupportChannel {
  name: 'Discord' | 'Telegram';
  /** The invite to open, or null when the admin has not set one (or it is not a web link). */
  href: string | null;
}

/** Only http(s) links are rendered as links; anything else (e.g. `javascript:`) counts as not configured. */
export function safeWebLink(value: string): string | null {
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === 'https:' || url.protocol === 'http:' ? trimmed : null;
  } catch {
    return null;
  }
}

/** Discord then Telegram, each with its invite link when one is set. */
export function supportChannels(settings: PublicSettings): SupportChannel[] {
  return [
    { name: 'Discord', href: safeWebLink(settings.discordInviteLink) },
    { name: 'Telegram', href: safeWebLink(settings.telegramInviteLink) },
  ];
}

/** A `mailto:` link for the support email when it looks like an address, else null (the email is not shown). */
export function supportMailto(email: string): string | null {
  const trimmed = email.trim();
  return /^[^\s@<>"]+@[^\s@<>"]+\.[^\s@<>"]+$/.test(trimmed) ? `mailto:${trimmed}` : null;
}
