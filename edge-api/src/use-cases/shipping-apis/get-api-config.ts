import { eq, sql } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { perDatabase } from '../../ports/database';

export const API_NOT_FOUND_MESSAGE = 'Shipping API not found';

/** Prepared once per database: every purchase (and every bulk row) reads its API config. */
const apiConfigById = perDatabase((db) =>
  db
    .select()
    .from(shippingApis)
    .where(eq(shippingApis.id, sql.placeholder('id')))
    .limit(1)
    .prepare(),
);

/** One API config, or undefined when there is none (e.g. an admin deleted the one an order was bought through). */
export async function findApiConfig(services: Services, id: string): Promise<ShippingApiRow | undefined> {
  const [row] = await apiConfigById(services.db).all({ id });
  return row;
}

/** One API config (404 when unknown). */
export async function getApiConfig(services: Services, id: string): Promise<ShippingApiRow> {
  const row = await findApiConfig(services, id);
  if (!row) throw new ApiError('not_found', API_NOT_FOUND_MESSAGE);
  return row;
}
