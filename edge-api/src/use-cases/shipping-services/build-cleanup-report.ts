import type { CleanupReportResponse, CleanupReportResult } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import type { Services } from '../../env';
import { byName } from '../../lib/presenters/shipping';
import { loadReportSubjects } from './report-apis';

/**
 * SPEC §2 service report, "Service Cleanup": per API, our services the provider no longer lists (matched by service
 * code). Changes nothing; removal is a separate call. Keyed by API id; an API that fails answers `{ error }` alone —
 * never "everything is obsolete" because a provider was down.
 */
export async function buildCleanupReport(
  services: Services,
  apiIds: readonly string[],
): Promise<CleanupReportResponse> {
  const subjects = await loadReportSubjects(services, apiIds);
  const out: CleanupReportResponse = {};
  for (const subject of subjects) {
    if (!subject.ok) {
      out[subject.id] = subject.entry;
      continue;
    }
    const listedCodes = new Set(subject.listed.map((s) => s.serviceCode));
    const carriers: CleanupReportResult['carriers'] = { UPS: [], USPS: [], FEDEX: [] };
    let obsoleteServices = 0;
    for (const ours of [...subject.ours].sort(byName)) {
      if (listedCodes.has(ours.serviceCode)) continue;
      obsoleteServices++;
      carriers[ours.carrier].push({
        name: ours.name,
        serviceCode: ours.serviceCode,
        enabled: ours.enabled,
        reliabilityStatus: ours.reliabilityStatus,
        basePrice: centsToUsd(ours.basePriceCents),
      });
    }
    out[subject.id] = { name: subject.api.name, carriers, totalServices: subject.ours.length, obsoleteServices };
  }
  return out;
}
