import { z } from 'zod';

export const DISCORD_PREFIXES = ['https://discord.gg/', 'https://discord.com/invite/'] as const;
export const TELEGRAM_PREFIXES = ['https://t.me/'] as const;

export const PublicSettings = z.object({
  discordInviteLink: z.string(),
  telegramInviteLink: z.string(),
  supportEmail: z.string(),
});
export type PublicSettings = z.infer<typeof PublicSettings>;

export const AppSettings = z.object({
  discordInviteLink: z.string(),
  telegramInviteLink: z.string(),
});
export type AppSettings = z.infer<typeof AppSettings>;

const inviteLink = (prefixes: readonly string[], label: string) =>
  z
    .string()
    .trim()
    .max(300, `${label} link is too long`)
    .refine((v) => v === '' || prefixes.some((p) => v.startsWith(p) && v.length > p.length), {
      message: `${label} link must start with ${prefixes.join(' or ')}`,
    });

/** An empty link hides the button; a non-empty one must be an invite on the service's own host. */
export const UpdateAppSettingsRequest = z.object({
  discordInviteLink: inviteLink(DISCORD_PREFIXES, 'Discord'),
  telegramInviteLink: inviteLink(TELEGRAM_PREFIXES, 'Telegram'),
});
export type UpdateAppSettingsRequest = z.input<typeof UpdateAppSettingsRequest>;
