import { roundUsdToCents } from '@labeldesk/pricing';
import { z } from 'zod';
import {
  PROVIDER_ERROR_MESSAGES as MSG,
  type ProviderAddress,
  ProviderError,
  type ProviderErrorCode,
  type ProviderTrackingStatus,
} from '../../ports/label-provider';
import { parseJson } from './http-transport';
import { keyRefused } from './kind-catalogue';

/**
 * EasyPost's API v2 wire format (https://docs.easypost.com; shapes as in EasyPost's recorded answers,
 * EasyPost/easypost-node test/cassettes): its names for carriers and services mapped onto our canonical codes, the
 * answers we read, and its error answers `{error:{code,message,errors[]}}` in our taxonomy.
 */

export const EP_SERVICES: Record<string, string> = {
  'ups/ground': 'ups_ground',
  'ups/upsgroundsaver': 'ups_ground_saver',
  'ups/3dayselect': 'ups_3_day_select',
  'ups/2nddayair': 'ups_2nd_day_air',
  'ups/nextdayair': 'ups_next_day_air',
  'ups/nextdayairsaver': 'ups_next_day_air_saver',
  'ups/nextdayairearlyam': 'ups_next_day_air_early',
  'usps/groundadvantage': 'usps_ground_advantage',
  'usps/priority': 'usps_priority_mail',
  'usps/express': 'usps_priority_mail_express',
  'usps/mediamail': 'usps_media_mail',
  'fedex/fedex_ground': 'fedex_ground',
  'fedex/ground_home_delivery': 'fedex_home_delivery',
  'fedex/fedex_2_day': 'fedex_2day',
  'fedex/fedex_express_saver': 'fedex_express_saver',
  'fedex/standard_overnight': 'fedex_standard_overnight',
  'fedex/priority_overnight': 'fedex_priority_overnight',
};

/** EasyPost's carrier and service names → our canonical code, or undefined for a service we do not sell. */
export function easypostServiceCode(carrier: string, service: string): string | undefined {
  return EP_SERVICES[`${carrier.toLowerCase()}/${service.toLowerCase()}`];
}

const money = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || n < 0) {
    ctx.addIssue({ code: 'custom', message: 'not an amount' });
    return z.NEVER;
  }
  return roundUsdToCents(n);
});

export const EpRate = z.object({
  id: z.string().min(1).max(200),
  carrier: z.string(),
  service: z.string(),
  rate: money,
  currency: z.string().optional(),
  delivery_days: z.number().int().nullish(),
  est_delivery_days: z.number().int().nullish(),
  delivery_date: z.string().nullish(),
});
const EpTracker = z.object({
  id: z.string(),
  tracking_code: z.string(),
  status: z.string(),
  est_delivery_date: z.string().nullish(),
  updated_at: z.string().nullish(),
  tracking_details: z
    .array(
      z.object({
        message: z.string().nullish(),
        status: z.string(),
        datetime: z.string(),
        tracking_location: z
          .object({ city: z.string().nullish(), state: z.string().nullish(), zip: z.string().nullish() })
          .nullish(),
      }),
    )
    .default([]),
});
export const EpShipment = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{1,200}$/),
  created_at: z.string(),
  reference: z.string().nullish(),
  tracking_code: z.string().nullish(),
  rates: z.array(z.unknown()).default([]),
  selected_rate: EpRate.nullish(),
  postage_label: z
    .object({
      label_url: z.string().url(),
      label_pdf_url: z.string().url().nullish(),
      /** Filled once the label is converted to ZPL (GET /v2/shipments/{id}/label?file_format=ZPL). */
      label_zpl_url: z.string().url().nullish(),
    })
    .nullish(),
  refund_status: z.string().nullish(),
  tracker: EpTracker.nullish(),
});
export type EpShipment = z.infer<typeof EpShipment>;
export const EpShipmentList = z.object({ shipments: z.array(EpShipment), has_more: z.boolean().default(false) });
export const EpTrackerList = z.object({ trackers: z.array(EpTracker) });
const EpError = z.object({
  error: z.object({
    code: z.string().max(200),
    message: z.string().max(2_000).nullish(),
    errors: z.array(z.unknown()).nullish(),
  }),
});

export type Call = 'check' | 'rate' | 'buy' | 'lookup' | 'refund' | 'tracking' | 'file';

/** A non-2xx EasyPost answer in our taxonomy. */
export function easypostError(call: Call, status: number, text: string, retryAfter?: number): ProviderError {
  const parsed = EpError.safeParse(parseJson(text));
  const code = parsed.success ? parsed.data.error.code : undefined;
  const logMessage = `EasyPost answered ${status}${code ? ` ${code}` : ''}: ${(parsed.success ? (parsed.data.error.message ?? '') : text).slice(0, 300)}`;
  const opts = {
    logMessage,
    httpStatus: status,
    ...(code ? { providerCode: code } : {}),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
  const make = (c: ProviderErrorCode, message: string, extra: { nothingBought?: boolean } = {}) =>
    new ProviderError(c, message, { ...opts, ...extra });
  if (status === 401 || status === 403) return keyRefused(status, logMessage);
  // Refused before EasyPost acted (429), or a gateway/unavailable answer from a call that buys nothing: failover may
  // buy elsewhere. A 5xx of the buy call itself may have bought the label.
  if (status === 429 || status === 502 || status === 503 || status === 504) {
    return make('upstream_unavailable', MSG.unavailable, { nothingBought: status === 429 || call !== 'buy' });
  }
  if (status >= 500) return make('upstream_error', MSG.rejected);
  if (status >= 300 && status < 400) return make('upstream_error', MSG.rejected);
  if (status === 404 && (call === 'refund' || call === 'file')) return make('not_found', MSG.labelNotFound);
  if (status === 422 && call === 'refund') return make('conflict', MSG.cannotVoid);
  if ((status === 400 || status === 422) && (call === 'rate' || call === 'buy')) {
    return make('invalid_input', MSG.invalidShipment);
  }
  return make('upstream_error', MSG.rejected);
}

export const TRACKING_STATUS: Record<string, ProviderTrackingStatus> = {
  unknown: 'pre_transit',
  pre_transit: 'pre_transit',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  available_for_pickup: 'out_for_delivery',
  return_to_sender: 'exception',
  failure: 'exception',
  error: 'exception',
  cancelled: 'cancelled',
};

export function epAddress(a: ProviderAddress) {
  return {
    name: a.name,
    company: a.company ?? null,
    street1: a.street1,
    street2: a.street2 ?? null,
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country ?? 'US',
    phone: a.phone ?? null,
    email: a.email ?? null,
  };
}

export const dateOnly = (v: string | null | undefined) => (v && /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : null);
