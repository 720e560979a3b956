import { BULK_MESSAGES, MAX_BULK_CELL, ORDER_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { checkBulkRow, isFormulaCell, orderParser, ROW_NOT_AN_OBJECT_MESSAGE } from './validate-bulk-order';

const selection = { apiId: 'api_1', carrier: 'UPS' as const, service: 'UPS Ground', template: null };
const row = (overrides: Record<string, unknown> = {}) => ({
  fromName: 'Ada',
  fromStreet1: '1 Main St',
  fromCity: 'New York',
  fromState: 'NY',
  fromZip: '10001',
  fromPhone: '212-555-0100',
  toName: 'Grace',
  toStreet1: '500 Market St',
  toCity: 'San Francisco',
  toState: 'CA',
  toZip: '94105',
  toPhone: '415-555-0199',
  weight: '3',
  length: '10',
  width: '8',
  height: '4',
  ...overrides,
});

describe('isFormulaCell', () => {
  it('refuses what a spreadsheet would run, and lets phone numbers and negative numbers through', () => {
    for (const cell of ['=1+1', '@SUM(A1)', '\tx', '\rx', '+cmd', '+1+1', '-cmd', '-1+2', '=HYPERLINK("x")']) {
      expect(isFormulaCell(cell), cell).toBe(true);
    }
    for (const cell of ['', 'Ada', '+1 (555) 010-0199', '+44 20 7946 0958', '-1', '-0.5', '3', 'a=b', 'x@y.z']) {
      expect(isFormulaCell(cell), cell).toBe(false);
    }
  });
});

describe('checkBulkRow', () => {
  it('a valid row becomes the order a manual purchase would send (Amazon columns kept beside it)', () => {
    const checked = checkBulkRow(row({ orderNumber: '113-1', sku: 'S-1', productName: 'Book' }), selection);
    expect(checked.errors).toEqual([]);
    expect(checked.request).toMatchObject({
      apiId: 'api_1',
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      sender: { name: 'Ada', country: 'US' },
      recipient: { name: 'Grace', zip: '94105' },
      packageDetails: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
    });
    expect(checked.row).toMatchObject({ orderNumber: '113-1', sku: 'S-1', fromCompany: '' });
  });

  it('numbers as numbers, nulls as empty cells, quotes and newlines inside cells are all fine', () => {
    const checked = checkBulkRow(
      row({ weight: 3, length: 10, fromCompany: null, description: 'He said "fragile"\nhandle with care' }),
      selection,
    );
    expect(checked.errors).toEqual([]);
    expect(checked.request?.packageDetails.description).toBe('He said "fragile"\nhandle with care');
  });

  it('reports each problem once, by column, with the manual order texts', () => {
    const checked = checkBulkRow(row({ toName: '', weight: 'abc', height: '0', toZip: '=1' }), selection);
    expect(checked.request).toBeNull();
    expect(checked.errors).toEqual([
      'toZip: Must not start with =, +, -, @ or a tab',
      'weight: Must be a number',
      'toName: Name is required',
      `height: ${ORDER_MESSAGES.minPackageNumber}`,
    ]);
    // One wording for every row error: the column, a colon, then the sentence.
    for (const error of checked.errors) expect(error).toMatch(/^[a-zA-Z]+: [A-Z]/);
  });

  it('refuses unknown columns, over-long cells and rows that are not objects', () => {
    expect(checkBulkRow(row({ colour: 'red', size: 'L' }), selection).errors).toEqual([
      BULK_MESSAGES.unknownColumns(['colour', 'size']),
    ]);
    expect(checkBulkRow(row({ toName: 'x'.repeat(MAX_BULK_CELL + 1) }), selection).errors).toEqual([
      `toName: Cells can be at most ${MAX_BULK_CELL} characters`,
    ]);
    expect(checkBulkRow(['a', 'b'], selection).errors).toEqual([ROW_NOT_AN_OBJECT_MESSAGE]);
    expect(checkBulkRow(null, selection).errors).toEqual([ROW_NOT_AN_OBJECT_MESSAGE]);
  });

  it('the file-wide parser (shared selection and senders) answers exactly as a parser per row', () => {
    const shared = orderParser();
    const rows = [row(), row({ toName: '' }), row({ fromZip: '' }), row(), row({ weight: '0' })];
    for (const r of rows) expect(checkBulkRow(r, selection, shared)).toEqual(checkBulkRow(r, selection));
  });
});
