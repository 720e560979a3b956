import { describe, expect, it } from 'vitest';
import { AmazonError } from './errors';
import { type AmazonReportRow, parseAmazonReport } from './parse-report';
import { collectSkus } from './skus';
import { fixtureText } from './testing/fixtures';

describe('collectSkus', () => {
  it('lists distinct SKUs in first-seen order with product name, line and unit counts', () => {
    const { rows } = parseAmazonReport(fixtureText('unshipped-orders.txt'));
    expect(collectSkus(rows)).toEqual([
      { sku: 'WIDGET-BLUE-12', productName: 'Blue Widget 12" Deluxe', orderLines: 2, units: 3 },
      { sku: 'MUG-CER-11OZ', productName: 'Ceramic Mug, 11oz "Classic"', orderLines: 1, units: 3 },
      { sku: 'TSHIRT-M-BLK', productName: 'Cotton T-Shirt - Medium - Black', orderLines: 2, units: 2 },
      { sku: 'NO-DIMS-SKU', productName: 'Mystery Box', orderLines: 1, units: 1 },
    ]);
  });

  it('takes the first non-empty product name and ignores lines without a SKU', () => {
    const text = 'order-id\tsku\tproduct-name\n1\tA\t\n2\t\tOrphan\n3\tA\tApple\n4\tA\tApple (renamed)\n';
    expect(collectSkus(parseAmazonReport(text).rows)).toEqual([
      { sku: 'A', productName: 'Apple', orderLines: 3, units: 3 },
    ]);
  });

  it('fails with the SPEC text when no line has a SKU', () => {
    const { rows } = parseAmazonReport(fixtureText('no-skus.txt'));
    expect(rows).toHaveLength(2);
    expect(() => collectSkus(rows)).toThrow(AmazonError);
    expect(() => collectSkus(rows)).toThrow(
      'No SKUs found in the uploaded file. Please ensure your Amazon orders file contains SKU data.',
    );
    expect(() => collectSkus([] as AmazonReportRow[])).toThrow(/^No SKUs found in the uploaded file\./);
  });

  it('fails the same way for a report without a sku column', () => {
    const { rows } = parseAmazonReport('order-id,sku,product-name\n1,A,Apple\n');
    expect(() => collectSkus(rows)).toThrow(
      'No SKUs found in the uploaded file. Please ensure your Amazon orders file contains SKU data.',
    );
  });
});
