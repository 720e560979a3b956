import JSZip from 'jszip';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS, type BulkCsvRow } from './constants';
import { convertOrders } from './convert-orders';
import { toCsv } from './csv';
import {
  buildCsvFile,
  buildZip,
  type GroupMethod,
  groupRows,
  type RowGroup,
  safeFileStem,
  zipEntryNames,
  zipSuccessMessage,
} from './downloads';
import { AmazonError } from './errors';
import { parseAmazonReport } from './parse-report';
import { fixtureText } from './testing/fixtures';

const sender = { name: 'Shop', street1: '1 Main St', city: 'Reno', state: 'NV', zip: '89501' };
const box = { weight: 1, length: 2, width: 3, height: 4 };
const converted = convertOrders(parseAmazonReport(fixtureText('unshipped-orders.txt')).rows, {
  sender,
  dimensions: { 'WIDGET-BLUE-12': box, 'MUG-CER-11OZ': box, 'TSHIRT-M-BLK': box },
  splitByQuantity: true,
}).rows;
// Local 7 March 2025, 23:30 — late evening, so a UTC-based date would be wrong east of Greenwich.
const march7 = new Date(2025, 2, 7, 23, 30);

function row(sku: string, productName: string, orderNumber = '1'): BulkCsvRow {
  const base = Object.fromEntries(BULK_CSV_COLUMNS.map((column) => [column, ''])) as BulkCsvRow;
  return { ...base, sku, productName, orderNumber, description: productName };
}

async function unzip(data: Uint8Array): Promise<Map<string, string[][]>> {
  const zip = await JSZip.loadAsync(data);
  const files = new Map<string, string[][]>();
  for (const file of Object.values(zip.files)) {
    const csv = await file.async('string');
    files.set(file.name, Papa.parse<string[]>(csv, { skipEmptyLines: true }).data);
  }
  return files;
}

function thrown(run: () => unknown): AmazonError {
  try {
    run();
  } catch (error) {
    if (error instanceof AmazonError) return error;
    throw error;
  }
  throw new Error('expected an AmazonError');
}

describe('groupRows', () => {
  it('groups by SKU in first-seen order keeping row order', () => {
    const groups = groupRows(converted, 'sku');
    expect(groups.map((group) => [group.key, group.rows.length])).toEqual([
      ['WIDGET-BLUE-12', 3],
      ['MUG-CER-11OZ', 3],
      ['TSHIRT-M-BLK', 2],
    ]);
    expect(groups[0]?.rows.map((r) => r.description)).toEqual([
      'Blue Widget 12" Deluxe',
      'Blue Widget 12" Deluxe (1/2)',
      'Blue Widget 12" Deluxe (2/2)',
    ]);
  });

  it('groups by product name', () => {
    const groups = groupRows([row('A', 'Apple'), row('B', 'Pear'), row('C', 'Apple')], 'productName');
    expect(groups.map((group) => [group.key, group.rows.map((r) => r.sku)])).toEqual([
      ['Apple', ['A', 'C']],
      ['Pear', ['B']],
    ]);
  });

  it.each([undefined, null, ''] as const)('asks for a grouping method when it is %j', (method) => {
    const error = thrown(() => groupRows(converted, method));
    expect(error.message).toBe('Please select a grouping method (SKU or Product Name) first');
    expect(error.code).toBe('no_grouping_method');
  });

  it('checks the method before the rows, then the rows, then the keys', () => {
    expect(thrown(() => groupRows([], undefined)).message).toBe(
      'Please select a grouping method (SKU or Product Name) first',
    );
    expect(thrown(() => groupRows([], 'sku')).message).toBe('No orders to download');
    expect(thrown(() => groupRows([row('', 'Apple'), row(' ', 'Pear')], 'sku')).message).toBe(
      'No SKUs found to group by',
    );
    expect(thrown(() => groupRows([row('A', ''), row('B', '')], 'productName')).message).toBe(
      'No product names found to group by',
    );
  });

  it('puts rows without a key into one group when other rows have one', () => {
    const groups = groupRows([row('A', ''), row('B', 'Pear'), row('C', '')], 'productName');
    expect(groups.map((group) => [group.key, group.rows.length])).toEqual([
      ['', 2],
      ['Pear', 1],
    ]);
  });
});

describe('ZIP entry names', () => {
  it('cuts to 30 characters and replaces every non-alphanumeric character with an underscore', () => {
    expect(safeFileStem('Ceramic Coffee Mug, 11oz, White — Gift Edition')).toBe('Ceramic_Coffee_Mug__11oz__Whit');
    expect(safeFileStem('Ceramic Coffee Mug, 11oz, White — Gift Edition')).toHaveLength(30);
    expect(safeFileStem('WIDGET-BLUE-12')).toBe('WIDGET_BLUE_12');
    expect(safeFileStem('山田太郎のお茶 Tea')).toBe('________Tea');
    expect(safeFileStem('📦 Box')).toBe('__Box');
  });

  it('de-duplicates names that collide after cutting, replacing or ignoring case', () => {
    const long = 'A'.repeat(40);
    const groups: RowGroup[] = ['A/B', 'A-B', 'abc', 'ABC', `${long}1`, `${long}2`, 'A_B_2'].map((key) => ({
      key,
      rows: [row(key, key)],
    }));
    expect(zipEntryNames(groups, 'sku')).toEqual([
      'A_B.csv',
      'A_B_2.csv',
      'abc.csv',
      'ABC_2.csv',
      `${'A'.repeat(30)}.csv`,
      `${'A'.repeat(28)}_2.csv`,
      'A_B_2_2.csv',
    ]);
  });

  it('names the group without a key', () => {
    expect(zipEntryNames([{ key: '', rows: [] }], 'sku')).toEqual(['No_SKU.csv']);
    expect(zipEntryNames([{ key: '', rows: [] }], 'productName')).toEqual(['No_Product_Name.csv']);
  });
});

describe('buildZip', () => {
  it.each<[GroupMethod, string, string[]]>([
    ['sku', 'Amazon_Orders_By_SKU_2025-03-07.zip', ['WIDGET_BLUE_12.csv', 'MUG_CER_11OZ.csv', 'TSHIRT_M_BLK.csv']],
    [
      'productName',
      'Amazon_Orders_By_Product_2025-03-07.zip',
      ['Blue_Widget_12__Deluxe.csv', 'Ceramic_Mug__11oz__Classic_.csv', 'Cotton_T_Shirt___Medium___Blac.csv'],
    ],
  ])('by %s: one CSV per group holding exactly that group’s rows', async (method, fileName, names) => {
    const groups = groupRows(converted, method);
    const zip = await buildZip(groups, method, march7);
    expect(zip.fileName).toBe(fileName);
    expect(zip.mimeType).toBe('application/zip');
    expect(zip.entries.map((entry) => entry.name)).toEqual(names);
    expect(zip.entries.map((entry) => entry.rowCount)).toEqual([3, 3, 2]);
    expect(zipSuccessMessage(zip)).toBe('Successfully generated ZIP file with 3 CSV files.');

    const files = await unzip(zip.data);
    expect([...files.keys()].sort()).toEqual([...names].sort());
    names.forEach((name, index) => {
      const [header, ...lines] = files.get(name) ?? [];
      expect(header).toEqual([...BULK_CSV_COLUMNS]);
      const group = groups[index] as RowGroup;
      expect(lines).toEqual(group.rows.map((r) => BULK_CSV_COLUMNS.map((column) => r[column])));
    });
    expect(files.get(names[1] as string)?.[2]?.[BULK_CSV_COLUMNS.indexOf('toName')]).toBe('山田太郎');
  });

  it('stores the same bytes toCsv writes, formula escaping included', async () => {
    const hostile = [row('=EVIL', '@SUM(A1)'), row('=EVIL', 'ok')];
    const zip = await buildZip(groupRows(hostile, 'sku'), 'sku', march7);
    const archive = await JSZip.loadAsync(zip.data);
    expect(Object.keys(archive.files)).toEqual(['_EVIL.csv']);
    expect(await archive.file('_EVIL.csv')?.async('string')).toBe(toCsv(hostile));
    expect(await archive.file('_EVIL.csv')?.async('string')).toContain("'@SUM(A1)");
  });

  it('refuses to build an empty ZIP', async () => {
    await expect(buildZip([], 'sku', march7)).rejects.toThrow('No orders to download');
    await expect(buildZip([{ key: 'A', rows: [] }], 'productName', march7)).rejects.toMatchObject({
      code: 'no_rows',
      message: 'No orders to download',
    });
  });
});

describe('buildCsvFile', () => {
  it('names the single file by local date and holds every row', () => {
    const file = buildCsvFile(converted, march7);
    expect(file.fileName).toBe('Amazon_Orders_2025-03-07.csv');
    expect(file.mimeType).toBe('text/csv;charset=utf-8');
    expect(file.content).toBe(toCsv(converted));
    expect(file.content.split('\r\n')).toHaveLength(converted.length + 1);
  });

  it('refuses to download nothing', () => {
    expect(thrown(() => buildCsvFile([], march7))).toMatchObject({ code: 'no_rows', message: 'No orders to download' });
  });
});
