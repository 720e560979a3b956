import { PRICING_MESSAGES, usdToCents } from '@labeldesk/pricing';
import { eq } from 'drizzle-orm';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { findService, type ServiceRef } from './find-service';

/** Our base price (USD ≥ 0, 2 decimals: 'Please enter a valid price') and optionally the enabled flag of a service. */
export async function updateServicePricing(
  services: Services,
  input: ServiceRef & { basePrice: number; enabled?: boolean | undefined },
): Promise<ShippingServiceRow> {
  const price = usdToCents(input.basePrice);
  if (!price.ok) {
    throw new ApiError('invalid_input', PRICING_MESSAGES.invalidPrice, {
      details: [{ path: 'basePrice', message: PRICING_MESSAGES.invalidPrice }],
    });
  }
  const row = await findService(services, input);
  const [updated] = await services.db
    .update(shippingServices)
    .set({
      basePriceCents: price.cents,
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      updatedAt: services.clock.now().toISOString(),
    })
    .where(eq(shippingServices.id, row.id))
    .returning();
  if (!updated) throw new Error(`service ${row.id} vanished during update`);
  return updated;
}
