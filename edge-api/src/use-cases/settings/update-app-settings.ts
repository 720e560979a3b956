import type { AppSettings, UpdateAppSettingsRequest } from '@labeldesk/contracts';
import { APP_SETTINGS_ROW_ID, appSettings } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isTwoFactorEnabled } from '../auth/two-factor-codes';
import { getAppSettings } from './get-app-settings';

export const ENABLE_OWN_TWO_FACTOR_FIRST_MESSAGE =
  'Turn on two-factor sign-in for your own account first (Settings › Security): otherwise this setting would lock you out of the admin screens.';

/**
 * Replaces the invite links and, when given, "require two-factor for admins" (input already validated by
 * `UpdateAppSettingsRequest`; the flag absent keeps its value). Switching the requirement on is refused (400, nothing
 * changed) while the admin doing it has no two-factor sign-in, so no admin can lock themself out.
 */
export async function updateAppSettings(
  services: Services,
  input: { adminId: string; settings: UpdateAppSettingsRequest },
): Promise<AppSettings> {
  const { settings } = input;
  if (settings.requireAdminTwoFactor === true && !(await isTwoFactorEnabled(services, input.adminId))) {
    throw new ApiError('invalid_input', ENABLE_OWN_TWO_FACTOR_FIRST_MESSAGE, {
      details: [{ path: 'requireAdminTwoFactor', message: ENABLE_OWN_TWO_FACTOR_FIRST_MESSAGE }],
    });
  }
  const values = {
    discordInviteLink: settings.discordInviteLink,
    telegramInviteLink: settings.telegramInviteLink,
    ...(settings.requireAdminTwoFactor === undefined ? {} : { requireAdminTwoFactor: settings.requireAdminTwoFactor }),
    updatedAt: services.clock.now().toISOString(),
  };
  await services.db
    .insert(appSettings)
    .values({ id: APP_SETTINGS_ROW_ID, ...values })
    .onConflictDoUpdate({ target: appSettings.id, set: values });
  return getAppSettings(services);
}
