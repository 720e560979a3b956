import { z } from 'zod';
import type { TrackingStatus } from '../tracking';
import type { Address, Carrier } from '../types';
import type { RefundStatus } from './engine';

/**
 * The Shippo sandbox's wire vocabulary (shippo.ts serves it): Shippo's service levels for our services, the request
 * bodies it accepts (field names as in Shippo's SDK models, goshippo/shippo-javascript-sdk), units, and statuses.
 */

/** LabelDesk service code → Shippo's provider and service level (token, name). */
export const SHIPPO_SERVICE_LEVELS: Record<string, { provider: string; token: string; name: string }> = {
  ups_ground: { provider: 'UPS', token: 'ups_ground', name: 'Ground' },
  ups_ground_saver: { provider: 'UPS', token: 'ups_surepost', name: 'Ground Saver' },
  ups_3_day_select: { provider: 'UPS', token: 'ups_3_day_select', name: '3 Day Select®' },
  ups_2nd_day_air: { provider: 'UPS', token: 'ups_second_day_air', name: '2nd Day Air®' },
  ups_next_day_air: { provider: 'UPS', token: 'ups_next_day_air', name: 'Next Day Air®' },
  ups_next_day_air_saver: { provider: 'UPS', token: 'ups_next_day_air_saver', name: 'Next Day Air Saver®' },
  ups_next_day_air_early: { provider: 'UPS', token: 'ups_next_day_air_early_am', name: 'Next Day Air Early®' },
  usps_ground_advantage: { provider: 'USPS', token: 'usps_ground_advantage', name: 'Ground Advantage' },
  usps_priority_mail: { provider: 'USPS', token: 'usps_priority', name: 'Priority Mail' },
  usps_priority_mail_express: { provider: 'USPS', token: 'usps_priority_express', name: 'Priority Mail Express' },
  usps_media_mail: { provider: 'USPS', token: 'usps_media_mail', name: 'Media Mail' },
  fedex_ground: { provider: 'FedEx', token: 'fedex_ground', name: 'Ground' },
  fedex_home_delivery: { provider: 'FedEx', token: 'fedex_home_delivery', name: 'Home Delivery' },
  fedex_2day: { provider: 'FedEx', token: 'fedex_2_day', name: '2Day®' },
  fedex_express_saver: { provider: 'FedEx', token: 'fedex_express_saver', name: 'Express Saver®' },
  fedex_standard_overnight: { provider: 'FedEx', token: 'fedex_standard_overnight', name: 'Standard Overnight®' },
  fedex_priority_overnight: { provider: 'FedEx', token: 'fedex_priority_overnight', name: 'Priority Overnight®' },
};

export const CARRIER_TOKEN: Record<Carrier, string> = { UPS: 'ups', USPS: 'usps', FEDEX: 'fedex' };

export const decimal = z.union([z.string(), z.number()]).transform((v, ctx) => {
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) {
    ctx.addIssue({ code: 'custom', message: 'A valid number is required.' });
    return z.NEVER;
  }
  return n;
});
export const ShAddress = z.object({
  name: z.string().max(200).optional(),
  company: z.string().max(200).optional(),
  street1: z.string().max(200).optional(),
  street2: z.string().max(200).optional(),
  city: z.string().max(100).optional(),
  state: z.string().max(100).optional(),
  zip: z.string().min(1).max(20),
  country: z.string().min(2).max(2),
  phone: z.string().max(50).optional(),
  email: z.string().max(200).optional(),
});
export const ShParcel = z.object({
  length: decimal,
  width: decimal,
  height: decimal,
  distance_unit: z.enum(['cm', 'in', 'ft', 'm', 'mm', 'yd']),
  weight: decimal,
  mass_unit: z.enum(['g', 'kg', 'lb', 'oz']),
});
export const ShCreateShipment = z.object({
  address_from: ShAddress,
  address_to: ShAddress,
  parcels: z.array(ShParcel).min(1).max(1),
  metadata: z.string().max(100).optional(),
  async: z.boolean().optional(),
});
export const ShCreateTransaction = z.object({
  rate: z.string().min(1),
  async: z.boolean().optional(),
  label_file_type: z.string().optional(),
  metadata: z.string().max(100).optional(),
});
export const ShCreateRefund = z.object({ transaction: z.string().min(1), async: z.boolean().optional() });

export const OUNCES_PER: Record<z.infer<typeof ShParcel>['mass_unit'], number> = {
  oz: 1,
  lb: 16,
  g: 1 / 28.349523125,
  kg: 1000 / 28.349523125,
};
export const INCHES_PER: Record<z.infer<typeof ShParcel>['distance_unit'], number> = {
  in: 1,
  ft: 12,
  yd: 36,
  cm: 1 / 2.54,
  mm: 1 / 25.4,
  m: 100 / 2.54,
};

export const SH_STATUS: Record<TrackingStatus, string> = {
  pre_transit: 'PRE_TRANSIT',
  in_transit: 'TRANSIT',
  out_for_delivery: 'TRANSIT',
  delivered: 'DELIVERED',
  exception: 'FAILURE',
  cancelled: 'FAILURE',
};
export const TRANSACTION_STATUS: Record<RefundStatus, string> = {
  submitted: 'REFUNDPENDING',
  refunded: 'REFUNDED',
  rejected: 'REFUNDREJECTED',
};
export const REFUND_STATUS: Record<RefundStatus, string> = {
  submitted: 'QUEUED',
  refunded: 'SUCCESS',
  rejected: 'ERROR',
};

export function address(a: z.infer<typeof ShAddress>): Address {
  return {
    name: a.name ?? '',
    company: a.company ?? null,
    street1: a.street1 ?? '',
    street2: a.street2 ?? null,
    city: a.city ?? '',
    state: a.state ?? '',
    zip: a.zip,
    country: a.country,
    phone: a.phone ?? null,
    email: a.email ?? null,
  };
}
