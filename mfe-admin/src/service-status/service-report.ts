import {
  type AddServicesRequest,
  CARRIERS,
  type Carrier,
  type CheckUpdatesResponse,
  type CleanupReportResponse,
  type CleanupReportResult,
  type CleanupService,
  isReportError,
  type ProviderService,
  type RemoveServicesRequest,
  type ReportError,
  type ServiceReportRequest,
  type ShippingApiConfig,
  type UpdateCheckResult,
} from '@labeldesk/contracts';
import { describeMaxWeight, describeTiers, normalizeTiers, PRICING_MESSAGES } from '@labeldesk/pricing';

/** SPEC §4/§9: after adding or removing services the report runs again 1 s later. */
export const RERUN_DELAY_MS = 1000;

/** SPEC §5: adding or removing needs a selection. */
export const NO_SERVICES_SELECTED = 'No services selected';

/** A selected row: API, carrier and service code (codes are unique within a carrier of one API). */
export function selectionKey(apiId: string, carrier: Carrier, serviceCode: string): string {
  return JSON.stringify([apiId, carrier, serviceCode]);
}

export function toggleSelection(selected: ReadonlySet<string>, key: string, on: boolean): Set<string> {
  const next = new Set(selected);
  if (on) next.add(key);
  else next.delete(key);
  return next;
}

/** The report's request body (SPEC §7: apis of id, baseUrl, key, name; the server reads the stored key by id). */
export function reportRequest(apis: readonly ShippingApiConfig[]): ServiceReportRequest {
  return { apis: apis.map((a) => ({ id: a._id, name: a.name, baseUrl: a.baseUrl })) };
}

export type ReportEntry<T> = { apiId: string; name: string } & ({ ok: true; result: T } | { ok: false; error: string });

/**
 * The report's answer as one entry per API, in the order of the API list (APIs the answer names but the list does not,
 * e.g. added meanwhile, come last).
 */
export function reportEntries<T extends UpdateCheckResult | CleanupReportResult>(
  report: Record<string, T | ReportError>,
  apis: readonly Pick<ShippingApiConfig, '_id' | 'name'>[],
): ReportEntry<T>[] {
  const order = new Map(apis.map((a, i) => [a._id, i]));
  return Object.entries(report)
    .sort(([a], [b]) => (order.get(a) ?? Number.MAX_SAFE_INTEGER) - (order.get(b) ?? Number.MAX_SAFE_INTEGER))
    .map(([apiId, entry]): ReportEntry<T> => {
      const fallbackName = apis.find((a) => a._id === apiId)?.name ?? apiId;
      if (isReportError(entry)) return { apiId, name: entry.name ?? fallbackName, ok: false, error: entry.error };
      return { apiId, name: entry.name || fallbackName, ok: true, result: entry };
    });
}

/** SPEC §2: 'X new services out of Y total'. */
export function newServicesSummary(result: Pick<UpdateCheckResult, 'newServices' | 'totalServices'>): string {
  return `${result.newServices} new services out of ${result.totalServices} total`;
}

/** Cleanup summary per API: how many of its services the providers no longer list. */
export function obsoleteSummary(result: Pick<CleanupReportResult, 'obsoleteServices' | 'totalServices'>): string {
  return `${result.obsoleteServices} obsolete services out of ${result.totalServices} total`;
}

/** SPEC §2 max weight column: 'N lbs' / 'N oz', or 'N/A' without a limit. */
export function maxWeightText(service: Pick<ProviderService, 'name' | 'maxWeight'>): string {
  return describeMaxWeight(service);
}

/** SPEC §2 price ranges: one '$price (from-to lbs)' line per provider tier, or 'No pricing data'. */
export function priceRanges(service: Pick<ProviderService, 'prices' | 'weightUnit'>): string[] {
  try {
    return describeTiers(normalizeTiers(service.prices), service.weightUnit);
  } catch {
    return [PRICING_MESSAGES.noPricingData];
  }
}

/** Only services the API does not have yet can be selected for adding. */
export function selectableNew(result: UpdateCheckResult, carrier: Carrier): ProviderService[] {
  return result.carriers[carrier].filter((s) => s.isNew);
}

/** The add-services body for the selected rows (new services only), or the SPEC §5 text when nothing is selected. */
export function buildAddRequest(
  report: CheckUpdatesResponse | null,
  selected: ReadonlySet<string>,
): { ok: true; body: AddServicesRequest } | { ok: false; error: string } {
  const services: AddServicesRequest['services'] = [];
  for (const [apiId, entry] of Object.entries(report ?? {})) {
    if (isReportError(entry)) continue;
    for (const carrier of CARRIERS) {
      for (const service of selectableNew(entry, carrier)) {
        if (selected.has(selectionKey(apiId, carrier, service.serviceCode))) {
          services.push({ apiId, carrier, service: { serviceCode: service.serviceCode, name: service.name } });
        }
      }
    }
  }
  return services.length > 0 ? { ok: true, body: { services } } : { ok: false, error: NO_SERVICES_SELECTED };
}

/** The remove-services body for the selected obsolete services, or the SPEC §5 text when nothing is selected. */
export function buildRemoveRequest(
  report: CleanupReportResponse | null,
  selected: ReadonlySet<string>,
): { ok: true; body: RemoveServicesRequest } | { ok: false; error: string } {
  const services: RemoveServicesRequest['services'] = [];
  for (const [apiId, entry] of Object.entries(report ?? {})) {
    if (isReportError(entry)) continue;
    for (const carrier of CARRIERS) {
      for (const service of entry.carriers[carrier]) {
        if (selected.has(selectionKey(apiId, carrier, service.serviceCode))) {
          services.push({ apiId, carrier, serviceName: service.name });
        }
      }
    }
  }
  return services.length > 0 ? { ok: true, body: { services } } : { ok: false, error: NO_SERVICES_SELECTED };
}

/** Keeps only selections that still name a row of the (re-run) report. */
export function pruneSelection(
  selected: ReadonlySet<string>,
  rows: ReadonlyArray<{ apiId: string; carrier: Carrier; serviceCode: string }>,
): Set<string> {
  const present = new Set(rows.map((r) => selectionKey(r.apiId, r.carrier, r.serviceCode)));
  return new Set([...selected].filter((k) => present.has(k)));
}

/** Every selectable row of an update check. */
export function newServiceRows(report: CheckUpdatesResponse | null) {
  return Object.entries(report ?? {}).flatMap(([apiId, entry]) =>
    isReportError(entry)
      ? []
      : CARRIERS.flatMap((carrier) =>
          selectableNew(entry, carrier).map((s) => ({ apiId, carrier, serviceCode: s.serviceCode })),
        ),
  );
}

/** Every row of a cleanup report. */
export function cleanupRows(report: CleanupReportResponse | null) {
  return Object.entries(report ?? {}).flatMap(([apiId, entry]) =>
    isReportError(entry)
      ? []
      : CARRIERS.flatMap((carrier) =>
          entry.carriers[carrier].map((s: CleanupService) => ({ apiId, carrier, serviceCode: s.serviceCode })),
        ),
  );
}

/** SPEC §2 'Confirm Service Removal' text (worded as the SPEC has it, also for one service). */
export function removalConfirmText(count: number): string {
  return `You are about to remove ${count} services that are no longer available from the provider APIs. This action cannot be undone.`;
}

/** SPEC §8: 'Successfully added N services'. */
export function addedMessage(count: number): string {
  return `Successfully added ${count} services`;
}

/** SPEC §8: 'Successfully removed N services'. */
export function removedMessage(count: number): string {
  return `Successfully removed ${count} services`;
}
