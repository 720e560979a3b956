import type { UpdateNotificationSettingsRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/** The caller's notification mails (issue 23): Settings › Notifications and the Balance page's low-balance alert. */
export const notificationSettingsKeys = {
  all: ['notification-settings'] as const,
};

export const notificationSettingsQueries = {
  current: () => query(notificationSettingsKeys.all, () => api.notifications.settings()),
};

export const notificationSettingsMutations = {
  update: mutation(
    (body: UpdateNotificationSettingsRequest) => api.notifications.update(body),
    [notificationSettingsKeys.all],
  ),
};
