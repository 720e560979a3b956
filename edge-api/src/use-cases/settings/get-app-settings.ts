import type { AppSettings } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { APP_SETTINGS_ROW_ID, appSettings } from '../../db/schema';
import type { Services } from '../../env';

/** The admin-editable settings; empty links and no 2FA requirement until an admin sets them. */
export async function getAppSettings(services: Services): Promise<AppSettings> {
  const [row] = await services.db.select().from(appSettings).where(eq(appSettings.id, APP_SETTINGS_ROW_ID)).limit(1);
  return {
    discordInviteLink: row?.discordInviteLink ?? '',
    telegramInviteLink: row?.telegramInviteLink ?? '',
    requireAdminTwoFactor: row?.requireAdminTwoFactor ?? false,
  };
}
