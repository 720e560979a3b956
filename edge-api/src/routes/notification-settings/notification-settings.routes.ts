import { UpdateNotificationSettingsRequest } from '@labeldesk/contracts';
import { jsonBody } from '../../middleware/validate';

/** The caller's notification mails (issue 23): GET and PUT, Bearer. */
export const notificationSettingsRoutes = {
  settings: '/notification-settings',
} as const;

export const notificationSettingsValidators = {
  update: jsonBody(UpdateNotificationSettingsRequest),
};
