import { describe, expect, it } from 'vitest';
import { parseAmazonReport } from './parse-report';
import { PREVIEW_COLUMNS, previewOrders } from './preview';
import { generateSampleReport } from './sample-report';
import { fixtureText } from './testing/fixtures';

describe('previewOrders', () => {
  it('shows the first 10 of a longer report with the SPEC caption', () => {
    const { rows } = parseAmazonReport(generateSampleReport(25, 3));
    const preview = previewOrders(rows);
    expect(preview.rows).toHaveLength(10);
    expect(preview.total).toBe(25);
    expect(preview.text).toBe('Showing 10 of 25 orders');
    expect(preview.rows.map((r) => r.orderId)).toEqual(rows.slice(0, 10).map((r) => r.orderId));
  });

  it('shows everything when there are fewer lines, with recipient falling back to the buyer', () => {
    const preview = previewOrders(parseAmazonReport(fixtureText('unshipped-orders.txt')).rows);
    expect(preview.text).toBe('Showing 6 of 6 orders');
    expect(preview.rows[1]).toEqual({
      orderId: '112-0000002-0000002',
      recipient: '山田太郎',
      address: '4567 Oak Avenue, Suite 200, Building C',
      city: 'Boston',
      state: 'MA',
      zip: '02134',
      sku: 'MUG-CER-11OZ',
      product: 'Ceramic Mug, 11oz "Classic"',
    });
    expect(preview.rows[2]?.recipient).toBe("Zoë O'Brien");
  });

  it('lists the columns in SPEC order', () => {
    expect(PREVIEW_COLUMNS.map((column) => column.key)).toEqual([
      'orderId',
      'recipient',
      'address',
      'city',
      'state',
      'zip',
      'sku',
      'product',
    ]);
  });
});
