import type { Carrier } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type ShippingServiceRow, shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { getApiConfig } from '../shipping-apis/get-api-config';

export const SERVICE_NOT_FOUND_MESSAGE = 'Service not found';

export interface ServiceRef {
  apiId: string;
  carrier: Carrier;
  /** The service name, as the config keys it. */
  name: string;
}

/** One service of one config, by carrier and name (404 for an unknown API or service). */
export async function findService(services: Services, ref: ServiceRef): Promise<ShippingServiceRow> {
  await getApiConfig(services, ref.apiId);
  const [row] = await services.db
    .select()
    .from(shippingServices)
    .where(
      and(
        eq(shippingServices.apiId, ref.apiId),
        eq(shippingServices.carrier, ref.carrier),
        eq(shippingServices.name, ref.name),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError('not_found', SERVICE_NOT_FOUND_MESSAGE);
  return row;
}
