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
  /** Issue 23: when on, an admin without two-factor sign-in gets 403 `two_factor_required` from every admin route. */
  requireAdminTwoFactor: z.boolean(),
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

/**
 * An empty link hides the button; a non-empty one must be an invite on the service's own host. `requireAdminTwoFactor`
 * is optional (absent: unchanged), so the SPEC's two-link body keeps working.
 */
export const UpdateAppSettingsRequest = z.object({
  discordInviteLink: inviteLink(DISCORD_PREFIXES, 'Discord'),
  telegramInviteLink: inviteLink(TELEGRAM_PREFIXES, 'Telegram'),
  requireAdminTwoFactor: z.boolean({ message: 'Require two-factor for admins must be true or false' }).optional(),
});
export type UpdateAppSettingsRequest = z.input<typeof UpdateAppSettingsRequest>;
