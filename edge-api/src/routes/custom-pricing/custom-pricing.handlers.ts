import type { UpdateUserPricingResponse, UserPricingResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { getUserPricing } from '../../use-cases/custom-pricing/get-user-pricing';
import { updateUserPricing } from '../../use-cases/custom-pricing/update-user-pricing';
import { customPricingValidators } from './custom-pricing.routes';

const factory = createFactory<AppEnv>();

export const get = factory.createHandlers(requireAdmin, customPricingValidators.params, async (c) => {
  const { id, apiId } = c.req.valid('param');
  const body: UserPricingResponse = await getUserPricing(c.get('services'), { userId: id, apiId });
  return c.json(body, 200);
});

export const update = factory.createHandlers(
  requireAdmin,
  customPricingValidators.params,
  customPricingValidators.update,
  async (c) => {
    const { id, apiId } = c.req.valid('param');
    const customPricing = await updateUserPricing(c.get('services'), {
      userId: id,
      apiId,
      adminId: c.get('user').id,
      pricing: c.req.valid('json'),
    });
    const body: UpdateUserPricingResponse = { customPricing, message: 'Custom pricing updated successfully' };
    return c.json(body, 200);
  },
);
