import {
  BULK_CSV_BLANKABLE_COLUMNS,
  BULK_CSV_COLUMNS,
  BULK_CSV_OPTIONAL_COLUMNS,
  BULK_MESSAGES,
  type BulkCsvColumn,
  type BulkCsvRowData,
  MAX_BULK_FILE_MB,
  MAX_BULK_ROWS,
} from '@labeldesk/contracts';
import Papa from 'papaparse';

/** Every column a bulk CSV may have: the SPEC §3 ones, then the Amazon converter's. */
export const ALL_BULK_CSV_COLUMNS: readonly BulkCsvColumn[] = [...BULK_CSV_COLUMNS, ...BULK_CSV_OPTIONAL_COLUMNS];
/** Columns a file must have: the SPEC §3 ones except the optional address lines and the description. */
export const REQUIRED_BULK_CSV_COLUMNS: readonly BulkCsvColumn[] = BULK_CSV_COLUMNS.filter(
  (column) => !(BULK_CSV_BLANKABLE_COLUMNS as readonly string[]).includes(column),
);
export const MAX_BULK_FILE_BYTES = MAX_BULK_FILE_MB * 1024 * 1024;

/** A parsed bulk CSV: one row per non-empty data line, every known column present ('' when absent from the file). */
export interface BulkCsv {
  /** The header as found in the file, trimmed, in file order. */
  columns: string[];
  rows: BulkCsvRowData[];
}

export type BulkCsvResult = { ok: true; csv: BulkCsv } | { ok: false; error: string };

/** What the screen knows of a chosen file before reading it (a File, or a test's stand-in). */
export interface BulkFileInfo {
  name: string;
  size: number;
  type?: string;
}

/** Browsers report a .csv as one of these (Windows with Excel installed says application/vnd.ms-excel). */
const CSV_TYPES = new Set(['', 'text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel', 'text/x-csv']);

/**
 * SPEC §5 "only .csv", plus the size limit: the name must end in .csv (any case) and the browser's type, when it gives
 * one, must be a CSV-ish one; the file must not be empty nor larger than MAX_BULK_FILE_MB. Null when the file may be
 * read.
 */
export function checkBulkFile(file: BulkFileInfo): string | null {
  if (!/\.csv$/i.test(file.name.trim()) || !CSV_TYPES.has((file.type ?? '').toLowerCase()))
    return BULK_MESSAGES.onlyCsv;
  if (file.size > MAX_BULK_FILE_BYTES) return BULK_MESSAGES.fileTooLarge(MAX_BULK_FILE_MB);
  if (file.size === 0) return BULK_MESSAGES.noData;
  return null;
}

/**
 * The file's text, or null when its bytes are not UTF-8 (a sheet saved as "CSV" in a legacy code page: guessing its
 * encoding would silently turn 'Müller' into 'MÃ¼ller' on a label). A UTF-8 byte-order mark is dropped.
 */
export function decodeBulkCsv(bytes: ArrayBuffer | Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/**
 * Parses the text of a bulk CSV (SPEC §5: header row used, empty lines skipped): RFC 4180 quoting, so commas, quotes
 * and line breaks inside quoted cells are kept; header names trimmed; lines holding only commas and spaces count as
 * empty. Refused, with the first problem found:
 * - no header or no data line → 'No data to validate';
 * - a required column missing, or a column the bulk CSV does not know → the contract's texts (all such columns named);
 * - more than MAX_BULK_ROWS data lines;
 * - a quoting or field-count error → 'Error parsing CSV: Row N: {papaparse's message}' (N = data line, from 1).
 * Cells are kept exactly as written (a formula-looking cell is the server's to refuse, row by row).
 */
export function parseBulkCsv(text: string): BulkCsvResult {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const parsed = Papa.parse<Record<string, string | undefined>>(source, {
    header: true,
    // A bulk CSV is comma-separated: no guessing (a one-column file would otherwise be an 'undetectable delimiter').
    delimiter: ',',
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    // One past the limit is enough to know the file is too long, without reading the rest.
    preview: MAX_BULK_ROWS + 1,
  });
  const columns = (parsed.meta.fields ?? []).filter((column) => column !== '');
  if (columns.length === 0) return { ok: false, error: BULK_MESSAGES.noData };

  const known = new Set<string>(ALL_BULK_CSV_COLUMNS);
  const unknown = columns.filter((column) => !known.has(column));
  const missing = REQUIRED_BULK_CSV_COLUMNS.filter((column) => !columns.includes(column));
  if (missing.length > 0) return { ok: false, error: BULK_MESSAGES.missingColumns(missing) };
  if (unknown.length > 0) return { ok: false, error: BULK_MESSAGES.unknownColumns(unknown) };

  const firstError = parsed.errors[0];
  if (firstError) {
    // Papaparse counts a quoting error's row with the header line, a field-count error's without it.
    const row = typeof firstError.row === 'number' ? firstError.row + (firstError.type === 'Quotes' ? 0 : 1) : null;
    const where = row === null ? '' : `Row ${row}: `;
    return { ok: false, error: BULK_MESSAGES.parseError(`${where}${firstError.message}`) };
  }
  if (parsed.data.length > MAX_BULK_ROWS) return { ok: false, error: BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS) };
  if (parsed.data.length === 0) return { ok: false, error: BULK_MESSAGES.noData };

  const rows = parsed.data.map((record) => {
    const row = {} as BulkCsvRowData;
    for (const column of ALL_BULK_CSV_COLUMNS) row[column] = record[column] ?? '';
    return row;
  });
  return { ok: true, csv: { columns, rows } };
}

/** A chosen file, checked, decoded and parsed (see checkBulkFile, decodeBulkCsv, parseBulkCsv). */
export async function readBulkCsvFile(file: BulkFileInfo & Pick<Blob, 'arrayBuffer'>): Promise<BulkCsvResult> {
  const refused = checkBulkFile(file);
  if (refused) return { ok: false, error: refused };
  let bytes: ArrayBuffer;
  try {
    bytes = await file.arrayBuffer();
  } catch (e) {
    return {
      ok: false,
      error: BULK_MESSAGES.parseError(e instanceof Error ? e.message : 'the file could not be read'),
    };
  }
  const text = decodeBulkCsv(bytes);
  if (text === null) return { ok: false, error: BULK_MESSAGES.notUtf8 };
  return parseBulkCsv(text);
}
