import { type AppSettings, UpdateAppSettingsRequest } from '@labeldesk/contracts';

export type AppSettingsField = keyof AppSettings;
export type AppSettingsErrors = Partial<Record<AppSettingsField, string>>;
export type AppSettingsResult = { ok: true; value: AppSettings } | { ok: false; errors: AppSettingsErrors };

/**
 * Checks the invite links with the contract the server uses: empty is allowed (the button is hidden); otherwise Discord
 * must start with https://discord.gg/ or https://discord.com/invite/ and Telegram with https://t.me/. Values come back
 * trimmed. Each field gets its first problem.
 */
export function validateAppSettings(values: AppSettings): AppSettingsResult {
  const parsed = UpdateAppSettingsRequest.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: AppSettingsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'discordInviteLink' || field === 'telegramInviteLink') && !errors[field]) {
      errors[field] = issue.message;
    }
  }
  return { ok: false, errors };
}
