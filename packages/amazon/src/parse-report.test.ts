import { describe, expect, it } from 'vitest';
import { AMAZON_MESSAGES } from './constants';
import { AmazonError } from './errors';
import { decodeAmazonReport, isAmazonReportFileName, parseAmazonReport } from './parse-report';
import { fixtureBytes, fixtureText } from './testing/fixtures';

function expectAmazonError(run: () => unknown, code: AmazonError['code'], message: string): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(AmazonError);
  expect((caught as AmazonError).code).toBe(code);
  expect((caught as AmazonError).message).toBe(message);
}

describe('parseAmazonReport on a real-shaped report (BOM, CRLF, quotes, unicode, bad lines)', () => {
  const report = parseAmazonReport(fixtureText('unshipped-orders.txt'));

  it('reads the header without the BOM and keeps every valid line in file order', () => {
    expect(report.columns[0]).toBe('order-id');
    expect(report.columns).toHaveLength(22);
    expect(report.rows.map((row) => row.orderId)).toEqual([
      '111-0000001-0000001',
      '112-0000002-0000002',
      '113-0000003-0000003',
      '113-0000003-0000003',
      '114-0000004-0000004',
      '114-0000005-0000005',
    ]);
  });

  it('skips and counts the truncated line and the line with an extra field, but not empty or blank lines', () => {
    expect(report.skippedLines).toBe(2);
    expect(report.rows.some((row) => row.orderId === '114-0000009-0000009')).toBe(false);
    expect(report.rows.some((row) => row.orderId === '114-0000008-0000008')).toBe(false);
  });

  it('keeps unicode names, unquotes quoted fields and keeps postal codes as text', () => {
    const [first, second, third, , , last] = report.rows;
    expect(first).toMatchObject({
      recipientName: 'José Müller',
      buyerPhone: '+1 206-555-0100 ext. 12345',
      sku: 'WIDGET-BLUE-12',
      productName: 'Blue Widget 12" Deluxe',
      quantity: 1,
      shipAddress1: '123 Main St',
      shipAddress2: 'Apt 4B',
      shipAddress3: '',
      shipCity: 'Seattle',
      shipState: 'WA',
      shipPostalCode: '98101-1234',
      shipCountry: 'US',
    });
    expect(second).toMatchObject({
      recipientName: '山田太郎',
      productName: 'Ceramic Mug, 11oz "Classic"',
      quantity: 3,
      shipAddress3: 'Building C',
      shipPostalCode: '02134',
    });
    expect(third).toMatchObject({ recipientName: '', buyerName: "Zoë O'Brien", quantity: 2, buyerPhone: '' });
    expect(last).toMatchObject({ shipAddress1: '1 Infinite Loop, Bldg 2', shipCity: 'San José' });
  });

  it('gives the same rows for CRLF, LF and CR line ends, with or without BOM', () => {
    const crlf = fixtureText('unshipped-orders.txt');
    const lf = crlf.replaceAll('\r\n', '\n').replace(/^\uFEFF/, '');
    const cr = crlf.replaceAll('\r\n', '\r');
    expect(parseAmazonReport(lf)).toEqual(report);
    expect(parseAmazonReport(cr)).toEqual(report);
  });
});

describe('parseAmazonReport edge cases', () => {
  const header = ['order-id', 'sku', 'product-name', 'quantity-purchased', 'recipient-name', 'buyer-name'].join('\t');

  it('keeps tabs, quotes and line breaks inside properly quoted fields', () => {
    const text = `${header}\n1\tSKU-1\t"Mug\twith tab, ""quoted"" and\nnew line"\t1\tA\tB\n`;
    const { rows, skippedLines } = parseAmazonReport(text);
    expect(skippedLines).toBe(0);
    expect(rows[0]?.productName).toBe('Mug\twith tab, "quoted" and\nnew line');
  });

  it('reads a field that only starts with a quote literally instead of swallowing the following lines', () => {
    const { rows, skippedLines } = parseAmazonReport(fixtureText('stray-quotes.txt'));
    expect(skippedLines).toBe(0);
    expect(rows.map((row) => row.productName)).toEqual([
      '"Deluxe" Widget, Blue',
      'Ceramic Mug',
      'Socks 6-Pack "Value"',
    ]);
    expect(rows[1]?.shipAddress1).toBe('4 Quoted Rd');
    expect(rows[1]?.quantity).toBe(2);
  });

  it('matches header names case-insensitively and ignores surrounding spaces', () => {
    const text = ' Order-ID \tSKU\tProduct-Name\r\n1\tS1\tThing\r\n';
    expect(parseAmazonReport(text).rows[0]).toMatchObject({ orderId: '1', sku: 'S1', productName: 'Thing' });
  });

  it('reads missing columns as empty text and odd quantities as 1', () => {
    const text = `order-id\tsku\tquantity-purchased\n1\tA\t0\n2\tB\tabc\n3\tC\t\n4\tD\t 4 \n`;
    const { rows } = parseAmazonReport(text);
    expect(rows.map((row) => row.quantity)).toEqual([1, 1, 1, 4]);
    expect(rows[0]).toMatchObject({ recipientName: '', buyerName: '', shipAddress1: '', shipPostalCode: '' });
  });

  it('falls back to ship-phone-number when buyer-phone-number is empty', () => {
    const text = `order-id\tsku\tbuyer-phone-number\tship-phone-number\n1\tA\t\t555-0100\n2\tB\t555-0200\t555-0300\n`;
    expect(parseAmazonReport(text).rows.map((row) => row.buyerPhone)).toEqual(['555-0100', '555-0200']);
  });

  it.each([
    ['an empty file', fixtureText('empty.txt')],
    ['a header without lines', fixtureText('header-only.txt')],
    ['only blank lines', '\r\n\r\n  \n'],
    ['only lines with the wrong field count', fixtureText('all-lines-malformed.txt')],
  ])('rejects %s with the SPEC text', (_, text) => {
    expectAmazonError(() => parseAmazonReport(text), 'invalid_file', 'File is empty or has invalid format');
  });

  it('exposes the SPEC text as a constant too', () => {
    expect(AMAZON_MESSAGES.invalidFile).toBe('File is empty or has invalid format');
  });
});

describe('decodeAmazonReport', () => {
  it('reads Windows-1252 reports that are not valid UTF-8', () => {
    const bytes = fixtureBytes('windows-1252.txt');
    expect(new TextDecoder().decode(bytes)).toContain('\uFFFD');
    const [row] = parseAmazonReport(decodeAmazonReport(bytes)).rows;
    expect(row).toMatchObject({ recipientName: 'José Müller', shipAddress1: 'Große Straße 5', shipCity: 'Zürich' });
  });

  it('reads UTF-8 with BOM and UTF-16 with BOM, from a Uint8Array or an ArrayBuffer', () => {
    const text = 'order-id\tsku\n1\t山田-SKU\n';
    const utf8 = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i++) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    expect(decodeAmazonReport(utf8)).toBe(text);
    expect(decodeAmazonReport(utf8.buffer)).toBe(text);
    expect(decodeAmazonReport(utf16)).toBe(text);
    expect(parseAmazonReport(decodeAmazonReport(utf16)).rows[0]?.sku).toBe('山田-SKU');
  });
});

describe('isAmazonReportFileName', () => {
  it.each([
    ['orders.txt', true],
    ['Orders.TXT', true],
    ['unshipped orders 2025-03-01.txt ', true],
    ['orders.csv', false],
    ['orders.txt.zip', false],
    ['txt', false],
  ])('%s → %s', (name, expected) => {
    expect(isAmazonReportFileName(name)).toBe(expected);
  });
});
