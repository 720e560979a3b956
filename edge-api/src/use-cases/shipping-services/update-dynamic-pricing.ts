import type { PricingTier } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { assertValidTiers, tiersFromDto } from '../../lib/pricing-store';
import { findService, type ServiceRef } from './find-service';

/**
 * Replaces a service's tiers (SPEC §5 texts via @labeldesk/pricing `validateTiers`: 'Tier N: Start weight must be less
 * than end weight', 'Tier N: Values cannot be negative', 'Tier N overlaps with Tier M'; at least one tier). Turns
 * dynamic pricing on unless `hasDynamicPricing: false` is sent.
 */
export async function updateDynamicPricing(
  services: Services,
  input: ServiceRef & { pricingTiers: readonly PricingTier[]; hasDynamicPricing?: boolean | undefined },
): Promise<ShippingServiceRow> {
  const tiers = tiersFromDto(input.pricingTiers, 'pricingTiers');
  assertValidTiers(tiers, 'pricingTiers');
  const row = await findService(services, input);
  const [updated] = await services.db
    .update(shippingServices)
    .set({
      pricingTiers: JSON.stringify(tiers),
      hasDynamicPricing: input.hasDynamicPricing ?? true,
      updatedAt: services.clock.now().toISOString(),
    })
    .where(eq(shippingServices.id, row.id))
    .returning();
  if (!updated) throw new Error(`service ${row.id} vanished during update`);
  return updated;
}
