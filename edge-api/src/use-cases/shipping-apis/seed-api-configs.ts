import { shippingApis } from '../../db/schema/shipping-apis';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { maskSecret } from '../../lib/secret-box';
import { batch } from '../../ports/database';
import { serviceFromProvider } from '../shipping-services/service-from-provider';

export interface SeedApiConfig {
  name: string;
  baseUrl: string;
  apiKey: string;
  isDefault: boolean;
}

/**
 * Creates provider configs with every service their provider lists (enabled, base price = the provider's first tier
 * price, reliability testing) — the embedded default's first start. Every provider is asked first; then configs and
 * services are written in one batch, so a failure leaves nothing half-seeded. Returns the new config ids, in order.
 */
export async function seedApiConfigs(services: Services, configs: readonly SeedApiConfig[]): Promise<string[]> {
  const { db, clock } = services;
  const listings = await Promise.all(
    configs.map((c) => services.labelProviders.connect({ baseUrl: c.baseUrl, apiKey: c.apiKey }).listServices()),
  );
  const now = clock.now().toISOString();
  const ids: string[] = [];
  const statements = [];
  for (const [index, config] of configs.entries()) {
    const id = newId('api');
    ids.push(id);
    statements.push(
      db.insert(shippingApis).values({
        id,
        name: config.name,
        keyCiphertext: await services.providerKeys.encrypt(config.apiKey, id),
        keyHint: maskSecret(config.apiKey),
        baseUrl: await services.labelProviders.checkBaseUrl(config.baseUrl),
        isDefault: config.isDefault,
        enabled: true,
        createdAt: now,
        updatedAt: now,
      }),
    );
    for (const info of listings[index] ?? []) {
      statements.push(db.insert(shippingServices).values(serviceFromProvider(info, id, now)));
    }
  }
  const [first, ...rest] = statements;
  if (first) await batch(db, [first, ...rest]);
  return ids;
}
