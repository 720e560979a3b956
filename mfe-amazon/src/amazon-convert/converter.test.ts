import { AmazonError, generateSampleReport, type SkuInfo } from '@labeldesk/amazon';
import { describe, expect, it } from 'vitest';
import {
  appliedDimensions,
  completeSetup,
  convertReport,
  dimensionsSetMessage,
  fileRejectionMessage,
  loadReport,
  NO_SENDER_MESSAGE,
  ONE_FILE_MESSAGE,
  ONLY_TXT_MESSAGE,
  reportFileError,
  stageErrorMessage,
} from './converter';

const bytes = (text: string) => new TextEncoder().encode(text);
const HEADER = ['order-id', 'sku', 'product-name', 'recipient-name', 'buyer-name', 'quantity-purchased', 'ship-city'];
const tsv = (...lines: string[][]) => `${lines.map((line) => line.join('\t')).join('\n')}\n`;

const sender = {
  name: 'Jane Seller',
  company: 'Acme',
  street1: '500 Market St',
  street2: '',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '415-555-0100',
};

describe('loadReport', () => {
  it('parses a report and lists its distinct SKUs with their product names', () => {
    const outcome = loadReport(
      bytes(
        tsv(
          HEADER,
          ['111-1', 'MUG-1', 'Coffee Mug', 'Ann', 'Ann B', '2', 'Boston'],
          ['111-2', 'TEE-M', 'T-Shirt', '', 'Bob C', '1', 'Austin'],
          ['111-3', 'MUG-1', 'Coffee Mug', 'Cy', 'Cy D', '1', 'Miami'],
          ['broken line', 'too few fields'],
        ),
      ),
    );
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.value.rows).toHaveLength(3);
    expect(outcome.value.skippedLines).toBe(1);
    expect(outcome.value.skus.map((s) => [s.sku, s.productName, s.orderLines, s.units])).toEqual([
      ['MUG-1', 'Coffee Mug', 2, 3],
      ['TEE-M', 'T-Shirt', 1, 1],
    ]);
  });

  it('reports an empty or header-only file with the SPEC text', () => {
    expect(loadReport(bytes(''))).toEqual({ ok: false, error: 'File is empty or has invalid format' });
    expect(loadReport(bytes(tsv(HEADER)))).toEqual({ ok: false, error: 'File is empty or has invalid format' });
  });

  it('reports a file whose lines carry no SKU with the SPEC text', () => {
    const outcome = loadReport(bytes(tsv(HEADER, ['111-1', '', 'Mug', 'Ann', 'Ann', '1', 'Boston'])));
    expect(outcome).toEqual({
      ok: false,
      error: 'No SKUs found in the uploaded file. Please ensure your Amazon orders file contains SKU data.',
    });
  });

  it('reads a generated Amazon report of many lines', () => {
    const outcome = loadReport(bytes(generateSampleReport(250, 7)));
    if (!outcome.ok) throw new Error(outcome.error);
    expect(outcome.value.rows).toHaveLength(250);
    expect(outcome.value.skus.length).toBeGreaterThan(1);
  });
});

describe('stageErrorMessage', () => {
  it('shows the converter’s own errors unchanged', () => {
    expect(stageErrorMessage('csv', new AmazonError('no_rows'))).toBe('No orders to download');
    expect(stageErrorMessage('zip', new AmazonError('no_grouping_method'))).toBe(
      'Please select a grouping method (SKU or Product Name) first',
    );
  });

  it('prefixes unexpected errors with the stage’s SPEC text', () => {
    const boom = new Error('disk full');
    expect(stageErrorMessage('read', boom)).toBe('Error reading file: disk full');
    expect(stageErrorMessage('parse', boom)).toBe('Error parsing data: disk full');
    expect(stageErrorMessage('convert', boom)).toBe('Error converting data: disk full');
    expect(stageErrorMessage('csv', boom)).toBe('Error downloading CSV: disk full');
    expect(stageErrorMessage('zip', 'out of memory')).toBe('Error creating ZIP file: out of memory');
  });

  it('falls back to the bare prefix when there is no message', () => {
    expect(stageErrorMessage('read', new Error(''))).toBe('Error reading file');
    expect(stageErrorMessage('read', undefined)).toBe('Error reading file');
  });
});

describe('file checks', () => {
  it('accepts .txt names in any case and refuses the rest', () => {
    expect(reportFileError({ name: 'Orders.TXT' })).toBeNull();
    expect(reportFileError({ name: 'orders.csv' })).toEqual({ code: 'file-invalid-type', message: ONLY_TXT_MESSAGE });
  });

  it('names the refused file, or asks for one file at a time', () => {
    expect(fileRejectionMessage([{ file: { name: 'orders.csv' }, errors: [{ code: 'file-invalid-type' }] }])).toBe(
      `"orders.csv" is not a .txt file. ${ONLY_TXT_MESSAGE}`,
    );
    expect(
      fileRejectionMessage([
        { file: { name: 'a.txt' }, errors: [{ code: 'too-many-files' }] },
        { file: { name: 'b.txt' }, errors: [{ code: 'too-many-files' }] },
      ]),
    ).toBe(ONE_FILE_MESSAGE);
  });
});

const skus: SkuInfo[] = [
  { sku: 'MUG-1', productName: 'Coffee Mug', orderLines: 2, units: 3 },
  { sku: 'TEE-M', productName: 'T-Shirt', orderLines: 1, units: 1 },
];
const filled = {
  'MUG-1': { weight: 1.5, length: 8, width: 6, height: '4' },
  'TEE-M': { weight: '0.5', length: 10, width: 8, height: 1 },
};

describe('completeSetup', () => {
  it('returns the parsed dimensions when every SKU is filled and a sender is chosen', () => {
    expect(completeSetup(skus, filled, true)).toEqual({
      ok: true,
      dimensions: {
        'MUG-1': { weight: 1.5, length: 8, width: 6, height: 4 },
        'TEE-M': { weight: 0.5, length: 10, width: 8, height: 1 },
      },
    });
  });

  it('names the SKU with a missing dimension', () => {
    expect(completeSetup(skus, { ...filled, 'TEE-M': { weight: 1, length: 2, width: '' } }, true)).toEqual({
      ok: false,
      error: 'Please fill in all dimensions for SKU: TEE-M',
      sku: 'TEE-M',
      field: null,
    });
  });

  it('names the field that is not a positive number', () => {
    expect(completeSetup(skus, { ...filled, 'MUG-1': { weight: 1, length: 2, width: 0, height: 3 } }, true)).toEqual({
      ok: false,
      error: 'Width must be a positive number for SKU: MUG-1',
      sku: 'MUG-1',
      field: 'width',
    });
  });

  it('asks for a sender once the dimensions are right', () => {
    expect(completeSetup(skus, filled, false)).toEqual({ ok: false, error: NO_SENDER_MESSAGE, sku: null, field: null });
  });
});

describe('convertReport and the results summary', () => {
  it('converts report lines into one UPS bulk row per label, with the success counts', () => {
    const report = loadReport(
      bytes(
        tsv(
          HEADER,
          ['111-1', 'MUG-1', 'Coffee Mug', 'Ann', 'Ann B', '2', 'Boston'],
          ['111-1', 'TEE-M', 'T-Shirt', 'Ann', 'Ann B', '1', 'Boston'],
          ['111-2', 'TEE-M', 'T-Shirt', '', 'Bob C', '1', 'Austin'],
        ),
      ),
    );
    if (!report.ok) throw new Error(report.error);
    const setup = completeSetup(report.value.skus, filled, true);
    if (!setup.ok) throw new Error(setup.error);
    const split = convertReport(report.value.rows, {
      sender,
      dimensions: setup.dimensions,
      descriptionSource: 'productName',
      splitByQuantity: true,
    });
    if (!split.ok) throw new Error(split.error);
    expect(split.value.orderCount).toBe(2);
    expect(split.value.labelCount).toBe(4);
    expect(split.value.rows.map((row) => row.description)).toEqual([
      'Coffee Mug (1/2)',
      'Coffee Mug (2/2)',
      'T-Shirt',
      'T-Shirt',
    ]);
    expect(split.value.rows[3]).toMatchObject({ toName: 'Bob C', fromName: 'Jane Seller', weight: '0.5' });

    const bySku = convertReport(report.value.rows, {
      sender,
      dimensions: setup.dimensions,
      descriptionSource: 'sku',
      splitByQuantity: false,
    });
    if (!bySku.ok) throw new Error(bySku.error);
    expect(bySku.value.labelCount).toBe(3);
    expect(bySku.value.rows.map((row) => row.description)).toEqual(['MUG-1', 'TEE-M', 'TEE-M']);

    expect(appliedDimensions(report.value.skus, setup.dimensions)).toEqual([
      { sku: 'MUG-1', productName: 'Coffee Mug', weight: 1.5, length: 8, width: 6, height: 4 },
      { sku: 'TEE-M', productName: 'T-Shirt', weight: 0.5, length: 10, width: 8, height: 1 },
    ]);
  });

  it('words the dimensions confirmation for one and for many SKUs', () => {
    expect(dimensionsSetMessage(1)).toBe('Package dimensions set for 1 SKU.');
    expect(dimensionsSetMessage(12)).toBe('Package dimensions set for 12 SKUs.');
  });
});
