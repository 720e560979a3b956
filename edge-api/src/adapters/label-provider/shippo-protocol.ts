import { roundUsdToCents } from '@labeldesk/pricing';
import { z } from 'zod';
import {
  PROVIDER_ERROR_MESSAGES as MSG,
  type ProviderAddress,
  ProviderError,
  type ProviderErrorCode,
  type ProviderTracking,
  type ProviderTrackingStatus,
} from '../../ports/label-provider';
import { parseJson } from './http-transport';
import { keyRefused } from './kind-catalogue';

/**
 * Shippo's REST API wire format (https://docs.goshippo.com/api-reference; field names as in Shippo's official SDK
 * models, goshippo/shippo-javascript-sdk src/models/components): its service level tokens mapped onto our canonical
 * codes, the answers we read, and its error answers — `{"detail": "..."}` (401, 404, 5xx) or a map of field names to
 * messages (400, `{"parcels": ["This field is required."]}`) — in our taxonomy. A purchase answered 201 may still
 * carry `status: "ERROR"` with `messages[]`: the carrier refused it and nothing was bought.
 */

/** Shippo service level token → our canonical code (SDK enums ServiceLevelUPSEnum, …USPSEnum, …FedExEnum). */
export const SHIPPO_SERVICES: Record<string, string> = {
  ups_ground: 'ups_ground',
  // UPS SurePost was renamed UPS Ground Saver in 2024; Shippo keeps the old token.
  ups_surepost: 'ups_ground_saver',
  ups_3_day_select: 'ups_3_day_select',
  ups_second_day_air: 'ups_2nd_day_air',
  ups_next_day_air: 'ups_next_day_air',
  ups_next_day_air_saver: 'ups_next_day_air_saver',
  ups_next_day_air_early_am: 'ups_next_day_air_early',
  usps_ground_advantage: 'usps_ground_advantage',
  usps_priority: 'usps_priority_mail',
  usps_priority_express: 'usps_priority_mail_express',
  usps_media_mail: 'usps_media_mail',
  fedex_ground: 'fedex_ground',
  fedex_home_delivery: 'fedex_home_delivery',
  fedex_2_day: 'fedex_2day',
  fedex_express_saver: 'fedex_express_saver',
  fedex_standard_overnight: 'fedex_standard_overnight',
  fedex_priority_overnight: 'fedex_priority_overnight',
};

/** Shippo's service level token → our canonical code, or undefined for a service we do not sell. */
export function shippoServiceCode(token: string): string | undefined {
  return SHIPPO_SERVICES[token.toLowerCase()];
}

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n < 0 || (typeof v === 'string' && v.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return roundUsdToCents(n);
});

const objectId = z.string().regex(/^[A-Za-z0-9_-]{1,200}$/);

const ShMessage = z.object({ source: z.string().nullish(), code: z.string().nullish(), text: z.string().nullish() });

/** A rate as a shipment lists it (SDK `Rate`). */
export const ShRate = z.object({
  object_id: objectId,
  amount: money,
  currency: z.string().nullish(),
  provider: z.string(),
  servicelevel: z.object({ token: z.string(), name: z.string().nullish() }),
  estimated_days: z.number().int().nullish(),
});
export type ShRate = z.infer<typeof ShRate>;

/** The rate inside a purchase answer (SDK `CoreRate`); list and retrieve answers give only its id. */
const ShCoreRate = z.object({
  object_id: objectId,
  amount: money,
  currency: z.string().nullish(),
  provider: z.string().nullish(),
  servicelevel_token: z.string(),
  servicelevel_name: z.string().nullish(),
});

export const ShShipment = z.object({
  object_id: objectId,
  object_created: z.string(),
  status: z.string(),
  metadata: z.string().nullish(),
  rates: z.array(z.unknown()).default([]),
  messages: z.array(ShMessage).nullish(),
});
export type ShShipment = z.infer<typeof ShShipment>;

export const ShTransaction = z.object({
  object_id: objectId,
  object_created: z.string(),
  status: z.enum(['WAITING', 'QUEUED', 'SUCCESS', 'ERROR', 'REFUNDED', 'REFUNDPENDING', 'REFUNDREJECTED']),
  rate: z.union([objectId, ShCoreRate]).nullish(),
  metadata: z.string().nullish(),
  tracking_number: z.string().nullish(),
  label_url: z.string().nullish(),
  eta: z.string().nullish(),
  messages: z.array(ShMessage).nullish(),
});
export type ShTransaction = z.infer<typeof ShTransaction>;

export const ShTransactionList = z.object({
  next: z.string().nullish(),
  results: z.array(ShTransaction),
});

export const ShRefund = z.object({
  object_id: objectId,
  status: z.enum(['QUEUED', 'PENDING', 'SUCCESS', 'ERROR']),
  transaction: objectId,
});

const ShLocation = z.object({ city: z.string().nullish(), state: z.string().nullish() }).nullish();
const ShTrackingStatus = z.object({
  status: z.string(),
  status_details: z.string().nullish(),
  status_date: z.string().nullish(),
  substatus: z.object({ code: z.string().nullish() }).nullish(),
  location: ShLocation,
});
export const ShTrack = z.object({
  carrier: z.string(),
  tracking_number: z.string(),
  eta: z.string().nullish(),
  tracking_status: ShTrackingStatus.nullish(),
  tracking_history: z.array(ShTrackingStatus).default([]),
});
export type ShTrack = z.infer<typeof ShTrack>;
export type ShTrackingStatus = z.infer<typeof ShTrackingStatus>;

export type Call = 'check' | 'rate' | 'buy' | 'lookup' | 'refund' | 'tracking' | 'file';

const ShDetail = z.object({ detail: z.string().max(2_000) });

/** The provider's own words for the log: `detail`, or `field: message; …` of a validation answer. */
function describe(text: string): string {
  const raw = parseJson(text);
  const detail = ShDetail.safeParse(raw);
  if (detail.success) return detail.data.detail;
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    return Object.entries(raw)
      .map(([k, v]) => `${k}: ${Array.isArray(v) ? v.join(' ') : JSON.stringify(v)}`)
      .join('; ');
  }
  return text;
}

/** A non-2xx Shippo answer in our taxonomy. */
export function shippoError(call: Call, status: number, text: string, retryAfter?: number): ProviderError {
  const logMessage = `Shippo answered ${status}: ${describe(text).slice(0, 300)}`;
  const opts = {
    logMessage,
    httpStatus: status,
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
  const make = (c: ProviderErrorCode, message: string, extra: { nothingBought?: boolean } = {}) =>
    new ProviderError(c, message, { ...opts, ...extra });
  if (status === 401 || status === 403) return keyRefused(status, logMessage);
  // Refused before Shippo acted (429), or a gateway/unavailable answer from a call that buys nothing: failover may buy
  // elsewhere. A 5xx of the purchase (POST /transactions) itself may have bought the label.
  if (status === 429 || status === 502 || status === 503 || status === 504) {
    return make('upstream_unavailable', MSG.unavailable, { nothingBought: status === 429 || call !== 'buy' });
  }
  if (status >= 500) return make('upstream_error', MSG.rejected);
  if (status >= 300 && status < 400) return make('upstream_error', MSG.rejected);
  // 409: "too many concurrent calls" (Shippo's status code reference).
  if (status === 409) return make('upstream_unavailable', MSG.unavailable, { nothingBought: call !== 'buy' });
  if (status === 404 && (call === 'refund' || call === 'file')) return make('not_found', MSG.labelNotFound);
  if (status === 404 && call === 'tracking') return make('not_found', MSG.trackingNotFound);
  if ((status === 400 || status === 422) && (call === 'rate' || call === 'buy')) {
    return make('invalid_input', MSG.invalidShipment);
  }
  return make('upstream_error', MSG.rejected);
}

/** A purchase answered `status: "ERROR"`: the carrier refused the shipment (a definite refusal, as a 400 is). */
export function transactionRefused(t: ShTransaction): ProviderError {
  const said = (t.messages ?? []).map((m) => `${m.code ?? ''} ${m.text ?? ''}`.trim()).join('; ');
  return new ProviderError('invalid_input', MSG.invalidShipment, {
    logMessage: `Shippo transaction ${t.object_id} ended in ERROR: ${said.slice(0, 300)}`,
  });
}

/** Shippo's tracking statuses (SDK TrackingStatusEnum) in ours; "out for delivery" is a TRANSIT substatus. */
export function trackingStatusOf(s: Pick<ShTrackingStatus, 'status' | 'substatus'>): ProviderTrackingStatus {
  switch (s.status) {
    case 'PRE_TRANSIT':
    case 'UNKNOWN':
      return 'pre_transit';
    case 'TRANSIT':
      return s.substatus?.code === 'out_for_delivery' ? 'out_for_delivery' : 'in_transit';
    case 'DELIVERED':
      return 'delivered';
    case 'RETURNED':
    case 'FAILURE':
      return 'exception';
    default:
      return 'in_transit';
  }
}

/** A Shippo track in our terms: its history oldest first (as Shippo lists it), events without a date left out. */
export function trackingOf(t: ShTrack, now: Date): ProviderTracking {
  const events = t.tracking_history.flatMap((e) =>
    e.status_date
      ? [
          {
            status: trackingStatusOf(e),
            description: e.status_details || e.status,
            location: [e.location?.city, e.location?.state].filter((x): x is string => Boolean(x)).join(', ') || null,
            occurredAt: e.status_date,
          },
        ]
      : [],
  );
  const status = t.tracking_status ? trackingStatusOf(t.tracking_status) : 'pre_transit';
  return {
    trackingNumber: t.tracking_number,
    status,
    estimatedDelivery: dateOnly(t.eta),
    deliveredAt: status === 'delivered' ? (t.tracking_status?.status_date ?? null) : null,
    events,
    checkedAt: now.toISOString(),
  };
}

/**
 * The carrier token of `GET /tracks/{carrier}/{number}`, from the number's format (our port tracks by number alone):
 * UPS `1Z…` (18), USPS IMpb (20–22 digits, or 26/30/34 with routing), FedEx 12, 15 or 20 digits.
 */
export function carrierOfTrackingNumber(trackingNumber: string): 'ups' | 'usps' | 'fedex' | undefined {
  const n = trackingNumber.replace(/\s+/g, '').toUpperCase();
  if (/^1Z[0-9A-Z]{16}$/.test(n)) return 'ups';
  if (/^9\d{19,21}$/.test(n) || /^\d{26}$|^\d{30}$|^\d{34}$/.test(n)) return 'usps';
  if (/^\d{12}$|^\d{15}$|^\d{20}$/.test(n)) return 'fedex';
  return undefined;
}

/** Our address in Shippo's shape (SDK `AddressCreateRequest`): strings only, absent fields left out. */
export function shAddress(a: ProviderAddress) {
  const out: Record<string, string> = {
    name: a.name,
    street1: a.street1,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country ?? 'US',
  };
  if (a.company) out.company = a.company;
  if (a.street2) out.street2 = a.street2;
  if (a.phone) out.phone = a.phone;
  if (a.email) out.email = a.email;
  return out;
}

export const dateOnly = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
