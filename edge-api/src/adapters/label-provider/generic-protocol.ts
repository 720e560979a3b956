import { roundUsdToCents } from '@labeldesk/pricing';
import { z } from 'zod';
import {
  PROVIDER_ERROR_MESSAGES as MSG,
  ProviderError,
  type ProviderErrorCode,
  type ProviderErrorDetail,
  type ProviderLabel,
  type ProviderServiceInfo,
  ProviderTrackingStatus,
} from '../../ports/label-provider';

/**
 * The generic kind's wire format (the sandbox-carrier protocol v1, packages/sandbox-carrier/README.md): what the
 * provider sends, read leniently where harmless, its mapping onto the port, and its error answers in our taxonomy.
 */

// ---- Wire shapes (what the provider sends), read leniently where harmless ------------------------------------------

const WireWeightUnit = z.enum(['lbs', 'oz']);
const WireCarrier = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['UPS', 'USPS', 'FEDEX']));
const usd = z.number().finite().nonnegative();

export const WireService = z.object({
  carrier: WireCarrier,
  name: z.string().trim().min(1).max(200),
  serviceCode: z.string().trim().min(1).max(200),
  status: z.enum(['active', 'inactive']).catch('inactive'),
  maxWeight: z.number().finite().nullable().optional(),
  weightUnit: WireWeightUnit.optional(),
  prices: z
    .array(z.object({ fromWeight: z.number().finite().nonnegative(), toWeight: z.number().finite(), price: usd }))
    .default([]),
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }).nullable().optional(),
  templates: z.array(z.string()).default([]),
});
export const WireServiceList = z.object({ services: z.array(z.unknown()).max(5_000) });

export const WireQuote = z.object({
  serviceCode: z.string(),
  carrier: WireCarrier,
  service: z.string(),
  price: usd,
  billedWeight: z.number(),
  billedWeightUnit: WireWeightUnit,
  transitDays: z.number().int().nullable().optional(),
  estimatedDelivery: z.string().nullable().optional(),
});

export const WireLabel = z.object({
  labelId: z.string().min(1).max(200),
  /** `void_pending`: the void was accepted and its refund is settled later (protocol v1.1; v1 answers only the two). */
  status: z.enum(['created', 'void_pending', 'voided']),
  carrier: WireCarrier,
  service: z.string(),
  serviceCode: z.string(),
  trackingNumber: z.string().min(1).max(100),
  price: usd,
  estimatedDelivery: z.string().nullable().optional(),
  createdAt: z.string(),
  voidedAt: z.string().nullable().optional(),
  labelPdf: z.string().optional(),
});

export const WireLabelList = z.object({ labels: z.array(WireLabel).max(10) });

export const WireTracking = z.object({
  trackingNumber: z.string(),
  status: ProviderTrackingStatus,
  estimatedDelivery: z.string().nullable().optional(),
  deliveredAt: z.string().nullable().optional(),
  events: z.array(
    z.object({
      status: ProviderTrackingStatus,
      description: z.string(),
      location: z.string().nullable().optional(),
      occurredAt: z.string(),
    }),
  ),
  checkedAt: z.string(),
});

const WireError = z.object({
  error: z.object({
    code: z.string().max(100),
    message: z.string().max(2_000).optional(),
    details: z.array(z.object({ field: z.string().max(200), message: z.string().max(500).optional() })).optional(),
    maxWeight: z.number().optional(),
    weightUnit: WireWeightUnit.optional(),
  }),
});

// ---- Mapping ---------------------------------------------------------------------------------------------------------

/** 'USPS Ground Advantage 15 oz' → oz, as the protocol (and @labeldesk/pricing) read names. */
const unitFromName = (name: string) => (/(?:^|[^a-z])oz(?:[^a-z]|$)/i.test(name) ? 'oz' : 'lbs');

export function toServiceInfo(raw: z.infer<typeof WireService>): ProviderServiceInfo {
  const max = raw.maxWeight;
  return {
    carrier: raw.carrier,
    name: raw.name,
    serviceCode: raw.serviceCode,
    status: raw.status,
    maxWeight: typeof max === 'number' && max > 0 ? max : null,
    weightUnit: raw.weightUnit ?? unitFromName(raw.name),
    prices: raw.prices
      .filter((p) => p.toWeight > p.fromWeight)
      .map((p) => ({ fromWeight: p.fromWeight, toWeight: p.toWeight, priceCents: roundUsdToCents(p.price) })),
    transitDays: raw.transitDays ?? null,
    templates: raw.templates,
  };
}

export function toLabel(raw: z.infer<typeof WireLabel>, replayed: boolean): ProviderLabel {
  return {
    labelId: raw.labelId,
    status: raw.status,
    carrier: raw.carrier,
    serviceName: raw.service,
    serviceCode: raw.serviceCode,
    trackingNumber: raw.trackingNumber,
    priceCents: roundUsdToCents(raw.price),
    estimatedDelivery: raw.estimatedDelivery ?? null,
    createdAt: raw.createdAt,
    voidedAt: raw.voidedAt ?? null,
    replayed,
  };
}

/** Our request field names are the protocol's; only known, well-formed paths are passed on, with our own text. */
function safeDetails(details: Array<{ field: string }> | undefined): ProviderErrorDetail[] {
  return (details ?? [])
    .filter((d) => /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(d.field))
    .slice(0, 20)
    .map((d) => ({ path: d.field, message: MSG.invalidField }));
}

export type Call = 'services' | 'rates' | 'labels' | 'lookup' | 'label' | 'pdf' | 'png' | 'zpl' | 'void' | 'tracking';

/** The label id a garbled purchase answer still names, if it is JSON with a plausible top-level `labelId`. */
export function labelIdIn(body: Uint8Array): string | undefined {
  try {
    const raw: unknown = JSON.parse(new TextDecoder().decode(body));
    if (typeof raw !== 'object' || raw === null) return undefined;
    const id = (raw as { labelId?: unknown }).labelId;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** A non-2xx answer in our taxonomy. `call` decides what 404 and 409 mean. */
export function errorFor(call: Call, status: number, bodyText: string, retryAfter: number | undefined): ProviderError {
  let parsed: z.infer<typeof WireError>['error'] | undefined;
  try {
    const result = WireError.safeParse(JSON.parse(bodyText));
    parsed = result.success ? result.data.error : undefined;
  } catch {
    parsed = undefined;
  }
  const code = parsed?.code;
  const logMessage = `provider answered ${status}${code ? ` ${code}` : ''}: ${(parsed?.message ?? bodyText).slice(0, 300)}`;
  const opts = {
    logMessage,
    httpStatus: status,
    ...(code ? { providerCode: code } : {}),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
  const make = (
    c: ProviderErrorCode,
    message: string,
    extra: Partial<ConstructorParameters<typeof ProviderError>[2]> = {},
  ) => new ProviderError(c, message, { ...opts, ...extra });

  // Refused before the provider acted: our key (401/403) or its rate limit (429, checked before anything else).
  const refusedUpFront = status === 401 || status === 403 || status === 429;
  // A gateway error from a call that buys nothing; or the protocol's own `unavailable` answer, which the protocol
  // documents as buying and changing nothing (its body proves the provider, not a proxy in front, sent it). Any other
  // 5xx from a purchase may have bought a label.
  const unavailableBeforeWork =
    (status === 502 || status === 503) && (call !== 'labels' || (status === 503 && code === 'unavailable'));
  if (status === 429 || status === 502 || status === 503 || status === 504)
    return make('upstream_unavailable', MSG.unavailable, {
      nothingBought: refusedUpFront || unavailableBeforeWork,
    });
  // A purchase that failed inside the provider may have made the label first.
  if (status >= 500) {
    return make('upstream_error', MSG.rejected, call === 'labels' ? { outcomeUnknown: { labelId: undefined } } : {});
  }
  if (status >= 300 && status < 400)
    return make('upstream_error', MSG.rejected, {
      logMessage: `provider redirected (${status}); redirects are not followed`,
    });
  if (status === 422 && code === 'weight_exceeds_max') {
    const maxWeight =
      parsed?.maxWeight !== undefined && parsed.weightUnit
        ? { value: parsed.maxWeight, unit: parsed.weightUnit }
        : undefined;
    return make('invalid_input', MSG.weightExceedsMax, maxWeight ? { maxWeight } : {});
  }
  if (status === 422 && code === 'service_inactive') return make('invalid_input', MSG.serviceInactive);
  if (status === 400 && (call === 'rates' || call === 'labels')) {
    const details = safeDetails(parsed?.details);
    if (details.length > 0 && details.every((d) => d.path === 'serviceCode')) {
      return make('invalid_input', MSG.serviceInactive);
    }
    return make('invalid_input', MSG.invalidShipment, { details });
  }
  if (status === 404 && (call === 'label' || call === 'pdf' || call === 'png' || call === 'zpl' || call === 'void'))
    return make('not_found', MSG.labelNotFound);
  if (status === 404 && call === 'tracking') return make('not_found', MSG.trackingNotFound);
  if (status === 409 && call === 'void') return make('conflict', MSG.cannotVoid);
  // 401 (our key), 404 on a listing (wrong base URL), 409 on a purchase (idempotency misuse), anything else.
  return make('upstream_error', MSG.rejected, refusedUpFront ? { nothingBought: true } : {});
}
