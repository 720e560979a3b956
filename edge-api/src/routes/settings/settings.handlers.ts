import type { AppSettings, PublicSettings } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { getAppSettings } from '../../use-cases/settings/get-app-settings';
import { getPublicSettings } from '../../use-cases/settings/get-public-settings';
import { updateAppSettings } from '../../use-cases/settings/update-app-settings';
import { settingsValidators } from './settings.routes';

const factory = createFactory<AppEnv>();

export const publicSettings = factory.createHandlers(async (c) => {
  const body: PublicSettings = await getPublicSettings(c.get('services'));
  return c.json(body, 200);
});

export const getSettings = factory.createHandlers(requireAdmin, async (c) => {
  const body: AppSettings = await getAppSettings(c.get('services'));
  return c.json(body, 200);
});

export const updateSettings = factory.createHandlers(requireAdmin, settingsValidators.update, async (c) => {
  const settings = await updateAppSettings(c.get('services'), {
    adminId: c.get('user').id,
    settings: c.req.valid('json'),
  });
  const body: AppSettings & { message: string } = { ...settings, message: 'Settings updated successfully' };
  return c.json(body, 200);
});
