import { CreateApiConfigRequest, UpdateApiKeyRequest, UpdateFailoverSettingsRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/** Admin: upstream provider configs (SPEC §7 /api/admin/config/apis). Keys only ever leave masked. */
export const shippingApisRoutes = {
  list: '/admin/config/apis',
  item: '/admin/config/apis/:id',
  setDefault: '/admin/config/apis/:id/set-default',
  providerPrices: '/admin/config/apis/:id/provider-prices',
  failover: '/admin/config/apis/:id/failover',
  health: '/admin/config/apis/health',
} as const;

export const ApiIdParam = z.object({ id: z.string().trim().min(1).max(100) });

export const shippingApisValidators = {
  id: pathParams(ApiIdParam),
  create: jsonBody(CreateApiConfigRequest),
  updateKey: jsonBody(UpdateApiKeyRequest),
  failover: jsonBody(UpdateFailoverSettingsRequest),
};
