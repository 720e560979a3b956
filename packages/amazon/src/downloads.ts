import JSZip from 'jszip';
import { type BulkCsvRow, ZIP_ENTRY_NAME_MAX } from './constants';
import { toCsv } from './csv';
import { AmazonError } from './errors';
import { fileNames } from './file-names';

/** How the ZIP download splits the rows: one CSV per SKU or per product name. */
export type GroupMethod = 'sku' | 'productName';

export interface RowGroup {
  /** The SKU or product name shared by the rows ('' for rows that have none). */
  key: string;
  rows: BulkCsvRow[];
}

export interface CsvDownload {
  fileName: string;
  /** The CSV text (see `toCsv`). In a browser: `new Blob([content], { type: mimeType })`. */
  content: string;
  mimeType: 'text/csv;charset=utf-8';
}

export interface ZipEntry {
  /** Name inside the ZIP, e.g. `WIDGET_BLUE_12.csv`. */
  name: string;
  key: string;
  rowCount: number;
}

export interface ZipDownload {
  fileName: string;
  /** The ZIP bytes. In a browser: `new Blob([data], { type: mimeType })`. */
  data: Uint8Array<ArrayBuffer>;
  mimeType: 'application/zip';
  /** One per CSV file, in group order. */
  entries: ZipEntry[];
}

/**
 * The single-file download: Amazon_Orders_{YYYY-MM-DD}.csv with all rows.
 *
 * @throws AmazonError `no_rows` ('No orders to download') when `rows` is empty.
 */
export function buildCsvFile(rows: readonly BulkCsvRow[], date: Date = new Date()): CsvDownload {
  if (rows.length === 0) throw new AmazonError('no_rows');
  return { fileName: fileNames(date).csv, content: toCsv(rows), mimeType: 'text/csv;charset=utf-8' };
}

/**
 * Splits rows by SKU or product name, groups in first-seen order, rows in their original order. Rows without a value
 * for the chosen key form one group with key ''.
 *
 * @throws AmazonError, checked in this order: `no_grouping_method` ('Please select a grouping method (SKU or Product
 *   Name) first') when `method` is not 'sku' or 'productName'; `no_rows` ('No orders to download') when `rows` is
 *   empty; `no_skus_to_group` ('No SKUs found to group by') / `no_products_to_group` ('No product names found to group
 *   by') when no row has a value for the key.
 */
export function groupRows(rows: readonly BulkCsvRow[], method: GroupMethod | null | undefined | ''): RowGroup[] {
  if (method !== 'sku' && method !== 'productName') throw new AmazonError('no_grouping_method');
  if (rows.length === 0) throw new AmazonError('no_rows');
  const groups = new Map<string, BulkCsvRow[]>();
  for (const row of rows) {
    const key = row[method].trim();
    const group = groups.get(key);
    if (group) group.push(row);
    else groups.set(key, [row]);
  }
  if (groups.size === 1 && groups.has('')) {
    throw new AmazonError(method === 'sku' ? 'no_skus_to_group' : 'no_products_to_group');
  }
  return [...groups].map(([key, grouped]) => ({ key, rows: grouped }));
}

/**
 * A file-name stem for a group (SPEC §5): the first 30 characters (code points) of `text`, each one that is not an ASCII
 * letter or digit replaced by '_'. 'Mug, Ceramic 11oz' → 'Mug__Ceramic_11oz'; '山田 Tee' → '___Tee'.
 */
export function safeFileStem(text: string, max: number = ZIP_ENTRY_NAME_MAX): string {
  return Array.from(text)
    .slice(0, max)
    .map((char) => (/^[A-Za-z0-9]$/.test(char) ? char : '_'))
    .join('');
}

/**
 * Names of the CSV files inside the ZIP, one per group: `safeFileStem(key)` + '.csv'; the group without a key is
 * 'No_SKU' / 'No_Product_Name'. Two stems that collide — equal ignoring case, since Windows and macOS would overwrite
 * one with the other on extraction — get '_2', '_3', … with the stem shortened so it stays within 30 characters.
 */
export function zipEntryNames(groups: readonly RowGroup[], method: GroupMethod): string[] {
  const taken = new Set<string>();
  return groups.map((group) => {
    const stem = group.key ? safeFileStem(group.key) : method === 'sku' ? 'No_SKU' : 'No_Product_Name';
    let name = stem;
    for (let n = 2; taken.has(name.toLowerCase()); n++) {
      const suffix = `_${n}`;
      name = stem.slice(0, ZIP_ENTRY_NAME_MAX - suffix.length) + suffix;
    }
    taken.add(name.toLowerCase());
    return `${name}.csv`;
  });
}

/**
 * The grouped download: a ZIP named Amazon_Orders_By_SKU_{date}.zip or Amazon_Orders_By_Product_{date}.zip holding one
 * bulk CSV (see `toCsv`) per group, named by {@link zipEntryNames}. Entries carry `date` as their modification time.
 *
 * @throws AmazonError `no_rows` ('No orders to download') when there is no group or every group is empty.
 */
export async function buildZip(
  groups: readonly RowGroup[],
  method: GroupMethod,
  date: Date = new Date(),
): Promise<ZipDownload> {
  const filled = groups.filter((group) => group.rows.length > 0);
  if (filled.length === 0) throw new AmazonError('no_rows');
  const zip = new JSZip();
  const names = zipEntryNames(filled, method);
  const entries = filled.map((group, index): ZipEntry => {
    const name = names[index] ?? `group_${index + 1}.csv`;
    zip.file(name, toCsv(group.rows), { date });
    return { name, key: group.key, rowCount: group.rows.length };
  });
  const buffer = await zip.generateAsync({ type: 'arraybuffer', compression: 'DEFLATE' });
  const download = fileNames(date);
  return {
    fileName: method === 'sku' ? download.zipBySku : download.zipByProduct,
    data: new Uint8Array(buffer),
    mimeType: 'application/zip',
    entries,
  };
}

/** 'Successfully generated ZIP file with N CSV files.' (SPEC §8) */
export function zipSuccessMessage(zip: Pick<ZipDownload, 'entries'>): string {
  return `Successfully generated ZIP file with ${zip.entries.length} CSV files.`;
}
