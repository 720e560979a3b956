import { RegenerateApiKeyQuery } from '@labeldesk/contracts';
import { queryParams } from '../../middleware/validate';

/** The customer's public API keys (SPEC §7), behind the web session like every /api/user call. */
export const apiKeysRoutes = {
  get: '/user/api-key',
  regenerate: '/user/api-key/regenerate',
} as const;

export const apiKeysValidators = {
  regenerate: queryParams(RegenerateApiKeyQuery),
};
