/**
 * @labeldesk/csv — the one CSV writer of LabelDesk, shared by the browser (Amazon converter, exports built from API
 * data) and the API (failed bulk rows): RFC 4180 as papaparse's `unparse` writes it, every cell made safe against
 * spreadsheet formula injection. Pure and dependency-free, so it runs in the browser, on Node and in workerd.
 */

/** A value that can go into a CSV cell. */
export type CsvCell = string | number | bigint | boolean | null | undefined;

/** Signed numbers and phone numbers: digits, spaces, parentheses, dots and dashes only, at least one digit. */
const NUMBER_OR_PHONE = /^[+-]?[( ]*\d[\d ().-]*$/;

/**
 * Makes one cell safe against spreadsheet formula injection (OWASP "CSV Injection"): text starting with `=`, `+`, `-`,
 * `@` (ASCII or full-width), TAB or CR gets a leading apostrophe, so Excel, LibreOffice and Google Sheets show it as text instead of running
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
  if (!startsLikeFormula(value) || NUMBER_OR_PHONE.test(value)) return value;
  return `'${value}`;
}

/**
 * The first character is = + - @ TAB or CR, or a full-width ＝ ＋ － ＠ (U+FF1D, U+FF0B, U+FF0D, U+FF20), which
 * spreadsheets in CJK locales and some importers normalise to the ASCII forms and then run (char codes, not a regex:
 * this runs for every cell of every export).
 */
function startsLikeFormula(value: string): boolean {
  const first = value.charCodeAt(0);
  if (first < 0xff00)
    return first === 61 || first === 43 || first === 45 || first === 64 || first === 9 || first === 13;
  return first === 0xff1d || first === 0xff0b || first === 0xff0d || first === 0xff20;
}

const NEEDS_QUOTES = /[",\r\n]|^ | $/;

/** RFC 4180 encoding of one (already safe) cell: quoted when it holds a comma, quote or line break, or starts or ends
 * with a space (the rules of papaparse's `unparse`); inner quotes doubled. */
function encodeCell(cell: string): string {
  return NEEDS_QUOTES.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell;
}

/** One CSV line (no line break), every cell passed through {@link csvSafeCell}. */
export function csvLine(cells: readonly CsvCell[]): string {
  let line = '';
  for (let column = 0; column < cells.length; column++) {
    if (column > 0) line += ',';
    line += encodeCell(csvSafeCell(cells[column]));
  }
  return line;
}

/**
 * Generic CSV writer for any export (header + records), every cell passed through {@link csvSafeCell}. Output is RFC
 * 4180 as papaparse's `unparse` writes it (see `encodeCell`), CRLF line ends, no BOM, no trailing line break; the tests
 * read it back with `Papa.parse`. Hand-rolled rather than `Papa.unparse` for speed: on the 13,000-row CSV of the
 * 10,000-line Amazon benchmark unparse needed ~1.7× the CPU time (≈190 ms vs ≈110 ms); the bytes are identical, which
 * the Amazon large-report test checks.
 */
export function csvTable(header: readonly string[], records: ReadonlyArray<readonly CsvCell[]>): string {
  const lines = new Array<string>(records.length + 1);
  lines[0] = csvLine(header);
  for (let index = 0; index < records.length; index++) lines[index + 1] = csvLine(records[index] ?? []);
  return lines.join('\r\n');
}
