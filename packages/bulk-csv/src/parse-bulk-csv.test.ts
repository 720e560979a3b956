import {
  BULK_CSV_COLUMNS,
  BULK_CSV_OPTIONAL_COLUMNS,
  BULK_MESSAGES,
  bulkRowToOrderRequest,
  CreateOrderRequest,
  MAX_BULK_FILE_MB,
  MAX_BULK_ROWS,
  ORDER_REFERENCE_MAX,
} from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkBulkFile,
  decodeBulkCsv,
  MAX_BULK_FILE_BYTES,
  parseBulkCsv,
  REQUIRED_BULK_CSV_COLUMNS,
  readBulkCsvFile,
} from './parse-bulk-csv';
import { SAMPLE_BULK_ROWS, sampleBulkCsv, sampleBulkRows } from './sample-csv';

const HEADER = BULK_CSV_COLUMNS.join(',');
const row = (overrides: Partial<Record<(typeof BULK_CSV_COLUMNS)[number], string>> = {}) => {
  const base = { ...SAMPLE_BULK_ROWS[0], ...overrides } as Record<string, string>;
  return BULK_CSV_COLUMNS.map((c) => {
    const v = base[c] ?? '';
    return /[",\r\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;
  }).join(',');
};
const fileOf = (text: string | Uint8Array<ArrayBuffer>, name = 'orders.csv', type = 'text/csv') =>
  new File([text], name, { type });

function expectError(result: ReturnType<typeof parseBulkCsv>, error: string) {
  expect(result).toEqual({ ok: false, error });
}

describe('checkBulkFile', () => {
  it('takes only .csv files (name, and the browser type when it gives one)', () => {
    expect(checkBulkFile({ name: 'orders.csv', size: 10, type: 'text/csv' })).toBeNull();
    expect(checkBulkFile({ name: 'ORDERS.CSV', size: 10, type: '' })).toBeNull();
    // Windows with Excel installed reports a .csv as an Excel type.
    expect(checkBulkFile({ name: 'orders.csv', size: 10, type: 'application/vnd.ms-excel' })).toBeNull();
    expect(checkBulkFile({ name: 'orders.xlsx', size: 10, type: '' })).toBe(BULK_MESSAGES.onlyCsv);
    expect(checkBulkFile({ name: 'orders.txt', size: 10, type: 'text/plain' })).toBe(BULK_MESSAGES.onlyCsv);
    expect(checkBulkFile({ name: 'orders.csv.exe', size: 10, type: '' })).toBe(BULK_MESSAGES.onlyCsv);
    expect(checkBulkFile({ name: 'evil.csv', size: 10, type: 'application/x-msdownload' })).toBe(BULK_MESSAGES.onlyCsv);
  });

  it(`refuses a file over ${MAX_BULK_FILE_MB} MB (a 50 MB file) and an empty one`, () => {
    expect(checkBulkFile({ name: 'a.csv', size: MAX_BULK_FILE_BYTES, type: 'text/csv' })).toBeNull();
    expect(checkBulkFile({ name: 'a.csv', size: MAX_BULK_FILE_BYTES + 1, type: 'text/csv' })).toBe(
      `The CSV file is too large (at most ${MAX_BULK_FILE_MB} MB)`,
    );
    expect(checkBulkFile({ name: 'a.csv', size: 50 * 1024 * 1024, type: 'text/csv' })).toBe(
      BULK_MESSAGES.fileTooLarge(MAX_BULK_FILE_MB),
    );
    expect(checkBulkFile({ name: 'a.csv', size: 0, type: 'text/csv' })).toBe(BULK_MESSAGES.noData);
  });
});

describe('decodeBulkCsv', () => {
  it('reads UTF-8 (BOM dropped) and refuses other encodings', () => {
    const utf8 = new TextEncoder().encode('\uFEFFtoName\nJosé Müller');
    expect(decodeBulkCsv(utf8)).toBe('toName\nJosé Müller');
    // 'Müller' saved in Windows-1252: 0xFC is not valid UTF-8.
    const latin1 = Uint8Array.from([0x4d, 0xfc, 0x6c, 0x6c, 0x65, 0x72]);
    expect(decodeBulkCsv(latin1)).toBeNull();
  });
});

describe('parseBulkCsv', () => {
  it('reads the header row and one row per data line, every known column filled', () => {
    const result = parseBulkCsv(`${HEADER}\r\n${row()}\r\n${row({ toName: 'Second Person' })}\r\n`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.columns).toEqual([...BULK_CSV_COLUMNS]);
    expect(result.csv.rows).toHaveLength(2);
    expect(result.csv.rows[0]).toEqual({
      ...SAMPLE_BULK_ROWS[0],
      orderNumber: '',
      sku: '',
      productName: '',
      reference: '',
    });
    expect(result.csv.rows[1]?.toName).toBe('Second Person');
  });

  it('skips empty lines and lines of only commas or spaces', () => {
    const blank = ','.repeat(BULK_CSV_COLUMNS.length - 1);
    const result = parseBulkCsv(`${HEADER}\n\n${row()}\n   \n${blank}\n\n${row()}\n\n`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.rows).toHaveLength(2);
  });

  it('trims header names and accepts columns in any order, the optional ones absent', () => {
    const columns = [...REQUIRED_BULK_CSV_COLUMNS].reverse();
    const values = columns.map((c) => (SAMPLE_BULK_ROWS[0] as Record<string, string>)[c]);
    const result = parseBulkCsv(`${columns.map((c) => `  ${c} `).join(',')}\n${values.join(',')}`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.rows[0]).toMatchObject({
      toName: 'Daniel Okafor',
      toCompany: '',
      toStreet2: '',
      description: '',
      weight: '2.5',
    });
  });

  it('keeps the Amazon converter columns', () => {
    const header = `${HEADER},orderNumber,sku,productName`;
    const result = parseBulkCsv(`${header}\n${row()},111-0000001-0000001,MUG-11,"Mug, 11oz"`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.rows[0]).toMatchObject({
      orderNumber: '111-0000001-0000001',
      sku: 'MUG-11',
      productName: 'Mug, 11oz',
    });
  });

  it('reads the optional reference column, kept as written; absent it is blank', () => {
    const result = parseBulkCsv(`${HEADER},reference\n${row()},"PO-77, dock 3"\n${row()},`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.columns.at(-1)).toBe('reference');
    expect(result.csv.rows.map((r) => r.reference)).toEqual(['PO-77, dock 3', '']);
    const without = parseBulkCsv(`${HEADER}\n${row()}`);
    if (!without.ok) throw new Error(without.error);
    expect(without.csv.rows[0]?.reference).toBe('');
  });

  it('turns the reference cell into the order reference (blank is none; the 35-character rule is the order one)', () => {
    const selection = { apiId: 'api_1', carrier: 'UPS' as const, service: 'Ground' };
    const [first, second] = sampleBulkRows();
    if (!first || !second) throw new Error('two sample rows');
    expect(bulkRowToOrderRequest(first, selection).reference).toBe('PO-1042');
    expect(bulkRowToOrderRequest(second, selection)).not.toHaveProperty('reference');
    const long = CreateOrderRequest.safeParse(
      bulkRowToOrderRequest({ ...first, reference: 'x'.repeat(36) }, selection),
    );
    expect(long.success).toBe(false);
    expect(long.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['reference', 'Reference must be at most 35 characters'],
    ]);
  });

  it('keeps quotes, commas and line breaks inside quoted cells', () => {
    const description = 'Mug "Classic", 11oz\r\nhandle with care';
    const result = parseBulkCsv(`${HEADER}\n${row({ description, toStreet2: 'Apt 4, rear' })}`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.rows).toHaveLength(1);
    expect(result.csv.rows[0]?.description).toBe(description);
    expect(result.csv.rows[0]?.toStreet2).toBe('Apt 4, rear');
  });

  it('keeps formula-looking cells as written (the server refuses those rows; nothing here runs them)', () => {
    const result = parseBulkCsv(`${HEADER}\n${row({ toName: '=HYPERLINK("http://x","y")', description: '@SUM(A1)' })}`);
    if (!result.ok) throw new Error(result.error);
    expect(result.csv.rows[0]?.toName).toBe('=HYPERLINK("http://x","y")');
    expect(result.csv.rows[0]?.description).toBe('@SUM(A1)');
  });

  it('refuses a file without a header row, naming the missing columns', () => {
    const result = parseBulkCsv(`${row()}\n${row()}`);
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.error).toMatch(/^The CSV file is missing required columns: fromName, fromStreet1, /);
  });

  it('names every missing required column', () => {
    const without = BULK_CSV_COLUMNS.filter((c) => c !== 'toZip' && c !== 'weight');
    expectError(parseBulkCsv(`${without.join(',')}\n`), BULK_MESSAGES.missingColumns(['toZip', 'weight']));
  });

  it('names unknown columns', () => {
    expectError(
      parseBulkCsv(`${HEADER},insurance,Notes\n${row()},yes,x`),
      'The CSV file has unknown columns: insurance, Notes',
    );
  });

  it('refuses an empty file, a header alone, and whitespace', () => {
    expectError(parseBulkCsv(''), BULK_MESSAGES.noData);
    expectError(parseBulkCsv('\n\n  \n'), BULK_MESSAGES.noData);
    expectError(parseBulkCsv(`${HEADER}\n\n`), BULK_MESSAGES.noData);
  });

  it(`refuses more than ${MAX_BULK_ROWS} rows (100,000 rows), and takes exactly ${MAX_BULK_ROWS}`, () => {
    const line = row();
    const at = parseBulkCsv(`${HEADER}\n${Array(MAX_BULK_ROWS).fill(line).join('\n')}`);
    expect(at.ok && at.csv.rows.length).toBe(MAX_BULK_ROWS);
    expectError(
      parseBulkCsv(
        `${HEADER}\n${Array(MAX_BULK_ROWS + 1)
          .fill(line)
          .join('\n')}`,
      ),
      BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS),
    );
    // Reading stops one row past the limit: the short last row of 100,000 would otherwise be a parse error (checked
    // before the row count), whatever the time it took.
    const broken = `${HEADER}\n${Array(99_999).fill(line).join('\n')}\nshort`;
    expect(parseBulkCsv(`${HEADER}\n${line}\nshort`)).toEqual({
      ok: false,
      error: expect.stringMatching(/^Error parsing CSV: Row 2: /),
    });
    expectError(parseBulkCsv(broken), `A bulk order can have at most ${MAX_BULK_ROWS.toLocaleString('en-US')} rows`);
  });

  it('reports a broken quote or a short row as a parse error with its row', () => {
    const broken = parseBulkCsv(`${HEADER}\n${row()}\n${row({ toName: 'x' }).replace('x', '"unterminated')}`);
    expect(broken.ok).toBe(false);
    if (!broken.ok) expect(broken.error).toBe('Error parsing CSV: Row 2: Quoted field unterminated');
    const first = parseBulkCsv(`${HEADER}\n${row({ toName: 'x' }).replace('x', '"unterminated')}`);
    expect(first).toEqual({ ok: false, error: 'Error parsing CSV: Row 1: Quoted field unterminated' });
    const short = parseBulkCsv(`${HEADER}\n${row()}\nonly,three,cells`);
    expect(short).toEqual({
      ok: false,
      error: `Error parsing CSV: Row 2: Too few fields: expected ${BULK_CSV_COLUMNS.length} fields but parsed 3`,
    });
  });
});

describe('readBulkCsvFile', () => {
  it('reads a chosen .csv file', async () => {
    const result = await readBulkCsvFile(fileOf(`\uFEFF${HEADER}\n${row({ toName: 'José Müller' })}\n`));
    expect(result.ok && result.csv.rows[0]?.toName).toBe('José Müller');
  });

  it(`reads a whole ${MAX_BULK_ROWS}-row file of Amazon-converted rows: the file-size limit grew with the row limit`, async () => {
    // The largest rows customers send: the Amazon converter's, with every optional column, a long product title and a
    // reference of the most characters a label prints (issue 24 raised the rows to 10,000 and the file size with it).
    const columns = [...BULK_CSV_COLUMNS, ...BULK_CSV_OPTIONAL_COLUMNS];
    const values: Record<string, string> = {
      ...SAMPLE_BULK_ROWS[0],
      toStreet2: 'Building 12, Suite 3400, Attn: Receiving Dock B',
      description: 'Stainless steel insulated water bottle',
      orderNumber: '112-1234567-1234567',
      sku: 'SKU-WB-STAINLESS-32OZ-BLK',
      toCompany: 'Northwind Traders Wholesale LLC',
      // Amazon's product titles run up to 200 characters.
      productName: 'Insulated Water Bottle, 32 oz, Stainless Steel, Leak-Proof Lid, '.padEnd(200, 'x'),
      reference: 'R'.repeat(ORDER_REFERENCE_MAX),
    };
    const line = columns
      .map((c) => values[c] ?? '')
      .map((v) => (/[",]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v))
      .join(',');
    const text = `${columns.join(',')}\n${Array(MAX_BULK_ROWS).fill(line).join('\n')}\n`;
    const file = fileOf(text);
    // More than the 5 MB a file could have before, within today's limit.
    expect(file.size).toBeGreaterThan(5 * 1024 * 1024);
    expect(file.size).toBeLessThanOrEqual(MAX_BULK_FILE_BYTES);
    const result = await readBulkCsvFile(file);
    expect(result.ok ? result.csv.rows.length : result.error).toBe(MAX_BULK_ROWS);
    expect(result.ok && result.csv.rows.at(-1)?.reference).toBe(values.reference);
  });

  it('refuses a non-CSV file, a non-UTF-8 file and a 50 MB file without reading it', async () => {
    expect(await readBulkCsvFile(fileOf('x', 'orders.xlsx', 'application/vnd.openxmlformats'))).toEqual({
      ok: false,
      error: BULK_MESSAGES.onlyCsv,
    });
    const latin1 = Uint8Array.from([...new TextEncoder().encode(`${HEADER}\n`), 0x4d, 0xfc, 0x6c]);
    expect(await readBulkCsvFile(fileOf(latin1))).toEqual({ ok: false, error: BULK_MESSAGES.notUtf8 });
    let read = false;
    const huge = {
      name: 'huge.csv',
      type: 'text/csv',
      size: 50 * 1024 * 1024,
      arrayBuffer: async () => {
        read = true;
        return new ArrayBuffer(0);
      },
    };
    expect(await readBulkCsvFile(huge)).toEqual({ ok: false, error: BULK_MESSAGES.fileTooLarge(MAX_BULK_FILE_MB) });
    expect(read).toBe(false);
  });
});

describe('sample CSV', () => {
  it('is the SPEC-named file with the SPEC columns then reference, two rows, and reads back to the same rows', async () => {
    const sample = sampleBulkCsv();
    expect(sample.fileName).toBe('sample_bulk_order_mixed_carriers.csv');
    expect(sample.content.split('\r\n')[0]).toBe(`${HEADER},reference`);
    const back = await readBulkCsvFile(fileOf(sample.content, sample.fileName));
    if (!back.ok) throw new Error(back.error);
    expect(back.csv.rows).toEqual(sampleBulkRows());
    expect(back.csv.rows).toHaveLength(2);
    // Two different senders and recipients in two states each: a realistic sample, not one row twice.
    expect(new Set(back.csv.rows.map((r) => r.toState)).size).toBe(2);
  });
});
