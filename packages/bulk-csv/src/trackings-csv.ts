import type { Order } from '@labeldesk/contracts';
import { csvTable } from '@labeldesk/csv';
import type { TextDownload } from './sample-csv';

/** SPEC §9 columns of the trackings CSV, in order. */
export const TRACKINGS_CSV_COLUMNS = [
  'No',
  'Id',
  'ClassService',
  'FromName',
  'ToName',
  'TrackingId',
  'TransDate',
  'AddressTo',
] as const;

/** The tracking number an order has before the provider issued one. */
const TRACKING_PLACEHOLDER = 'PENDING';

const two = (n: number) => String(n).padStart(2, '0');

/**
 * `Bulk_Order_{digits}_{MMDDYY}{HHMMSS}.csv` (SPEC §9). `digits` are the digits of the bulk order id, in order (ids are
 * `blk_` + a TypeID, e.g. blk_01jdq3w8k2… → 0138 2…), so the name points back to its bulk order and is safe on every file
 * system; '0' if the id holds none. The time is `now` on the customer's clock (local time), when the file is made.
 */
export function trackingsCsvFileName(bulkOrderId: string, now: Date = new Date()): string {
  const digits = bulkOrderId.replace(/\D/g, '') || '0';
  const date = `${two(now.getMonth() + 1)}${two(now.getDate())}${two(now.getFullYear() % 100)}`;
  const time = `${two(now.getHours())}${two(now.getMinutes())}${two(now.getSeconds())}`;
  return `Bulk_Order_${digits}_${date}${time}.csv`;
}

/** TransDate: when the label was bought, 'MM/DD/YYYY HH:MM:SS' on the customer's clock ('' if unreadable). */
export function transDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${two(d.getMonth() + 1)}/${two(d.getDate())}/${d.getFullYear()} ${two(d.getHours())}:${two(d.getMinutes())}:${two(d.getSeconds())}`;
}

/** AddressTo: the recipient on one line, '350 W 42nd St, Apt 12B, New York, NY 10036' (country added unless US). */
export function addressTo(recipient: Order['recipient']): string {
  const cityLine = [recipient.state, recipient.zip].filter((p) => p.trim() !== '').join(' ');
  const parts = [recipient.street1, recipient.street2, recipient.city, cityLine];
  if (recipient.country && recipient.country !== 'US') parts.push(recipient.country);
  return parts
    .map((p) => p.trim())
    .filter((p) => p !== '')
    .join(', ');
}

/** An order that has a label and a real tracking number. */
export function hasTracking(order: Pick<Order, 'hasLabel' | 'trackingNumber'>): boolean {
  const tracking = order.trackingNumber.trim();
  return order.hasLabel && tracking !== '' && tracking !== TRACKING_PLACEHOLDER;
}

/**
 * The trackings CSV of a bulk order (SPEC §9): one line per order that has a label, in the order given (the bulk
 * order's row order), numbered from 1; every cell passed through the formula-injection guard. Null when no order has a
 * tracking number yet (nothing to download).
 */
export function buildTrackingsCsv(
  bulkOrderId: string,
  orders: ReadonlyArray<
    Pick<Order, 'orderId' | 'serviceName' | 'sender' | 'recipient' | 'trackingNumber' | 'createdAt' | 'hasLabel'>
  >,
  now: Date = new Date(),
): TextDownload | null {
  const shipped = orders.filter(hasTracking);
  if (shipped.length === 0) return null;
  const records = shipped.map((order, index) => [
    index + 1,
    order.orderId,
    order.serviceName,
    order.sender.name,
    order.recipient.name,
    order.trackingNumber,
    transDate(order.createdAt),
    addressTo(order.recipient),
  ]);
  return {
    fileName: trackingsCsvFileName(bulkOrderId, now),
    content: csvTable(TRACKINGS_CSV_COLUMNS, records),
    mimeType: 'text/csv;charset=utf-8',
  };
}
