import type { ProviderKind } from '@labeldesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { type ShippingApiRow, shippingApis } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { maskSecret } from '../../lib/secret-box';
import { batch } from '../../ports/database';
import { checkBaseUrl } from './check-base-url';
import { getApiConfig } from './get-api-config';
import { verifyProviderKey } from './verify-provider-key';

export interface CreateApiConfigInput {
  name: string;
  /** Plaintext; stored sealed (AES-256-GCM bound to the new id). */
  key: string;
  baseUrl: string;
  /** Default generic. */
  kind?: ProviderKind;
  isDefault: boolean;
  enabled?: boolean;
  /** Failover order (default 100) and whether it takes failovers (default yes). */
  priority?: number;
  failoverTarget?: boolean;
}

/**
 * Adds a provider config after the SSRF check of its base URL. It becomes the default when asked to, or when there is
 * no default yet (the first config): decided inside the INSERT, so two first configs racing cannot both be default.
 * A new default clears the previous one in the same batch.
 */
export async function createApiConfig(services: Services, input: CreateApiConfigInput): Promise<ShippingApiRow> {
  const { db, clock } = services;
  const kind = input.kind ?? 'generic';
  const baseUrl = await checkBaseUrl(services, input.baseUrl, kind);
  // A multi-carrier API is asked once before it is saved, so a refused key is said now, and nothing broken is kept.
  if (kind !== 'generic') await verifyProviderKey(services, { baseUrl, apiKey: input.key, kind });
  const id = newId('api');
  const now = clock.now().toISOString();
  const values = {
    id,
    name: input.name,
    keyCiphertext: await services.providerKeys.encrypt(input.key, id),
    keyHint: maskSecret(input.key),
    baseUrl,
    kind,
    enabled: input.enabled ?? true,
    ...(input.priority !== undefined ? { priority: input.priority } : {}),
    ...(input.failoverTarget !== undefined ? { failoverTarget: input.failoverTarget } : {}),
    createdAt: now,
    updatedAt: now,
  };
  if (input.isDefault) {
    await batch(db, [
      db.update(shippingApis).set({ isDefault: false, updatedAt: now }).where(eq(shippingApis.isDefault, true)),
      db.insert(shippingApis).values({ ...values, isDefault: true }),
    ]);
  } else {
    await db.insert(shippingApis).values({
      ...values,
      isDefault: sql`(NOT EXISTS (SELECT 1 FROM ${shippingApis} WHERE ${shippingApis.isDefault} = 1))`,
    });
  }
  return getApiConfig(services, id);
}
