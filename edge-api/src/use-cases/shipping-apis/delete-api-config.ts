import { eq, sql } from 'drizzle-orm';
import { shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { batch } from '../../ports/database';
import { getApiConfig } from './get-api-config';

/**
 * Deletes a config with its services and its customers' custom pricing (foreign keys cascade). Deleting the default
 * promotes the oldest remaining config in the same batch, so there is a default while any config exists. Returns the
 * default afterwards (null when none is left).
 */
export async function deleteApiConfig(services: Services, id: string): Promise<{ defaultApiId: string | null }> {
  const { db, clock } = services;
  await getApiConfig(services, id);
  const now = clock.now().toISOString();
  await batch(db, [
    db.delete(shippingApis).where(eq(shippingApis.id, id)),
    db
      .update(shippingApis)
      .set({ isDefault: true, updatedAt: now })
      .where(
        sql`${shippingApis.id} = (SELECT ${shippingApis.id} FROM ${shippingApis} ORDER BY ${shippingApis.createdAt}, ${shippingApis.id} LIMIT 1)
          AND NOT EXISTS (SELECT 1 FROM ${shippingApis} WHERE ${shippingApis.isDefault} = 1)`,
      ),
  ]);
  const [current] = await db
    .select({ id: shippingApis.id })
    .from(shippingApis)
    .where(eq(shippingApis.isDefault, true))
    .limit(1);
  return { defaultApiId: current?.id ?? null };
}
