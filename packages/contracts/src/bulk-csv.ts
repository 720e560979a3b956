import { z } from 'zod';
import { parseDecimalText } from './number-text';
import { type CreateOrderRequest, ORDER_MESSAGES } from './orders';
import type { Carrier } from './providers';

/**
 * Bulk order rows before they are orders (SPEC §3 CSV columns; §5 bulk rules; §8 bulk texts; §9 file names, sample
 * CSV): the bulk texts, the limits and the CSV row. Split from bulk.ts (the calls and the bulk order).
 */

// Messages (SPEC §5, §8) ---------------------------------------------------------------------------------------------

export const BULK_MESSAGES = {
  selectValidOrder: 'Please select at least one valid order',
  noData: 'No data to validate',
  insufficientBalance: ORDER_MESSAGES.insufficientBalance,
  validationFailed: 'Validation failed',
  validateFailed: 'Failed to validate CSV data',
  parseError: (message: string) => `Error parsing CSV: ${message}`,
  processingFailed: 'Processing failed',
  processFailed: 'Failed to process bulk order',
  loadDetailsFailed: 'Failed to load bulk order details',
  downloadLabelsFailed: 'Failed to download combined labels',
  downloadCsvFailed: 'Failed to download CSV',
  downloadTrackingsFailed: 'Failed to download trackings CSV',
  loadFailed: 'Failed to load bulk orders',
  onlyCsv: 'Please upload a .csv file',
  missingColumns: (columns: string[]) => `The CSV file is missing required columns: ${columns.join(', ')}`,
  unknownColumns: (columns: string[]) => `The CSV file has unknown columns: ${columns.join(', ')}`,
  tooManyRows: (max: number) => `A bulk order can have at most ${max.toLocaleString('en-US')} rows`,
  fileTooLarge: (maxMb: number) => `The CSV file is too large (at most ${maxMb} MB)`,
  notUtf8: 'The CSV file is not valid UTF-8 text. Please save it as UTF-8 (CSV UTF-8) and try again.',
  rowNotSelectedValid: (rowIndex: number) => `Row ${rowIndex + 1} is not valid`,
  duplicateRow: (rowIndex: number) => `Row ${rowIndex + 1} appears more than once`,
  totalMismatch: (total: string) =>
    `The total of this bulk order changed to ${total}. Please review the new prices and submit again.`,
  bulkOrderNotFound: 'Bulk order not found',
  labelsNotReady: 'No labels are available for this bulk order yet',
  noFailedRows: 'This bulk order has no failed rows',
  started: 'Bulk order created. Labels are being created in the background.',
  completed: 'Bulk order completed: all labels were created.',
  partial: 'Bulk order completed with some failures.',
  failed: 'Bulk order failed: no labels could be created. The amount was refunded to your balance.',
  /** Refund reasons of the rows a stopped bulk order had not bought yet (one ledger credit per row). */
  cancelledRow: 'Cancelled before the label was bought. The amount was refunded to your balance.',
  cancelledByAdminRow:
    'Cancelled by an administrator before the label was bought. The amount was refunded to your balance.',
  deadlineRow: (hours: number) =>
    `Not bought within ${hours} ${hours === 1 ? 'hour' : 'hours'}. The amount was refunded to your balance.`,
  /** POST …/cancel answers. */
  cancelled: (rows: number, amount: string) =>
    `Bulk order cancelled: ${rows} ${rows === 1 ? 'label' : 'labels'} not bought, ${amount} refunded to your balance.`,
  nothingToCancel: 'Nothing left to cancel: every row of this bulk order is already bought or refunded.',
  /** Why an open row waits (its row state `retrying`). */
  rowRateLimited: 'The carrier asked us to slow down; this label will be tried again.',
  rowUnanswered: 'The carrier did not answer; this label will be tried again.',
  /**
   * A cell that starts with =, +, - or @ (or a tab/CR) would run as a formula in a spreadsheet. Row errors all read
   * `column: Sentence` ('toCity: City is required').
   */
  formulaCell: (column: string) => `${column}: Must not start with =, +, -, @ or a tab`,
  invalidNumber: (column: string) => `${column}: Must be a number`,
} as const;

// Limits ------------------------------------------------------------------------------------------------------------

/** Rows one bulk order may hold (validate and process refuse more). */
export const MAX_BULK_ROWS = 10_000;
/** The largest CSV file the screen reads. */
export const MAX_BULK_FILE_MB = 10;
/** Longest cell accepted (characters). */
export const MAX_BULK_CELL = 500;

/** Polling interval of a running bulk order (SPEC §9). */
export const BULK_POLL_MS = 3_000;

// CSV (SPEC §3) ------------------------------------------------------------------------------------------------------

/** Required CSV columns, in the SPEC's order. */
export const BULK_CSV_COLUMNS = [
  'fromName',
  'fromCompany',
  'fromStreet1',
  'fromStreet2',
  'fromCity',
  'fromState',
  'fromZip',
  'fromPhone',
  'toName',
  'toCompany',
  'toStreet1',
  'toStreet2',
  'toCity',
  'toState',
  'toZip',
  'toPhone',
  'weight',
  'length',
  'width',
  'height',
  'description',
] as const;
/** Columns the Amazon converter adds; optional. */
export const BULK_CSV_AMAZON_COLUMNS = ['orderNumber', 'sku', 'productName'] as const;
/** The order's reference printed on the label (issue 24; at most ORDER_REFERENCE_MAX characters); optional. */
export const BULK_CSV_REFERENCE_COLUMN = 'reference';
/** Optional columns accepted beside the required ones. */
export const BULK_CSV_OPTIONAL_COLUMNS = [...BULK_CSV_AMAZON_COLUMNS, BULK_CSV_REFERENCE_COLUMN] as const;
/** Columns that may be absent from a file (filled with ''): the optional address lines and the description. */
export const BULK_CSV_BLANKABLE_COLUMNS = [
  'fromCompany',
  'fromStreet2',
  'toCompany',
  'toStreet2',
  'description',
] as const;
export type BulkCsvColumn = (typeof BULK_CSV_COLUMNS)[number] | (typeof BULK_CSV_OPTIONAL_COLUMNS)[number];

const cell = z.string().max(MAX_BULK_CELL, `Cells can be at most ${MAX_BULK_CELL} characters`);

/** One CSV row as parsed (every value text, as in the file). Unknown keys are refused. */
export const BulkCsvRow = z
  .object({
    fromName: cell.default(''),
    fromCompany: cell.default(''),
    fromStreet1: cell.default(''),
    fromStreet2: cell.default(''),
    fromCity: cell.default(''),
    fromState: cell.default(''),
    fromZip: cell.default(''),
    fromPhone: cell.default(''),
    toName: cell.default(''),
    toCompany: cell.default(''),
    toStreet1: cell.default(''),
    toStreet2: cell.default(''),
    toCity: cell.default(''),
    toState: cell.default(''),
    toZip: cell.default(''),
    toPhone: cell.default(''),
    weight: cell.default(''),
    length: cell.default(''),
    width: cell.default(''),
    height: cell.default(''),
    description: cell.default(''),
    orderNumber: cell.default(''),
    sku: cell.default(''),
    productName: cell.default(''),
    reference: cell.default(''),
  })
  .strict();
export type BulkCsvRow = z.input<typeof BulkCsvRow>;
export type BulkCsvRowData = z.output<typeof BulkCsvRow>;

/** The sample file (SPEC §9: a fixed mixed-carriers name with two rows). */
export const SAMPLE_BULK_CSV_NAME = 'sample_bulk_order_mixed_carriers.csv';

/**
 * The order a CSV row asks for, in the shape of POST /api/orders (weight in lbs; SPEC §3 CSV has no unit column), or
 * null when a number cell is not a number (the caller reports `invalidNumber`). Validation of the result is
 * CreateOrderRequest's, so a bulk row and a manual order obey the same rules and texts (SPEC §5).
 */
export function bulkRowToOrderRequest(
  row: BulkCsvRowData,
  selection: { apiId: string; carrier: Carrier; service: string; template?: string | null | undefined },
): CreateOrderRequest {
  const num = (v: string): number => parseDecimalText(v) ?? Number.NaN;
  return {
    apiId: selection.apiId,
    carrier: selection.carrier,
    serviceType: selection.service,
    sender: {
      name: row.fromName,
      company: row.fromCompany,
      street1: row.fromStreet1,
      street2: row.fromStreet2,
      city: row.fromCity,
      state: row.fromState,
      zip: row.fromZip,
      country: 'US',
      phone: row.fromPhone,
    },
    recipient: {
      name: row.toName,
      company: row.toCompany,
      street1: row.toStreet1,
      street2: row.toStreet2,
      city: row.toCity,
      state: row.toState,
      zip: row.toZip,
      country: 'US',
      phone: row.toPhone,
    },
    packageDetails: {
      weight: num(row.weight),
      weightUnit: 'lbs',
      length: num(row.length),
      width: num(row.width),
      height: num(row.height),
      description: row.description,
      template: selection.template ?? undefined,
    },
    // Blank is no reference (an older file has no such column).
    ...(row.reference.trim() ? { reference: row.reference } : {}),
  };
}
