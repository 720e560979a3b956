import type { MarginsResponse } from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { requireAdmin } from '../../middleware/auth';
import { getPricingMargins } from '../../use-cases/pricing-margins/get-pricing-margins';
import { pricingMarginsValidators } from './pricing-margins.routes';

const factory = createFactory<AppEnv>();

export const margins = factory.createHandlers(requireAdmin, pricingMarginsValidators.margins, async (c) => {
  const body: MarginsResponse = await getPricingMargins(c.get('services'), { query: c.req.valid('query') });
  return c.json(body, 200);
});
