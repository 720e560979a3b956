import type { UserPricingResponse } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { customPricing } from '../../db/schema/custom-pricing';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { servicesByCarrier } from '../../lib/presenters/shipping';
import { customPricingToDto, readStoredCarriers, type StoredCustomPricing } from '../../lib/pricing-store';
import { getApiConfig } from '../shipping-apis/get-api-config';
import { getUserById } from '../users/get-user-by-id';

export const USER_NOT_FOUND_MESSAGE = 'User not found';

/** A customer's stored rules for one API (disabled and empty when none); null if there are none. */
export async function readUserPricing(
  services: Services,
  input: { userId: string; apiId: string },
): Promise<StoredCustomPricing | null> {
  const [row] = await services.db
    .select()
    .from(customPricing)
    .where(and(eq(customPricing.userId, input.userId), eq(customPricing.apiId, input.apiId)))
    .limit(1);
  return row ? { enabled: row.enabled, carriers: readStoredCarriers(row.carriers) } : null;
}

/** SPEC §7 GET /api/admin/users/{id}/pricing/{apiId}: { customPricing, apiServices }. */
export async function getUserPricing(
  services: Services,
  input: { userId: string; apiId: string },
): Promise<UserPricingResponse> {
  if (!(await getUserById(services, input.userId))) throw new ApiError('not_found', USER_NOT_FOUND_MESSAGE);
  await getApiConfig(services, input.apiId);
  const stored = (await readUserPricing(services, input)) ?? { enabled: false, carriers: {} };
  const rows = await services.db.select().from(shippingServices).where(eq(shippingServices.apiId, input.apiId));
  return { customPricing: customPricingToDto(stored), apiServices: servicesByCarrier(rows) };
}
