import type { PublicSettings } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { getAppSettings } from './get-app-settings';

/** What the login/register/support pages show without a session (the links; never the security settings). */
export async function getPublicSettings(services: Services): Promise<PublicSettings> {
  const { discordInviteLink, telegramInviteLink } = await getAppSettings(services);
  return { discordInviteLink, telegramInviteLink, supportEmail: services.config.supportEmail };
}
