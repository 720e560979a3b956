import { z } from 'zod';
import { CarrierInput, PROVIDER_MESSAGES, ProviderPrice, ReliabilityStatus, WeightUnit } from './providers';

/** The admin's service report (Service Status): new services an API offers (update check) and services it dropped (cleanup). */
// Admin: service report (new services, cleanup) ---------------------------------------------------------------------

/** SPEC §3 Provider service (update check). `isNew`: not yet among this config's services (matched by code). */
export const ProviderService = z.object({
  name: z.string(),
  serviceCode: z.string(),
  /** 'active' | 'inactive' as the provider lists it. */
  status: z.string(),
  maxWeight: z.number().nullable(),
  weightUnit: WeightUnit,
  prices: z.array(ProviderPrice),
  isNew: z.boolean(),
  /** Mean of the tier prices, USD (null without prices). */
  averagePrice: z.number().nullable(),
});
export type ProviderService = z.infer<typeof ProviderService>;

/** SPEC §3 Cleanup service: one of ours the provider no longer lists. */
export const CleanupService = z.object({
  name: z.string(),
  serviceCode: z.string(),
  enabled: z.boolean(),
  reliabilityStatus: ReliabilityStatus,
  basePrice: z.number(),
});
export type CleanupService = z.infer<typeof CleanupService>;

export const ReportApiRef = z.object({
  id: z.string().trim().min(1).max(100),
  /** Ignored: the stored values are used. */
  baseUrl: z.string().optional(),
  key: z.string().optional(),
  name: z.string().optional(),
});

/** POST /api/admin/services/check-updates and /cleanup-report. Without `apis` (or empty): every config. */
export const ServiceReportRequest = z.object({ apis: z.array(ReportApiRef).max(50).optional() });
export type ServiceReportRequest = z.input<typeof ServiceReportRequest>;

export const ReportError = z.object({ name: z.string().optional(), error: z.string() });
export type ReportError = z.infer<typeof ReportError>;

export const UpdateCheckResult = z.object({
  name: z.string(),
  carriers: z.object({
    UPS: z.array(ProviderService),
    USPS: z.array(ProviderService),
    FEDEX: z.array(ProviderService),
  }),
  totalServices: z.number().int(),
  newServices: z.number().int(),
});
export type UpdateCheckResult = z.infer<typeof UpdateCheckResult>;
/** Keyed by API id. */
export const CheckUpdatesResponse = z.record(z.string(), z.union([UpdateCheckResult, ReportError]));
export type CheckUpdatesResponse = z.infer<typeof CheckUpdatesResponse>;

export const CleanupReportResult = z.object({
  name: z.string(),
  carriers: z.object({ UPS: z.array(CleanupService), USPS: z.array(CleanupService), FEDEX: z.array(CleanupService) }),
  /** Services of ours the provider still lists plus obsolete ones. */
  totalServices: z.number().int(),
  obsoleteServices: z.number().int(),
});
export type CleanupReportResult = z.infer<typeof CleanupReportResult>;
export const CleanupReportResponse = z.record(z.string(), z.union([CleanupReportResult, ReportError]));
export type CleanupReportResponse = z.infer<typeof CleanupReportResponse>;

/** True when a report entry is the error variant. */
export function isReportError(entry: UpdateCheckResult | CleanupReportResult | ReportError): entry is ReportError {
  return 'error' in entry;
}

/**
 * POST /api/admin/services/add-services. `service` is the provider service from check-updates (only `serviceCode`, and
 * `name` as a fallback, are read: the server re-reads the provider's data). Imported enabled, base price = the
 * provider's first tier price, reliability testing, our tiers = the provider's when it has several.
 */
export const AddServicesRequest = z.object({
  services: z
    .array(
      z.object({
        apiId: z.string().trim().min(1),
        carrier: CarrierInput,
        service: z.looseObject({ serviceCode: z.string().trim().min(1), name: z.string().optional() }),
      }),
      { error: PROVIDER_MESSAGES.noServicesSelected },
    )
    .min(1, PROVIDER_MESSAGES.noServicesSelected)
    .max(500),
});
export type AddServicesRequest = z.input<typeof AddServicesRequest>;
export const AddServicesResponse = z.object({ addedCount: z.number().int(), message: z.string() });
export type AddServicesResponse = z.infer<typeof AddServicesResponse>;

/** POST /api/admin/services/remove-services. */
export const RemoveServicesRequest = z.object({
  services: z
    .array(
      z.object({
        apiId: z.string().trim().min(1),
        carrier: CarrierInput,
        serviceName: z.string().trim().min(1),
      }),
      { error: PROVIDER_MESSAGES.noServicesSelected },
    )
    .min(1, PROVIDER_MESSAGES.noServicesSelected)
    .max(500),
});
export type RemoveServicesRequest = z.input<typeof RemoveServicesRequest>;
export const RemoveServicesResponse = z.object({ removedCount: z.number().int(), message: z.string() });
export type RemoveServicesResponse = z.infer<typeof RemoveServicesResponse>;
