import { asc, desc, inArray } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';

export interface ApiConfigsWithServices {
  /** The default first, then oldest first. */
  apis: ShippingApiRow[];
  services: ShippingServiceRow[];
}

/** Every API config with its services (admins), or only some configs (`ids`). */
export async function listApiConfigs(
  services: Services,
  opts: { ids?: string[] } = {},
): Promise<ApiConfigsWithServices> {
  const { db } = services;
  const apisQuery = db.select().from(shippingApis);
  const apis = await (opts.ids ? apisQuery.where(inArray(shippingApis.id, opts.ids)) : apisQuery).orderBy(
    desc(shippingApis.isDefault),
    asc(shippingApis.createdAt),
    asc(shippingApis.id),
  );
  if (apis.length === 0) return { apis, services: [] };
  const rows = await db
    .select()
    .from(shippingServices)
    .where(
      inArray(
        shippingServices.apiId,
        apis.map((a) => a.id),
      ),
    );
  return { apis, services: rows };
}
