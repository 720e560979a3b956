import { intBetween, mulberry32, pick, type Rng, seedFrom } from './rng';
import type { Address, Carrier, LabelRecord } from './types';

export type TrackingStatus =
  | 'pre_transit'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'exception'
  | 'cancelled';

export interface TrackingEvent {
  status: TrackingStatus;
  description: string;
  /** "CITY, ST, CC" as carriers print it. */
  location: string;
  occurredAt: Date;
}

export interface TrackingSnapshot {
  status: TrackingStatus;
  /** Events that have happened by `now`, oldest first. */
  events: TrackingEvent[];
  /** Expected (or actual) delivery date, YYYY-MM-DD; null for a voided label. */
  estimatedDelivery: string | null;
  deliveredAt: Date | null;
}

interface Vocabulary {
  created: string;
  pickup: string;
  arrived: string;
  departed: string;
  destination: string;
  outForDelivery: string;
  delivered: readonly string[];
  delay: readonly string[];
  attempt: readonly string[];
  hubs: readonly string[];
}

const VOCABULARY: Record<Carrier, Vocabulary> = {
  UPS: {
    created: 'Shipper created a label, UPS has not received the package yet.',
    pickup: 'Pickup Scan',
    arrived: 'Arrived at Facility',
    departed: 'Departed from Facility',
    destination: 'Destination Scan',
    outForDelivery: 'Out For Delivery Today',
    delivered: ['Delivered', 'Delivered - Front Door', 'Delivered - Left at Dock'],
    delay: [
      "Weather may delay delivery. We're adjusting plans to deliver your package as quickly as possible.",
      'A mechanical failure has caused a delay. We will update the delivery date as soon as possible.',
    ],
    attempt: ["The receiver was not available for delivery. We'll make a second attempt the next business day."],
    hubs: [
      'LOUISVILLE, KY',
      'HODGKINS, IL',
      'ATLANTA, GA',
      'MESQUITE, TX',
      'ONTARIO, CA',
      'SECAUCUS, NJ',
      'MAUMEE, OH',
      'SALT LAKE CITY, UT',
    ],
  },
  USPS: {
    created: 'Shipping Label Created, USPS Awaiting Item',
    pickup: 'USPS in possession of item',
    arrived: 'Arrived at USPS Regional Facility',
    departed: 'Departed USPS Regional Facility',
    destination: 'Arrived at Post Office',
    outForDelivery: 'Out for Delivery',
    delivered: ['Delivered, In/At Mailbox', 'Delivered, Front Door/Porch', 'Delivered, Parcel Locker'],
    delay: ['In Transit, Arriving Late', 'Delayed due to weather or natural disaster'],
    attempt: ['Notice Left (No Authorized Recipient Available)'],
    hubs: [
      'CHICAGO, IL',
      'ATLANTA, GA',
      'DALLAS, TX',
      'DENVER, CO',
      'JERSEY CITY, NJ',
      'SEATTLE, WA',
      'LOS ANGELES, CA',
    ],
  },
  FEDEX: {
    created: 'Shipment information sent to FedEx',
    pickup: 'Picked up',
    arrived: 'Arrived at FedEx hub',
    departed: 'Departed FedEx hub',
    destination: 'At local FedEx facility',
    outForDelivery: 'On FedEx vehicle for delivery',
    delivered: ['Delivered', 'Delivered - Left at front door'],
    delay: ['Delay: Local weather event', 'Shipment exception: Delay beyond our control'],
    attempt: ['Delivery exception: Customer not available or business closed'],
    hubs: [
      'MEMPHIS, TN',
      'INDIANAPOLIS, IN',
      'FORT WORTH, TX',
      'OAKLAND, CA',
      'NEWARK, NJ',
      'HAGERSTOWN, MD',
      'KANSAS CITY, KS',
    ],
  },
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function place(a: Pick<Address, 'city' | 'state' | 'country'>): string {
  return `${a.city}, ${a.state}, ${a.country}`.toUpperCase();
}

function startOfUtcDay(t: number): number {
  return Math.floor(t / DAY) * DAY;
}

function distinctHubs(rng: Rng, hubs: readonly string[], count: number): string[] {
  const pool = [...hubs];
  const out: string[] = [];
  while (out.length < count && pool.length > 0) {
    const i = Math.floor(rng() * pool.length);
    out.push(...pool.splice(i, 1));
  }
  return out;
}

export interface TimelineOptions {
  /** Share of packages (0..1) that meet one exception on the way; deterministic per tracking number. */
  exceptionRate: number;
}

/**
 * The full journey of a label, past and future, derived only from the label (so every lookup agrees): label created →
 * carrier's first scan 1.5–21.5 h later → one to four hubs (arrived/departed) → destination facility → out for
 * delivery at 08:00–09:30 UTC on the delivery day → delivered 1.5–7 h later. With probability `exceptionRate` one
 * exception happens: a delay on the way (everything after it moves a day) or a failed delivery attempt (a second
 * attempt the next day).
 */
export function fullTimeline(label: LabelRecord, opts: TimelineOptions): TrackingEvent[] {
  const rng = mulberry32(seedFrom(`tracking:${label.trackingNumber}`));
  const words = VOCABULARY[label.carrier];
  const origin = place(label.from);
  const destination = place(label.to);
  const created = Date.parse(label.createdAt);

  const accepted = created + Math.round((1.5 + rng() * 20) * HOUR);
  const deliveryDay = startOfUtcDay(accepted) + Math.max(1, label.transitDays) * DAY;
  const outForDelivery = Math.max(deliveryDay + 8 * HOUR + Math.round(rng() * 90) * 60_000, accepted + 6 * HOUR);
  const delivered = outForDelivery + Math.round((1.5 + rng() * 5.5) * HOUR);

  const hubs = distinctHubs(rng, words.hubs, Math.min(4, intBetween(rng, 1, 1 + label.transitDays)));
  const transit: Array<{ description: string; location: string }> = [];
  for (const hub of hubs) {
    transit.push({ description: words.arrived, location: `${hub}, US` });
    transit.push({ description: words.departed, location: `${hub}, US` });
  }
  transit.push({ description: words.destination, location: destination });

  // Spread the transit scans between the first scan and out-for-delivery.
  const windowStart = accepted + HOUR;
  const windowEnd = outForDelivery - HOUR;
  const slot = (windowEnd - windowStart) / transit.length;
  const events: TrackingEvent[] = [
    { status: 'pre_transit', description: words.created, location: origin, occurredAt: new Date(created) },
    { status: 'in_transit', description: words.pickup, location: origin, occurredAt: new Date(accepted) },
    ...transit.map((t, i) => ({
      status: 'in_transit' as const,
      description: t.description,
      location: t.location,
      occurredAt: new Date(Math.round(windowStart + slot * (i + 0.2 + rng() * 0.6))),
    })),
    {
      status: 'out_for_delivery',
      description: words.outForDelivery,
      location: destination,
      occurredAt: new Date(outForDelivery),
    },
    {
      status: 'delivered',
      description: pick(rng, words.delivered),
      location: destination,
      occurredAt: new Date(delivered),
    },
  ];

  if (rng() < opts.exceptionRate) {
    if (rng() < 0.5) {
      // A delay after one of the transit scans: everything after it happens a day later.
      // events[1] is the first scan, events[2..] the transit scans: anchor on one of them (not the last).
      const after = intBetween(rng, 1, transit.length);
      const anchor = events[after];
      if (anchor) {
        const at = anchor.occurredAt.getTime() + Math.round((0.5 + rng()) * HOUR);
        for (const e of events.slice(after + 1)) e.occurredAt = new Date(e.occurredAt.getTime() + DAY);
        events.splice(after + 1, 0, {
          status: 'exception',
          description: pick(rng, words.delay),
          location: anchor.location,
          occurredAt: new Date(at),
        });
      }
    } else {
      // A failed delivery attempt, then a second attempt the next day.
      const final = events.pop();
      const ofd = events[events.length - 1];
      if (final && ofd) {
        const attemptAt = ofd.occurredAt.getTime() + Math.round((2 + rng() * 4) * HOUR);
        events.push(
          {
            status: 'exception',
            description: pick(rng, words.attempt),
            location: destination,
            occurredAt: new Date(attemptAt),
          },
          {
            status: 'out_for_delivery',
            description: words.outForDelivery,
            location: destination,
            occurredAt: new Date(ofd.occurredAt.getTime() + DAY),
          },
          { ...final, occurredAt: new Date(final.occurredAt.getTime() + DAY) },
        );
      }
    }
  }
  return events;
}

/** What tracking shows at `now`. */
export function trackingAt(label: LabelRecord, now: Date, opts: TimelineOptions): TrackingSnapshot {
  const timeline = fullTimeline(label, opts);
  const first = timeline[0];
  const t = now.getTime();
  if (label.status === 'voided' && label.voidedAt) {
    const voidedAt = Date.parse(label.voidedAt);
    const events = timeline.filter((e) => e.occurredAt.getTime() <= voidedAt);
    events.push({
      status: 'cancelled',
      description: 'Label voided by the shipper; postage refunded',
      location: place(label.from),
      occurredAt: new Date(voidedAt),
    });
    return { status: 'cancelled', events, estimatedDelivery: null, deliveredAt: null };
  }
  const visible = timeline.filter((e) => e.occurredAt.getTime() <= t);
  // The label-created event is always shown, even to a clock that runs behind the label.
  if (visible.length === 0 && first) visible.push(first);
  const last = visible[visible.length - 1];
  const deliveredEvent = timeline[timeline.length - 1];
  const deliveredAt = last?.status === 'delivered' ? last.occurredAt : null;
  return {
    status: last?.status ?? 'pre_transit',
    events: visible,
    estimatedDelivery: deliveredEvent ? deliveredEvent.occurredAt.toISOString().slice(0, 10) : null,
    deliveredAt,
  };
}

/** True once the carrier has scanned the package (a label can be voided only before that). */
export function carrierHasScanned(label: LabelRecord, now: Date, opts: TimelineOptions): boolean {
  const pickup = fullTimeline(label, opts)[1];
  return !!pickup && pickup.occurredAt.getTime() <= now.getTime();
}
