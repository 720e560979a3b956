import type { ServiceReliabilityResponse } from '@labeldesk/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { byName } from '../../lib/presenters/shipping';
import { listEnabledApis, presentCustomerApi } from './list-customer-apis';

/** GET /api/shipping/services/reliability: every enabled API with its enabled services' reliability (SPEC §2). */
export async function listServiceReliability(services: Services): Promise<ServiceReliabilityResponse> {
  const apis = await listEnabledApis(services);
  if (apis.length === 0) return [];
  const rows = await services.db
    .select()
    .from(shippingServices)
    .where(
      and(
        inArray(
          shippingServices.apiId,
          apis.map((a) => a.id),
        ),
        eq(shippingServices.enabled, true),
      ),
    );
  return apis.map((api) => {
    const grouped: ServiceReliabilityResponse[number]['services'] = { UPS: [], USPS: [], FEDEX: [] };
    for (const row of rows.filter((r) => r.apiId === api.id).sort(byName)) {
      grouped[row.carrier].push({
        name: row.name,
        serviceCode: row.serviceCode,
        carrier: row.carrier,
        reliabilityStatus: row.reliabilityStatus,
        active: row.active,
      });
    }
    return { ...presentCustomerApi(api), services: grouped };
  });
}
