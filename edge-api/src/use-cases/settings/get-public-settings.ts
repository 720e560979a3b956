import type { PublicSettings } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { getAppSettings } from './get-app-settings';

/** What the login/register/support pages show without a session. */
export async function getPublicSettings(services: Services): Promise<PublicSettings> {
  const settings = await getAppSettings(services);
  return { ...settings, supportEmail: services.config.supportEmail };
}
