import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { csvLine, csvSafeCell, csvTable } from './index';

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
    ['\uFF1DHYPERLINK("http://evil.example","x")', '\'\uFF1DHYPERLINK("http://evil.example","x")'],
    ['\uFF0Bcmd', "'\uFF0Bcmd"],
    ['\uFF0D2\uFF0B3', "'\uFF0D2\uFF0B3"],
    ['\uFF20SUM(A1)', "'\uFF20SUM(A1)"],
    ['\uFF0B1 555-0100', "'\uFF0B1 555-0100"],
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
    'a\uFF1Db',
    '\uFF21BC',
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

describe('csvLine', () => {
  it('is one record of csvTable, escaped and quoted the same way', () => {
    const cells = ['=1+1', 'a,b', null, 7];
    expect(csvLine(cells)).toBe(`'=1+1,"a,b",,7`);
    expect(csvTable(['h'], [cells]).split('\r\n')[1]).toBe(csvLine(cells));
  });
});
