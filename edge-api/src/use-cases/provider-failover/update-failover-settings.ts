import { eq } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { API_NOT_FOUND_MESSAGE } from '../shipping-apis/get-api-config';

/** PATCH /api/admin/config/apis/{id}/failover: sets the API's failover priority and/or "allow as failover target". */
export async function updateFailoverSettings(
  services: Services,
  input: { id: string; priority?: number | undefined; failoverTarget?: boolean | undefined },
): Promise<ShippingApiRow> {
  const [row] = await services.db
    .update(shippingApis)
    .set({
      ...(input.priority !== undefined ? { priority: input.priority } : {}),
      ...(input.failoverTarget !== undefined ? { failoverTarget: input.failoverTarget } : {}),
      updatedAt: services.clock.now().toISOString(),
    })
    .where(eq(shippingApis.id, input.id))
    .returning();
  if (!row) throw new ApiError('not_found', API_NOT_FOUND_MESSAGE);
  return row;
}
