import type { ReliabilityStatus } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { findService, type ServiceRef } from './find-service';

export const DISABLED_SERVICE_RELIABILITY_MESSAGE = 'Reliability can only be changed for enabled services';

/** SPEC §4: reliable/testing/unreliable, changeable freely for enabled services only. */
export async function updateServiceReliability(
  services: Services,
  input: ServiceRef & { reliabilityStatus: ReliabilityStatus },
): Promise<ShippingServiceRow> {
  const row = await findService(services, input);
  if (!row.enabled) throw new ApiError('invalid_input', DISABLED_SERVICE_RELIABILITY_MESSAGE);
  // Guarded by `enabled` in the statement too: a service disabled meanwhile is not changed.
  const [updated] = await services.db
    .update(shippingServices)
    .set({ reliabilityStatus: input.reliabilityStatus, updatedAt: services.clock.now().toISOString() })
    .where(and(eq(shippingServices.id, row.id), eq(shippingServices.enabled, true)))
    .returning();
  if (!updated) throw new ApiError('invalid_input', DISABLED_SERVICE_RELIABILITY_MESSAGE);
  return updated;
}
