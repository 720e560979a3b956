import {
  NOTIFICATION_MESSAGES,
  type NotificationSettings,
  type NotificationSettingsResponse,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
import {
  getNotificationSettings,
  updateNotificationSettings,
} from '../../use-cases/notifications/notification-settings';
import { notificationSettingsValidators } from './notification-settings.routes';

const factory = createFactory<AppEnv>();

export const get = factory.createHandlers(requireUser, async (c) => {
  const body: NotificationSettings = await getNotificationSettings(c.get('services'), c.get('user').id);
  return c.json(body, 200);
});

export const update = factory.createHandlers(requireUser, notificationSettingsValidators.update, async (c) => {
  const settings = await updateNotificationSettings(c.get('services'), c.get('user').id, c.req.valid('json'));
  const body: NotificationSettingsResponse = { ...settings, message: NOTIFICATION_MESSAGES.saved };
  return c.json(body, 200);
});
