import { UpdateUserPricingRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/** Admin: one customer's custom pricing for one API (SPEC §7 /api/admin/users/{id}/pricing/{apiId}). */
export const customPricingRoutes = {
  item: '/admin/users/:id/pricing/:apiId',
} as const;

export const UserApiParam = z.object({
  id: z.string().trim().min(1).max(100),
  apiId: z.string().trim().min(1).max(100),
});

export const customPricingValidators = {
  params: pathParams(UserApiParam),
  update: jsonBody(UpdateUserPricingRequest),
};
