import type { AppSettings } from '@labeldesk/contracts';
import { APP_SETTINGS_ROW_ID, appSettings } from '../../db/schema';
import type { Services } from '../../env';

/** Replaces the invite links (input already validated by `UpdateAppSettingsRequest`). */
export async function updateAppSettings(services: Services, input: AppSettings): Promise<AppSettings> {
  const values = {
    discordInviteLink: input.discordInviteLink,
    telegramInviteLink: input.telegramInviteLink,
    updatedAt: services.clock.now().toISOString(),
  };
  const [row] = await services.db
    .insert(appSettings)
    .values({ id: APP_SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: appSettings.id, set: values })
    .returning();
  return {
    discordInviteLink: row?.discordInviteLink ?? values.discordInviteLink,
    telegramInviteLink: row?.telegramInviteLink ?? values.telegramInviteLink,
  };
}
