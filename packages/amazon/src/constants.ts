import {
  BULK_CSV_AMAZON_COLUMNS,
  BULK_CSV_REFERENCE_COLUMN,
  BULK_CSV_COLUMNS as SPEC_BULK_CSV_COLUMNS,
} from '@labeldesk/contracts';

/** Carrier used for every label produced by the Amazon converter (SPEC §2: "carrier fixed to UPS"). */
export const AMAZON_CARRIER = 'UPS' as const;

/** Number of orders shown in the results preview (SPEC §9). */
export const AMAZON_PREVIEW_LIMIT = 10;

/** Maximum length of a CSV file name inside a grouped ZIP, without the `.csv` extension (SPEC §5). */
export const ZIP_ENTRY_NAME_MAX = 30;

/**
 * Columns of the bulk-order CSV the converter emits, in this exact order: the contract's SPEC §3 "CSV columns for bulk",
 * then the three Amazon columns the converter adds, then `reference`, the text printed on the label (issue 24: the
 * order id and SKU). One list, shared with the bulk-order screen and the API.
 */
export const BULK_CSV_COLUMNS = [
  ...SPEC_BULK_CSV_COLUMNS,
  ...BULK_CSV_AMAZON_COLUMNS,
  BULK_CSV_REFERENCE_COLUMN,
] as const;
export type BulkCsvColumn = (typeof BULK_CSV_COLUMNS)[number];

/** One line of the bulk CSV: every cell is the exact text written to the file (before CSV-safety escaping). */
export type BulkCsvRow = Record<BulkCsvColumn, string>;

/** User-facing texts, verbatim from SPEC §2, §5 and §8. */
export const AMAZON_MESSAGES = {
  invalidFile: 'File is empty or has invalid format',
  noSkus: 'No SKUs found in the uploaded file. Please ensure your Amazon orders file contains SKU data.',
  noGroupingMethod: 'Please select a grouping method (SKU or Product Name) first',
  noSkusToGroup: 'No SKUs found to group by',
  noProductsToGroup: 'No product names found to group by',
  noRows: 'No orders to download',
  loading: 'Processing data...',
  emptyState: 'No Data Yet',
} as const;
