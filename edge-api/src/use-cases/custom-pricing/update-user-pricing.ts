import type { CustomPricing } from '@labeldesk/contracts';
import { customPricing } from '../../db/schema/custom-pricing';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { customPricingFromDto, customPricingToDto } from '../../lib/pricing-store';
import { getApiConfig } from '../shipping-apis/get-api-config';
import { getUserById } from '../users/get-user-by-id';
import { USER_NOT_FOUND_MESSAGE } from './get-user-pricing';

/**
 * Replaces a customer's custom pricing for one API (SPEC §3), each rule checked with @labeldesk/pricing (SPEC §5
 * ranges and tier texts). Stored normalized (cents, hundredths) in one upsert.
 */
export async function updateUserPricing(
  services: Services,
  input: { userId: string; apiId: string; adminId: string; pricing: CustomPricing },
): Promise<CustomPricing> {
  const carriers = customPricingFromDto(input.pricing);
  if (!(await getUserById(services, input.userId))) throw new ApiError('not_found', USER_NOT_FOUND_MESSAGE);
  await getApiConfig(services, input.apiId);
  const now = services.clock.now().toISOString();
  const json = JSON.stringify(carriers);
  await services.db
    .insert(customPricing)
    .values({
      id: newId('cpr'),
      userId: input.userId,
      apiId: input.apiId,
      enabled: input.pricing.enabled,
      carriers: json,
      updatedBy: input.adminId,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: [customPricing.userId, customPricing.apiId],
      set: { enabled: input.pricing.enabled, carriers: json, updatedBy: input.adminId, updatedAt: now },
    });
  return customPricingToDto({ enabled: input.pricing.enabled, carriers });
}
