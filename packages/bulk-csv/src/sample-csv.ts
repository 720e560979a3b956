import {
  BULK_CSV_COLUMNS,
  BULK_CSV_REFERENCE_COLUMN,
  type BulkCsvRowData,
  SAMPLE_BULK_CSV_NAME,
} from '@labeldesk/contracts';
import { csvTable } from '@labeldesk/csv';

/** The sample's columns: the SPEC §3 ones in order, then the optional `reference` printed on the label (issue 24). */
export const SAMPLE_BULK_CSV_COLUMNS = [...BULK_CSV_COLUMNS, BULK_CSV_REFERENCE_COLUMN] as const;
type SampleRow = Record<(typeof SAMPLE_BULK_CSV_COLUMNS)[number], string>;

/**
 * The two rows of the sample file (SPEC §9): real-looking US addresses, one business-to-home parcel and one
 * home-to-business parcel with a company line, a second address line and a description holding a comma (so the file
 * also shows how a quoted cell looks). The carrier and service are picked on the screen for the whole bulk order: the
 * SPEC's "mixed carriers" is only the file's name.
 */
export const SAMPLE_BULK_ROWS: readonly SampleRow[] = [
  {
    fromName: 'Maya Chen',
    fromCompany: 'Northwind Ceramics',
    fromStreet1: '1200 Market St',
    fromStreet2: 'Suite 400',
    fromCity: 'San Francisco',
    fromState: 'CA',
    fromZip: '94103',
    fromPhone: '415-555-0132',
    toName: 'Daniel Okafor',
    toCompany: '',
    toStreet1: '350 W 42nd St',
    toStreet2: 'Apt 12B',
    toCity: 'New York',
    toState: 'NY',
    toZip: '10036',
    toPhone: '212-555-0147',
    weight: '2.5',
    length: '12',
    width: '9',
    height: '4',
    description: 'Stoneware mug set',
    reference: 'PO-1042',
  },
  {
    fromName: 'Luis Romero',
    fromCompany: '',
    fromStreet1: '4821 N Lincoln Ave',
    fromStreet2: '',
    fromCity: 'Chicago',
    fromState: 'IL',
    fromZip: '60625',
    fromPhone: '773-555-0186',
    toName: 'Priya Natarajan',
    toCompany: 'Lakeview Dental Group',
    toStreet1: '2200 Ross Ave',
    toStreet2: 'Floor 3',
    toCity: 'Dallas',
    toState: 'TX',
    toZip: '75201',
    toPhone: '214-555-0193',
    weight: '0.8',
    length: '10',
    width: '7',
    height: '2',
    description: 'Paperback books, 2 pcs',
    reference: '',
  },
];

export interface TextDownload {
  fileName: string;
  /** The CSV text. In a browser: `new Blob([content], { type: mimeType })`. */
  content: string;
  mimeType: 'text/csv;charset=utf-8';
}

/**
 * The sample bulk CSV download: SAMPLE_BULK_CSV_NAME, the SPEC §3 columns in order then `reference` (one row with a
 * reference, one without: the column is optional), the two sample rows.
 */
export function sampleBulkCsv(): TextDownload {
  const rows = SAMPLE_BULK_ROWS.map((row) => SAMPLE_BULK_CSV_COLUMNS.map((column) => row[column]));
  return {
    fileName: SAMPLE_BULK_CSV_NAME,
    content: csvTable(SAMPLE_BULK_CSV_COLUMNS, rows),
    mimeType: 'text/csv;charset=utf-8',
  };
}

/** The sample rows as the parser returns them (every known column, the Amazon ones empty). */
export function sampleBulkRows(): BulkCsvRowData[] {
  return SAMPLE_BULK_ROWS.map((row) => ({ ...row, orderNumber: '', sku: '', productName: '' }));
}
