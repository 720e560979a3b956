import {
  DeliveryStatus,
  type Order,
  type OrderParty,
  type TrackingEvent,
  type TrackingInfo,
  WeightUnit,
} from '@labeldesk/contracts';
import { z } from 'zod';
import { type OrderRow, PENDING_TRACKING_NUMBER, providerApiOf, type User } from '../../db/schema';
import { centsToUsd } from '../money';

/**
 * Orders as the API speaks them (SPEC §3 Order, Tracking info). The JSON snapshot columns are written only by the
 * purchase and tracking use-cases with these shapes; a row that does not parse still presents (empty fields), so
 * one damaged row never takes a whole list down.
 */

const StoredParty = z.object({
  name: z.string().catch(''),
  company: z.string().catch(''),
  street1: z.string().catch(''),
  street2: z.string().catch(''),
  city: z.string().catch(''),
  state: z.string().catch(''),
  zip: z.string().catch(''),
  country: z.string().catch('US'),
  phone: z.string().catch(''),
  email: z.string().catch(''),
});

/** What `orders.package_json` holds. */
export const StoredPackage = z.object({
  weight: z.number(),
  weightUnit: WeightUnit,
  length: z.number(),
  width: z.number(),
  height: z.number(),
  description: z.string(),
  valueCents: z.number().int(),
  template: z.string().nullable(),
});
export type StoredPackage = z.infer<typeof StoredPackage>;

/** What `orders.tracking_events_json` holds (oldest first). */
export const StoredTrackingEvents = z.array(
  z.object({
    status: DeliveryStatus,
    description: z.string(),
    location: z.string().nullable(),
    date: z.string(),
  }),
);

function parseJson<T>(schema: z.ZodType<T>, text: string, fallback: T): T {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : fallback;
  } catch {
    return fallback;
  }
}

const EMPTY_PARTY: OrderParty = StoredParty.parse({});

export function readParty(text: string): OrderParty {
  return parseJson(StoredParty, text, EMPTY_PARTY);
}

export function readPackage(text: string): StoredPackage | null {
  return parseJson<StoredPackage | null>(StoredPackage, text, null);
}

export function readTrackingEvents(text: string): TrackingEvent[] {
  return parseJson(StoredTrackingEvents, text, []);
}

/** The tracking number the API shows for a row, or null while it is the placeholder. */
export function realTrackingNumber(row: Pick<OrderRow, 'trackingNumber'>): string | null {
  return row.trackingNumber === PENDING_TRACKING_NUMBER ? null : row.trackingNumber;
}

type OrderOwner = Pick<User, 'id' | 'name' | 'email' | 'createdAt' | 'isAdmin'>;

function boughtVia(row: OrderRow) {
  const via = providerApiOf(row);
  return { apiId: via.id, apiName: via.name };
}

/** SPEC §3 Order. `owner` adds userDetails (admin views only). */
export function presentOrder(row: OrderRow, owner?: OrderOwner): Order {
  const pkg = readPackage(row.packageJson);
  return {
    _id: row.id,
    orderId: row.id,
    createdAt: row.createdAt,
    trackingNumber: row.trackingNumber,
    carrier: row.carrier,
    serviceType: row.serviceName,
    serviceName: row.serviceName,
    price: centsToUsd(row.priceCents),
    deliveryStatus: row.deliveryStatus,
    status: row.status,
    recipient: readParty(row.recipientJson),
    sender: readParty(row.senderJson),
    packageDetails: {
      weight: pkg?.weight ?? 0,
      weightUnit: pkg?.weightUnit ?? 'lbs',
      dimensions: { length: pkg?.length ?? 0, width: pkg?.width ?? 0, height: pkg?.height ?? 0 },
      description: pkg?.description ?? '',
      value: centsToUsd(pkg?.valueCents ?? 0),
      template: pkg?.template ?? null,
    },
    estimatedDelivery: row.estimatedDelivery,
    ...(owner
      ? {
          userDetails: {
            _id: owner.id,
            name: owner.name,
            email: owner.email,
            createdAt: owner.createdAt,
            isAdmin: owner.isAdmin,
          },
        }
      : {}),
    trackingEvents: readTrackingEvents(row.trackingEventsJson),
    lastChecked: row.lastCheckedAt,
    apiId: row.apiId,
    apiName: row.apiName,
    boughtVia: row.status === 'completed' ? boughtVia(row) : null,
    destination: row.destination,
    amazonOrderId: row.amazonOrderId,
    bulkOrderId: row.bulkOrderId,
    sku: row.sku,
    reference: row.reference,
    // A voided label (or one being voided) must not be printed any more.
    hasLabel: row.status === 'completed' && row.voidStatus === null,
    failureReason: row.failureReason,
    voidStatus: row.voidStatus,
  };
}

/** SPEC §3 Tracking info. */
export function presentTracking(row: OrderRow): TrackingInfo {
  return {
    orderId: row.id,
    deliveryStatus: row.deliveryStatus,
    events: readTrackingEvents(row.trackingEventsJson),
    lastChecked: row.lastCheckedAt,
    trackingNumber: realTrackingNumber(row),
    carrier: row.carrier,
    estimatedDelivery: row.estimatedDelivery,
  };
}
