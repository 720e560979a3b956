import type { CheckUpdatesResponse, ProviderService, UpdateCheckResult } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import { eq } from 'drizzle-orm';
import { shippingServices } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { byName } from '../../lib/presenters/shipping';
import { batch } from '../../ports/database';
import { loadReportSubjects } from './report-apis';

/**
 * SPEC §2 service report, "New Services": per API, every service the provider lists, flagged `isNew` when the config
 * has none with that code (or that carrier and name). Also refreshes `active` of the services we already have from
 * the provider's status, so 'Service currently unavailable' follows the provider. Keyed by API id; an API that fails
 * answers `{ error }` alone.
 */
export async function checkServiceUpdates(
  services: Services,
  apiIds: readonly string[],
): Promise<CheckUpdatesResponse> {
  const subjects = await loadReportSubjects(services, apiIds);
  const out: CheckUpdatesResponse = {};
  const now = services.clock.now().toISOString();
  const activeUpdates = [];
  for (const subject of subjects) {
    if (!subject.ok) {
      out[subject.id] = subject.entry;
      continue;
    }
    const byCode = new Map(subject.ours.map((s) => [s.serviceCode, s]));
    const byKey = new Map(subject.ours.map((s) => [`${s.carrier}\u0000${s.name}`, s]));
    const carriers: UpdateCheckResult['carriers'] = { UPS: [], USPS: [], FEDEX: [] };
    let newServices = 0;
    for (const listed of [...subject.listed].sort(byName)) {
      const ours = byCode.get(listed.serviceCode) ?? byKey.get(`${listed.carrier}\u0000${listed.name}`);
      const active = listed.status === 'active';
      if (ours && ours.active !== active) {
        activeUpdates.push(
          services.db.update(shippingServices).set({ active, updatedAt: now }).where(eq(shippingServices.id, ours.id)),
        );
      }
      const prices = listed.prices.map((p) => ({
        price: centsToUsd(p.priceCents),
        fromWeight: p.fromWeight,
        toWeight: p.toWeight,
      }));
      const entry: ProviderService = {
        name: listed.name,
        serviceCode: listed.serviceCode,
        status: listed.status,
        maxWeight: listed.maxWeight,
        weightUnit: listed.weightUnit,
        prices,
        isNew: !ours,
        averagePrice:
          listed.prices.length > 0
            ? centsToUsd(Math.round(listed.prices.reduce((sum, p) => sum + p.priceCents, 0) / listed.prices.length))
            : null,
      };
      if (entry.isNew) newServices++;
      carriers[listed.carrier].push(entry);
    }
    out[subject.id] = { name: subject.api.name, carriers, totalServices: subject.listed.length, newServices };
  }
  const [first, ...rest] = activeUpdates;
  if (first) await batch(services.db, [first, ...rest]);
  return out;
}
