import { ORDER_REFERENCE_MAX } from '@labeldesk/contracts';
import type { BulkCsvRow } from './constants';
import { hasValidDimensions, type PackageDimensions } from './dimensions';
import type { AmazonReportRow } from './parse-report';

/**
 * The sender ("from") side of every label: a saved address. The contracts `Address` type is assignable to it; the
 * optional fields read as ''.
 */
export interface SenderAddress {
  name: string;
  company?: string | null;
  street1: string;
  street2?: string | null;
  city: string;
  state: string;
  zip: string;
  phone?: string | null;
}

/** Which report field becomes the label description (SPEC §2: default 'productName'). */
export type DescriptionSource = 'productName' | 'sku';

export interface ConvertOptions {
  sender: SenderAddress;
  /** Per-SKU package, as returned by `validateDimensions`. Lines whose SKU is absent here are skipped. */
  dimensions: Readonly<Record<string, PackageDimensions>>;
  /** Default 'productName'. A line without a product name falls back to its SKU. */
  descriptionSource?: DescriptionSource;
  /** "Create separate label for each item quantity". Default false. */
  splitByQuantity?: boolean;
}

export interface ConversionResult {
  /** Bulk CSV rows in report order (split rows stay together, 1/n first). */
  rows: BulkCsvRow[];
  /** Distinct order ids that produced at least one row. */
  orderCount: number;
  /** Number of rows, i.e. shipping labels. */
  labelCount: number;
  /** Report lines skipped because their SKU has no (valid) dimensions or is empty. */
  skippedLines: number;
  /** Distinct SKUs of those skipped lines, first-seen order ('' stands for lines without a SKU). */
  skippedSkus: string[];
}

/**
 * Turns report lines into bulk-CSV rows, one label per line — or, with `splitByQuantity`, one label per unit when the
 * quantity is above 1, the description then suffixed ' (i/n)'. Without splitting, a line of quantity n is one label
 * with the SKU's package as entered (the weight is not multiplied).
 *
 * Field mapping: toName = recipient-name, else buyer-name; toStreet1 = ship-address-1; toStreet2 = ship-address-2 and
 * ship-address-3 joined with ', ' (empty parts left out); toPhone = `cleanPhone(buyer-phone-number)`; toCompany is ''
 * (Amazon reports have no recipient company); weight/length/width/height are the SKU's numbers written with
 * `String(n)` (2.5 → '2.5'); orderNumber = order-id; reference = order-id and SKU ({@link amazonReference}). The
 * sender fields are copied trimmed.
 */
export function convertOrders(rows: readonly AmazonReportRow[], options: ConvertOptions): ConversionResult {
  const { sender, dimensions, descriptionSource = 'productName', splitByQuantity = false } = options;
  const from = {
    name: text(sender.name),
    company: text(sender.company),
    street1: text(sender.street1),
    street2: text(sender.street2),
    city: text(sender.city),
    state: text(sender.state),
    zip: text(sender.zip),
    phone: text(sender.phone),
  };
  const packages = new Map<string, PackageCells>();
  const out: BulkCsvRow[] = [];
  const orderIds = new Set<string>();
  const skippedSkus = new Set<string>();
  let skippedLines = 0;

  for (const row of rows) {
    let size = packages.get(row.sku);
    if (!size) {
      const dims = row.sku && Object.hasOwn(dimensions, row.sku) ? dimensions[row.sku] : undefined;
      if (!hasValidDimensions(dims)) {
        skippedLines++;
        skippedSkus.add(row.sku);
        continue;
      }
      size = {
        weight: String(dims.weight),
        length: String(dims.length),
        width: String(dims.width),
        height: String(dims.height),
      };
      packages.set(row.sku, size);
    }
    orderIds.add(row.orderId);
    const description = descriptionSource === 'sku' ? row.sku : row.productName || row.sku;
    const toStreet2 = joinParts([row.shipAddress2, row.shipAddress3]);
    const toPhone = cleanPhone(row.buyerPhone);
    if (splitByQuantity && row.quantity > 1) {
      for (let unit = 1; unit <= row.quantity; unit++) {
        out.push(bulkRow(from, row, size, toStreet2, toPhone, `${description} (${unit}/${row.quantity})`));
      }
    } else {
      out.push(bulkRow(from, row, size, toStreet2, toPhone, description));
    }
  }
  return { rows: out, orderCount: orderIds.size, labelCount: out.length, skippedLines, skippedSkus: [...skippedSkus] };
}

interface PackageCells {
  weight: string;
  length: string;
  width: string;
  height: string;
}

/** One literal with every column, so all rows share one object shape. Building rows by object spread instead was
 * about 10× slower on the 10,000-line benchmark (GC-bound). */
function bulkRow(
  from: Required<{ [K in keyof SenderAddress]: string }>,
  row: AmazonReportRow,
  size: PackageCells,
  toStreet2: string,
  toPhone: string,
  description: string,
): BulkCsvRow {
  return {
    fromName: from.name,
    fromCompany: from.company,
    fromStreet1: from.street1,
    fromStreet2: from.street2,
    fromCity: from.city,
    fromState: from.state,
    fromZip: from.zip,
    fromPhone: from.phone,
    toName: row.recipientName || row.buyerName,
    toCompany: '',
    toStreet1: row.shipAddress1,
    toStreet2,
    toCity: row.shipCity,
    toState: row.shipState,
    toZip: row.shipPostalCode,
    toPhone,
    weight: size.weight,
    length: size.length,
    width: size.width,
    height: size.height,
    description,
    orderNumber: row.orderId,
    sku: row.sku,
    productName: row.productName,
    reference: amazonReference(row.orderId, row.sku),
  };
}

/**
 * The reference printed on an Amazon order's label (issue 24): the Amazon order id and the SKU, so a packer can match
 * the parcel to the order and the item; cut to ORDER_REFERENCE_MAX characters (an order id is 19, so a SKU keeps its
 * first 15).
 */
export function amazonReference(orderId: string, sku: string): string {
  return [orderId.trim(), sku.trim()].filter(Boolean).join(' ').slice(0, ORDER_REFERENCE_MAX).trim();
}

/** 'Successfully converted N orders into M shipping labels. Click "Download CSV" to save your file.' (SPEC §2) */
export function conversionSuccessMessage(result: Pick<ConversionResult, 'orderCount' | 'labelCount'>): string {
  return `Successfully converted ${result.orderCount} orders into ${result.labelCount} shipping labels. Click "Download CSV" to save your file.`;
}

const EXTENSION_MARKER = /(^|[^a-z])ext(?:ension)?(?![a-z])/i;
const X_EXTENSION = /\s*x\s*\d+\s*$/i;
const TRAILING_JUNK = /[\s,;:#/(-]+$/;

/**
 * Removes a phone extension (SPEC §5 "phone cleaned of 'ext.'"). Everything from the first `ext` marker on is dropped —
 * `ext.`, `ext`, `Ext:`, `extension`, any case, with or without spaces or digits right after it — as is a trailing
 * `x123` / ` x 123`. Then trailing separators (spaces , ; : # / ( -) and surrounding whitespace are trimmed. The number part is
 * kept as written, not reformatted:
 * '+1 555-555-0100 ext. 12345' → '+1 555-555-0100'; '(206) 555-0100x42' → '(206) 555-0100'; 'ext. 123' → ''.
 */
export function cleanPhone(raw: string): string {
  const marker = EXTENSION_MARKER.exec(raw);
  const number = marker ? raw.slice(0, marker.index + (marker[1] ?? '').length) : raw;
  return number.replace(X_EXTENSION, '').replace(TRAILING_JUNK, '').trim();
}

function text(value: string | null | undefined): string {
  return (value ?? '').trim();
}

function joinParts(parts: readonly string[]): string {
  return parts.filter((part) => part !== '').join(', ');
}
