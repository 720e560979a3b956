import Papa from 'papaparse';
import { AmazonError } from './errors';

/**
 * One order line of an Amazon "unshipped orders" report. Values are trimmed; a column missing from the report reads as
 * an empty string. The Amazon column each field comes from is given in brackets.
 */
export interface AmazonReportRow {
  /** [order-id] e.g. `113-1234567-1234567`; one order may span several lines (one per item). */
  orderId: string;
  /** [order-item-id] */
  orderItemId: string;
  /** [purchase-date] as written in the report (ISO 8601 in current reports). */
  purchaseDate: string;
  /** [sku] */
  sku: string;
  /** [product-name] */
  productName: string;
  /** [quantity-purchased] as an integer ≥ 1; a missing, non-numeric or non-positive value reads as 1. */
  quantity: number;
  /** [recipient-name] */
  recipientName: string;
  /** [buyer-name] */
  buyerName: string;
  /** [buyer-phone-number], or [ship-phone-number] when the buyer number is empty. Raw: see `cleanPhone`. */
  buyerPhone: string;
  /** [ship-address-1] */
  shipAddress1: string;
  /** [ship-address-2] */
  shipAddress2: string;
  /** [ship-address-3] */
  shipAddress3: string;
  /** [ship-city] */
  shipCity: string;
  /** [ship-state] */
  shipState: string;
  /** [ship-postal-code] kept as text, so leading zeros and ZIP+4 survive. */
  shipPostalCode: string;
  /** [ship-country] */
  shipCountry: string;
}

export interface ParsedAmazonReport {
  /** Header names, trimmed and lower-cased, in file order. */
  columns: string[];
  /** Order lines whose field count matched the header, in file order. */
  rows: AmazonReportRow[];
  /** Non-empty lines skipped because their field count differed from the header's. */
  skippedLines: number;
}

const PARSE_CONFIG = { delimiter: '\t', newline: '\n', skipEmptyLines: 'greedy' } as const;
const FIELD_STARTS_WITH_QUOTE = /(?:^|\t)"/m;

/** True when the file name has the `.txt` extension Amazon uses for order reports (SPEC §5). */
export function isAmazonReportFileName(fileName: string): boolean {
  return /\.txt$/i.test(fileName.trim());
}

/**
 * Decodes the bytes of an uploaded report. UTF-8 (with or without BOM) and UTF-16 with BOM are decoded as such; bytes
 * that are not valid UTF-8 are read as Windows-1252, the encoding of older Amazon US/EU flat files, so 'José Müller'
 * survives either way. Use it instead of `File.text()`, which would turn Windows-1252 accents into U+FFFD.
 */
export function decodeAmazonReport(data: ArrayBuffer | Uint8Array): string {
  const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

/**
 * Parses the text of an Amazon "unshipped orders" report: TAB-separated, first line is the header.
 *
 * - A leading BOM is ignored; CRLF, LF and CR line ends are all accepted.
 * - Header names are matched case-insensitively after trimming; unknown columns are ignored.
 * - Empty (or whitespace-only) lines are skipped and not counted.
 * - Fields may be wrapped in double quotes (`"a\tb"`, `"say ""hi"""`), which may then hold tabs and line breaks. Amazon
 *   itself does not quote, so a field that merely starts with a quote (`"Deluxe" Widget`) is taken literally: when the
 *   quote-aware pass reports a malformed quote, the file is re-read as plain TSV and only fields that are entirely and
 *   validly quoted are unwrapped.
 * - Lines whose field count differs from the header's are skipped and counted in `skippedLines`.
 *
 * @throws AmazonError `invalid_file` ('File is empty or has invalid format') when there is no header or no valid line.
 */
export function parseAmazonReport(text: string): ParsedAmazonReport {
  const unmarked = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const normalised = unmarked.includes('\r') ? unmarked.replace(/\r\n?/g, '\n') : unmarked;
  // Quotes only matter at the start of a field; without such a quote papaparse's fast mode (plain split) gives the
  // same result several times faster — the usual case, as Amazon does not quote.
  const quoted = FIELD_STARTS_WITH_QUOTE.test(normalised);
  let records = Papa.parse<string[]>(normalised, { ...PARSE_CONFIG, fastMode: !quoted });
  if (quoted && records.errors.some((error) => error.type === 'Quotes')) {
    records = Papa.parse<string[]>(normalised, { ...PARSE_CONFIG, fastMode: true });
    records.data = records.data.map((fields) => fields.map(unwrapQuoted));
  }
  const [header, ...lines] = records.data;
  if (!header || lines.length === 0) throw new AmazonError('invalid_file');

  const columns = header.map((name) => name.trim().toLowerCase());
  const at = (column: string): number => columns.indexOf(column);
  const col = {
    orderId: at('order-id'),
    orderItemId: at('order-item-id'),
    purchaseDate: at('purchase-date'),
    sku: at('sku'),
    productName: at('product-name'),
    quantity: at('quantity-purchased'),
    recipientName: at('recipient-name'),
    buyerName: at('buyer-name'),
    buyerPhone: at('buyer-phone-number'),
    shipPhone: at('ship-phone-number'),
    shipAddress1: at('ship-address-1'),
    shipAddress2: at('ship-address-2'),
    shipAddress3: at('ship-address-3'),
    shipCity: at('ship-city'),
    shipState: at('ship-state'),
    shipPostalCode: at('ship-postal-code'),
    shipCountry: at('ship-country'),
  };

  const rows: AmazonReportRow[] = [];
  let skippedLines = 0;
  for (const fields of lines) {
    if (fields.length !== columns.length) {
      skippedLines++;
      continue;
    }
    rows.push({
      orderId: cell(fields, col.orderId),
      orderItemId: cell(fields, col.orderItemId),
      purchaseDate: cell(fields, col.purchaseDate),
      sku: cell(fields, col.sku),
      productName: cell(fields, col.productName),
      quantity: parseQuantity(cell(fields, col.quantity)),
      recipientName: cell(fields, col.recipientName),
      buyerName: cell(fields, col.buyerName),
      buyerPhone: cell(fields, col.buyerPhone) || cell(fields, col.shipPhone),
      shipAddress1: cell(fields, col.shipAddress1),
      shipAddress2: cell(fields, col.shipAddress2),
      shipAddress3: cell(fields, col.shipAddress3),
      shipCity: cell(fields, col.shipCity),
      shipState: cell(fields, col.shipState),
      shipPostalCode: cell(fields, col.shipPostalCode),
      shipCountry: cell(fields, col.shipCountry),
    });
  }
  if (rows.length === 0) throw new AmazonError('invalid_file');
  return { columns, rows, skippedLines };
}

function cell(fields: readonly string[], index: number): string {
  return index < 0 ? '' : (fields[index] ?? '').trim();
}

function parseQuantity(value: string): number {
  const quantity = Number.parseInt(value, 10);
  return Number.isFinite(quantity) && quantity >= 1 ? quantity : 1;
}

/** `"a ""b"""` → `a "b"`; anything that is not one well-formed quoted field is returned unchanged. */
function unwrapQuoted(field: string): string {
  const trimmed = field.trim();
  if (trimmed.length < 2 || !trimmed.startsWith('"') || !trimmed.endsWith('"')) return field;
  const inner = trimmed.slice(1, -1);
  if (inner.replaceAll('""', '').includes('"')) return field;
  return inner.replaceAll('""', '"');
}
