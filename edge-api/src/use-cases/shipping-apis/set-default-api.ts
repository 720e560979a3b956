import { and, eq, ne } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { batch } from '../../ports/database';
import { getApiConfig } from './get-api-config';

/** SPEC §4: only one default; setting one makes the others non-default — one batch, so never two and never none. */
export async function setDefaultApi(services: Services, id: string): Promise<ShippingApiRow> {
  const { db, clock } = services;
  await getApiConfig(services, id);
  const now = clock.now().toISOString();
  await batch(db, [
    db
      .update(shippingApis)
      .set({ isDefault: false, updatedAt: now })
      .where(and(eq(shippingApis.isDefault, true), ne(shippingApis.id, id))),
    db.update(shippingApis).set({ isDefault: true, updatedAt: now }).where(eq(shippingApis.id, id)),
  ]);
  return getApiConfig(services, id);
}
