import type { Carrier } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { batch } from '../../ports/database';

export interface RemoveServiceItem {
  apiId: string;
  carrier: Carrier;
  serviceName: string;
}

/**
 * Removes services from their configs (SPEC §2 cleanup, after the admin confirmed), in one batch. Unknown ones are
 * skipped; `removedCount` counts rows actually deleted. Customers' custom pricing keyed by the name stays (unused).
 */
export async function removeServices(
  services: Services,
  items: readonly RemoveServiceItem[],
): Promise<{ removedCount: number }> {
  const { db } = services;
  const [first, ...rest] = items.map((item) =>
    db
      .delete(shippingServices)
      .where(
        and(
          eq(shippingServices.apiId, item.apiId),
          eq(shippingServices.carrier, item.carrier),
          eq(shippingServices.name, item.serviceName),
        ),
      )
      .returning({ id: shippingServices.id }),
  );
  if (!first) return { removedCount: 0 };
  const results = await batch(db, [first, ...rest]);
  return { removedCount: new Set(results.flat().map((r) => r.id)).size };
}
