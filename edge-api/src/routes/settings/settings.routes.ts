import { UpdateAppSettingsRequest } from '@labeldesk/contracts';
import { jsonBody } from '../../middleware/validate';

/** public-settings: no auth. app-settings: admin only (GET and PUT). */
export const settingsRoutes = {
  publicSettings: '/settings/public-settings',
  appSettings: '/settings/app-settings',
} as const;

export const settingsValidators = {
  update: jsonBody(UpdateAppSettingsRequest),
};
