import Papa from 'papaparse';
import { BULK_CSV_COLUMNS, type BulkCsvRow } from './constants';

/** A value that can go into a CSV cell. */
export type CsvCell = string | number | bigint | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
/** Signed numbers and phone numbers: digits, spaces, parentheses, dots and dashes only, at least one digit. */
const NUMBER_OR_PHONE = /^[+-]?[( ]*\d[\d ().-]*$/;

/**
 * Makes one cell safe against spreadsheet formula injection (OWASP "CSV Injection"): text starting with `=`, `+`, `-`,
 * `@`, TAB or CR gets a leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text instead of running
 * it ('=HYPERLINK(…)' → "'=HYPERLINK(…)", '@SUM(A1)' → "'@SUM(A1)").
 *
 * Exception, by design: text made only of an optional leading + or -, digits, spaces, parentheses, dots and dashes
 * (with at least one digit) is left alone — '+1 555-555-0100', '-12.50', '+44 (20) 7946 0958'. Such text cannot name a
 * function, a cell or a DDE target, so it cannot inject anything, and escaping it would corrupt phone numbers (and the
 * negative amounts of the deposit export) when the CSV is read back by a program. Numbers, bigints and booleans are
 * written as `String(value)`; null and undefined as ''.
 */
export function csvSafeCell(value: CsvCell): string {
  if (value === null || value === undefined) return '';
  if (typeof value !== 'string') return String(value);
  if (!FORMULA_START.test(value) || NUMBER_OR_PHONE.test(value)) return value;
  return `'${value}`;
}

/**
 * Generic CSV writer for any export (header + records), every cell passed through {@link csvSafeCell}. Quoting follows
 * RFC 4180 (papaparse: cells with a comma, quote, line break or edge spaces are quoted, quotes doubled); lines end with
 * CRLF; no BOM and no trailing line break.
 */
export function csvTable(header: readonly string[], records: ReadonlyArray<readonly CsvCell[]>): string {
  return Papa.unparse(
    { fields: header.map(csvSafeCell), data: records.map((record) => record.map(csvSafeCell)) },
    { newline: '\r\n' },
  );
}

/** The bulk CSV: header row {@link BULK_CSV_COLUMNS} in that order, then one line per row. */
export function toCsv(rows: readonly BulkCsvRow[]): string {
  return csvTable(
    BULK_CSV_COLUMNS,
    rows.map((row) => BULK_CSV_COLUMNS.map((column) => row[column])),
  );
}
