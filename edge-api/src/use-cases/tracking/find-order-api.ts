import { eq } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';

/** The shipping API config an order was bought through, or undefined when an admin has deleted it since. */
export async function findOrderApi(services: Services, apiId: string): Promise<ShippingApiRow | undefined> {
  const [api] = await services.db.select().from(shippingApis).where(eq(shippingApis.id, apiId)).limit(1);
  return api;
}
