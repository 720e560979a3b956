import {
  adminStatusLabel,
  type Order,
  type OrderParty,
  type OrderStatus,
  type PackageDetails,
  type TrackingEvent,
} from '@labeldesk/contracts';
import { weightUnitLabel } from '@labeldesk/pricing';

/** The tracking number the provider has not issued yet. */
export const TRACKING_PLACEHOLDER = 'PENDING';

export interface StatusBadge {
  label: string;
  color: 'green' | 'blue' | 'yellow' | 'red' | 'gray';
}

/** SPEC §4 admin view: Delivered, In Transit, Processing, Cancelled, else Unknown — with a colour per label. */
export function deliveryBadge(deliveryStatus: string): StatusBadge {
  const label = adminStatusLabel(deliveryStatus);
  switch (label) {
    case 'Delivered':
      return { label, color: 'green' };
    case 'In Transit':
      return { label, color: 'blue' };
    case 'Processing':
      return { label, color: 'yellow' };
    case 'Cancelled':
      return { label, color: 'red' };
    default:
      return { label, color: 'gray' };
  }
}

/**
 * The purchase behind the order when it is not simply done: an admin must see a label still being bought, one the
 * carrier has not confirmed yet, or one that failed (and was refunded). Null for a completed purchase.
 */
export function purchaseBadge(status: OrderStatus): StatusBadge | null {
  switch (status) {
    case 'processing':
      return { label: 'Buying label', color: 'yellow' };
    case 'pending_reconciliation':
      return { label: 'Awaiting carrier', color: 'yellow' };
    case 'failed':
      return { label: 'Purchase failed', color: 'red' };
    default:
      return null;
  }
}

/** The tracking number to show, or null while it is the placeholder (or empty). */
export function shownTrackingNumber(trackingNumber: string | null | undefined): string | null {
  if (!trackingNumber || trackingNumber.trim() === '' || trackingNumber === TRACKING_PLACEHOLDER) return null;
  return trackingNumber;
}

/** The ordering user as the User column shows it (SPEC §2: name and email). */
export function orderUser(order: Pick<Order, 'userDetails'>): { name: string; email: string } {
  const user = order.userDetails;
  if (!user) return { name: 'Unknown user', email: '' };
  return { name: user.name.trim() || user.email, email: user.email };
}

export interface PartyLine {
  /** Which part of the address the line is (stable React key). */
  key: 'name' | 'company' | 'street1' | 'street2' | 'city' | 'country' | 'phone' | 'email';
  text: string;
}

/** An address as lines: name, company, street 1 and 2, 'City, ST 12345', country, phone, email (empty ones left out). */
export function partyLines(party: OrderParty): PartyLine[] {
  const cityLine = [[party.city, party.state].filter(Boolean).join(', '), party.zip].filter(Boolean).join(' ');
  const lines: PartyLine[] = [
    { key: 'name', text: party.name },
    { key: 'company', text: party.company },
    { key: 'street1', text: party.street1 },
    { key: 'street2', text: party.street2 },
    { key: 'city', text: cityLine },
    { key: 'country', text: party.country },
    { key: 'phone', text: party.phone },
    { key: 'email', text: party.email },
  ];
  return lines.map((line) => ({ ...line, text: line.text.trim() })).filter((line) => line.text !== '');
}

const number = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const timeFormat = new Intl.DateTimeFormat('en-US', { timeStyle: 'short' });

/** The Date column on two lines: 'Nov 22, 2026' over '7:25 AM' (the admin's time zone). */
export function dateParts(iso: string): { day: string; time: string } {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return { day: iso, time: '' };
  return { day: dayFormat.format(date), time: timeFormat.format(date) };
}

/** '2.5 lbs' / '1 lb' / '12 oz'. */
export function weightText(pkg: Pick<PackageDetails, 'weight' | 'weightUnit'>): string {
  return `${number.format(pkg.weight)} ${weightUnitLabel(pkg.weight, pkg.weightUnit)}`;
}

/** '10 × 8 × 4 in' (length × width × height, inches). */
export function dimensionsText(pkg: Pick<PackageDetails, 'dimensions'>): string {
  const { length, width, height } = pkg.dimensions;
  return `${number.format(length)} × ${number.format(width)} × ${number.format(height)} in`;
}

/** Tracking events newest first (the timeline reads from the latest scan down); the input is left as it is. */
export function eventsNewestFirst(events: readonly TrackingEvent[]): TrackingEvent[] {
  const time = (e: TrackingEvent) => Date.parse(e.date) || 0;
  return [...events].sort((a, b) => time(b) - time(a));
}
