import type { CustomerApi } from '@labeldesk/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';

/** Enabled APIs, the default first then oldest first (customers never see keys or base URLs). */
export async function listEnabledApis(services: Services): Promise<ShippingApiRow[]> {
  return services.db
    .select()
    .from(shippingApis)
    .where(eq(shippingApis.enabled, true))
    .orderBy(desc(shippingApis.isDefault), asc(shippingApis.createdAt), asc(shippingApis.id));
}

export function presentCustomerApi(api: ShippingApiRow): CustomerApi {
  return { _id: api.id, name: api.name, isDefault: api.isDefault };
}

export async function listCustomerApis(services: Services): Promise<CustomerApi[]> {
  return (await listEnabledApis(services)).map(presentCustomerApi);
}

/** The default API if it is enabled, else the first enabled one, else null. */
export async function getDefaultApi(services: Services): Promise<CustomerApi | null> {
  const [first] = await listEnabledApis(services);
  return first ? presentCustomerApi(first) : null;
}
