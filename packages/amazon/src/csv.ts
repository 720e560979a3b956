import { csvLine } from '@labeldesk/csv';
import { BULK_CSV_COLUMNS, type BulkCsvColumn, type BulkCsvRow } from './constants';

/** The CSV writer and its formula-injection guard live in @labeldesk/csv (shared with the API); re-exported here. */
export { type CsvCell, csvSafeCell, csvTable } from '@labeldesk/csv';

/** The bulk CSV: header row {@link BULK_CSV_COLUMNS} in that order, then one line per row. */
export function toCsv(rows: readonly BulkCsvRow[]): string {
  const lines = new Array<string>(rows.length + 1);
  lines[0] = csvLine(BULK_CSV_COLUMNS);
  const cells = new Array<string>(BULK_CSV_COLUMNS.length);
  for (let index = 0; index < rows.length; index++) {
    const row = rows[index] as BulkCsvRow;
    for (let column = 0; column < BULK_CSV_COLUMNS.length; column++) {
      cells[column] = row[BULK_CSV_COLUMNS[column] as BulkCsvColumn];
    }
    lines[index + 1] = csvLine(cells);
  }
  return lines.join('\r\n');
}
