import JSZip from 'jszip';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { BULK_CSV_COLUMNS } from './constants';
import { convertOrders } from './convert-orders';
import { csvSafeCell, toCsv } from './csv';
import { validateDimensions } from './dimensions';
import { buildZip, groupRows } from './downloads';
import { parseAmazonReport } from './parse-report';
import { AMAZON_REPORT_HEADER, generateSampleReport } from './sample-report';
import { collectSkus } from './skus';

const LINES = 10_000;
const UNMEASURED_SKU = 'YOGA-MAT-6MM';
const sender = { name: 'Shop', street1: '1 Main St', city: 'Reno', state: 'NV', zip: '89501', phone: '775-555-0100' };

/** Expected figures computed from the raw text with a plain split — independent of papaparse and of the converter. */
function oracle(text: string) {
  const [header = '', ...lines] = text.split('\n').filter((line) => line !== '');
  const columns = header.split('\t');
  const at = (name: string) => columns.indexOf(name);
  const records = lines.map((line) => line.split('\t'));
  const kept = records.filter((fields) => fields[at('sku')] !== UNMEASURED_SKU);
  const quantity = (fields: string[]) => Number(fields[at('quantity-purchased')]);
  return {
    lines: records.length,
    skus: new Set(records.map((fields) => fields[at('sku')])),
    orders: new Set(kept.map((fields) => fields[at('order-id')])).size,
    skipped: records.length - kept.length,
    units: kept.reduce((sum, fields) => sum + quantity(fields), 0),
    multiUnitLines: kept.filter((fields) => quantity(fields) > 1).length,
    missingRecipient: records.filter((fields) => fields[at('recipient-name')] === '').length,
    withExtension: records.filter((fields) => fields[at('buyer-phone-number')]?.includes(' ext. ')).length,
  };
}

describe('a 10,000-line report', () => {
  const text = generateSampleReport(LINES, 20250307);
  const expected = oracle(text);

  it('is deterministic per seed and realistic (multi-unit lines, missing recipients, ext. phones)', () => {
    expect(generateSampleReport(LINES, 20250307)).toBe(text);
    expect(generateSampleReport(50, 1)).not.toBe(generateSampleReport(50, 2));
    expect(text.split('\n')[0]).toBe(AMAZON_REPORT_HEADER.join('\t'));
    expect(expected.lines).toBe(LINES);
    expect(expected.skus.size).toBe(12);
    expect(expected.multiUnitLines).toBeGreaterThan(1000);
    expect(expected.missingRecipient).toBeGreaterThan(100);
    expect(expected.withExtension).toBeGreaterThan(5000);
    expect(text).toContain('山田太郎');
    expect(text).toContain('José Müller');
  });

  it('converts with the right counts, one label per unit', () => {
    const report = parseAmazonReport(text);
    const skus = collectSkus(report.rows);
    const form = Object.fromEntries(
      skus
        .filter((s) => s.sku !== UNMEASURED_SKU)
        .map((s) => [s.sku, { weight: '1.2', length: 10, width: 8, height: 2 }]),
    );
    const validation = validateDimensions(
      skus.filter((s) => s.sku !== UNMEASURED_SKU),
      form,
    );
    if (!validation.ok) throw new Error(validation.error);
    const result = convertOrders(report.rows, { sender, dimensions: validation.dimensions, splitByQuantity: true });
    const csv = toCsv(result.rows);

    expect(report.rows).toHaveLength(LINES);
    expect(report.skippedLines).toBe(0);
    expect(new Set(skus.map((s) => s.sku))).toEqual(expected.skus);
    expect(skus.reduce((sum, s) => sum + s.orderLines, 0)).toBe(LINES);
    expect(result.orderCount).toBe(expected.orders);
    expect(result.labelCount).toBe(expected.units);
    expect(result.skippedLines).toBe(expected.skipped);
    expect(result.skippedSkus).toEqual([UNMEASURED_SKU]);
    expect(result.rows.some((row) => row.toPhone.includes('ext'))).toBe(false);
    expect(result.rows.every((row) => row.toName !== '')).toBe(true);
    expect(csv.split('\r\n')).toHaveLength(expected.units + 1);

    const unparsed = Papa.unparse(
      {
        fields: [...BULK_CSV_COLUMNS],
        data: result.rows.map((row) => BULK_CSV_COLUMNS.map((column) => csvSafeCell(row[column]))),
      },
      { newline: '\r\n' },
    );
    expect(csv === unparsed).toBe(true);

    const back = Papa.parse<string[]>(csv, { skipEmptyLines: true });
    expect(back.errors).toEqual([]);
    expect(back.data).toHaveLength(expected.units + 1);
  });

  it('zips by SKU into one file per measured SKU holding all labels', async () => {
    const report = parseAmazonReport(text);
    const dimensions = Object.fromEntries(
      collectSkus(report.rows)
        .filter((s) => s.sku !== UNMEASURED_SKU)
        .map((s) => [s.sku, { weight: 1, length: 1, width: 1, height: 1 }]),
    );
    const { rows } = convertOrders(report.rows, { sender, dimensions });
    const zip = await buildZip(groupRows(rows, 'sku'), 'sku', new Date(2025, 2, 7));
    const archive = await JSZip.loadAsync(zip.data);
    const names = Object.keys(archive.files);
    expect(names).toHaveLength(11);
    expect(names).not.toContain('YOGA_MAT_6MM.csv');
    let total = 0;
    for (const name of names) {
      const csv = (await archive.file(name)?.async('string')) ?? '';
      total += csv.split('\r\n').length - 1;
    }
    expect(total).toBe(LINES - expected.skipped);
  });
});
