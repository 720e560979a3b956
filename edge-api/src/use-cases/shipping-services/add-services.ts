import type { Carrier } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { batch } from '../../ports/database';
import type { ProviderServiceInfo } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { getApiConfig } from '../shipping-apis/get-api-config';
import { callProvider } from '../shipping-apis/provider-errors';
import { serviceFromProvider } from './service-from-provider';

export interface AddServiceItem {
  apiId: string;
  carrier: Carrier;
  /** Only the code (and the name, as a fallback) is read: the data comes from the provider again. */
  service: { serviceCode: string; name?: string | undefined };
}

/**
 * Imports services from the providers' listings (SPEC §2 "Add Selected Services"): each is looked up again by code in
 * its provider's current list (a body cannot invent prices), skipped when the provider no longer lists it, lists it
 * under another carrier, or the config already has it (same code or same carrier and name). Every provider is asked
 * first; if one cannot answer nothing is added (503/502). All rows go in one batch.
 */
export async function addServices(
  services: Services,
  items: readonly AddServiceItem[],
): Promise<{ addedCount: number }> {
  const { db, clock } = services;
  const apiIds = [...new Set(items.map((i) => i.apiId))];
  const listings = new Map<string, ProviderServiceInfo[]>();
  await Promise.all(
    apiIds.map(async (apiId) => {
      const api = await getApiConfig(services, apiId);
      const provider = await connectProvider(services, api);
      listings.set(apiId, await callProvider(() => provider.listServices()));
    }),
  );

  const now = clock.now().toISOString();
  const rows = [];
  for (const apiId of apiIds) {
    const existing = await db
      .select({ code: shippingServices.serviceCode, carrier: shippingServices.carrier, name: shippingServices.name })
      .from(shippingServices)
      .where(eq(shippingServices.apiId, apiId));
    const codes = new Set(existing.map((e) => e.code));
    const names = new Set(existing.map((e) => `${e.carrier}\u0000${e.name}`));
    const listed = listings.get(apiId) ?? [];
    for (const item of items.filter((i) => i.apiId === apiId)) {
      const info =
        listed.find((s) => s.serviceCode === item.service.serviceCode) ??
        (item.service.name
          ? listed.find((s) => s.name === item.service.name && s.carrier === item.carrier)
          : undefined);
      if (!info || info.carrier !== item.carrier) continue;
      const key = `${info.carrier}\u0000${info.name}`;
      if (codes.has(info.serviceCode) || names.has(key)) continue;
      codes.add(info.serviceCode);
      names.add(key);
      rows.push(serviceFromProvider(info, apiId, now));
    }
  }
  const [first, ...rest] = rows.map((row) =>
    db.insert(shippingServices).values(row).onConflictDoNothing().returning({ id: shippingServices.id }),
  );
  if (!first) return { addedCount: 0 };
  const results = await batch(db, [first, ...rest]);
  return { addedCount: results.reduce((n, inserted) => n + inserted.length, 0) };
}
