import { eq } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { maskSecret } from '../../lib/secret-box';
import { getApiConfig } from './get-api-config';

/** Replaces a config's API key (sealed again, bound to the row) and optionally its enabled flag. */
export async function updateApiKey(
  services: Services,
  input: { id: string; key: string; enabled?: boolean | undefined },
): Promise<ShippingApiRow> {
  await getApiConfig(services, input.id);
  const now = services.clock.now().toISOString();
  await services.db
    .update(shippingApis)
    .set({
      keyCiphertext: await services.providerKeys.encrypt(input.key, input.id),
      keyHint: maskSecret(input.key),
      ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
      updatedAt: now,
    })
    .where(eq(shippingApis.id, input.id));
  return getApiConfig(services, input.id);
}
