import type { DynamicPricingResponse, ServiceResponse } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { presentService } from '../../lib/presenters/shipping';
import { requireAdmin } from '../../middleware/auth';
import { findService } from '../../use-cases/shipping-services/find-service';
import { updateDynamicPricing } from '../../use-cases/shipping-services/update-dynamic-pricing';
import { updateServicePricing } from '../../use-cases/shipping-services/update-service-pricing';
import { updateServiceReliability } from '../../use-cases/shipping-services/update-service-reliability';
import { serviceConfigValidators } from './service-config.routes';

const factory = createFactory<AppEnv>();

export const updatePricing = factory.createHandlers(
  requireAdmin,
  serviceConfigValidators.service,
  serviceConfigValidators.pricing,
  async (c) => {
    const { apiId, carrier, service } = c.req.valid('param');
    const { basePrice, enabled } = c.req.valid('json');
    const row = await updateServicePricing(c.get('services'), { apiId, carrier, name: service, basePrice, enabled });
    const body: ServiceResponse = {
      service: presentService(row),
      message: `Updated pricing for ${row.carrier} - ${row.name}`,
    };
    return c.json(body, 200);
  },
);

export const updateReliability = factory.createHandlers(
  requireAdmin,
  serviceConfigValidators.serviceName,
  serviceConfigValidators.reliability,
  async (c) => {
    const { apiId, carrier, serviceName } = c.req.valid('param');
    const { reliabilityStatus } = c.req.valid('json');
    const row = await updateServiceReliability(c.get('services'), {
      apiId,
      carrier,
      name: serviceName,
      reliabilityStatus,
    });
    const body: ServiceResponse = {
      service: presentService(row),
      message: `Successfully updated ${row.name} reliability status to ${row.reliabilityStatus}`,
    };
    return c.json(body, 200);
  },
);

export const getDynamicPricing = factory.createHandlers(requireAdmin, serviceConfigValidators.service, async (c) => {
  const { apiId, carrier, service } = c.req.valid('param');
  const row = await findService(c.get('services'), { apiId, carrier, name: service });
  const presented = presentService(row);
  const body: DynamicPricingResponse = {
    serviceName: row.name,
    hasDynamicPricing: row.hasDynamicPricing,
    basePrice: centsToUsd(row.basePriceCents),
    weightUnit: row.weightUnit,
    maxWeight: row.maxWeight,
    pricingTiers: presented.pricingTiers,
  };
  return c.json(body, 200);
});

export const updateDynamic = factory.createHandlers(
  requireAdmin,
  serviceConfigValidators.service,
  serviceConfigValidators.dynamicPricing,
  async (c) => {
    const { apiId, carrier, service } = c.req.valid('param');
    const { pricingTiers, hasDynamicPricing } = c.req.valid('json');
    const row = await updateDynamicPricing(c.get('services'), {
      apiId,
      carrier,
      name: service,
      pricingTiers,
      hasDynamicPricing,
    });
    const body: ServiceResponse = {
      service: presentService(row),
      message: `Successfully updated dynamic pricing for ${row.name}`,
    };
    return c.json(body, 200);
  },
);
