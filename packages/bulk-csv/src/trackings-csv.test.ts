import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { addressTo, buildTrackingsCsv, TRACKINGS_CSV_COLUMNS, trackingsCsvFileName } from './trackings-csv';

const party = (name: string, extra: Partial<Record<string, string>> = {}) => ({
  name,
  company: '',
  street1: '350 W 42nd St',
  street2: 'Apt 12B',
  city: 'New York',
  state: 'NY',
  zip: '10036',
  country: 'US',
  phone: '212-555-0147',
  email: '',
  ...extra,
});

const order = (n: number, extra: Record<string, unknown> = {}) => ({
  orderId: `ord_${n}`,
  serviceName: 'UPS Ground',
  sender: party('Maya Chen'),
  recipient: party(`Recipient ${n}`),
  trackingNumber: `1Z999AA1000000000${n}`,
  createdAt: new Date(2026, 10, 24, 9, 5, 7).toISOString(),
  hasLabel: true,
  ...extra,
});

describe('trackings CSV', () => {
  it('is named Bulk_Order_{digits of the bulk order id}_{MMDDYY}{HHMMSS}.csv at local time', () => {
    const now = new Date(2026, 0, 5, 7, 8, 9);
    expect(trackingsCsvFileName('blk_01jdq3w8k2x9', now)).toBe('Bulk_Order_013829_010526070809.csv');
    expect(trackingsCsvFileName('blk_abc', now)).toBe('Bulk_Order_0_010526070809.csv');
  });

  it('has the SPEC columns and one numbered line per order with a label, in the given order', () => {
    const csv = buildTrackingsCsv(
      'blk_42',
      [
        order(1),
        order(2, { hasLabel: false, trackingNumber: 'PENDING' }),
        order(3, { recipient: party('Priya', { street2: '', country: 'CA', city: 'Toronto', state: 'ON' }) }),
      ],
      new Date(2026, 10, 24, 10, 0, 0),
    );
    if (!csv) throw new Error('no csv');
    expect(csv.fileName).toBe('Bulk_Order_42_112426100000.csv');
    const parsed = Papa.parse<string[]>(csv.content, { skipEmptyLines: true }).data;
    expect(parsed[0]).toEqual([...TRACKINGS_CSV_COLUMNS]);
    expect(parsed.slice(1)).toEqual([
      [
        '1',
        'ord_1',
        'UPS Ground',
        'Maya Chen',
        'Recipient 1',
        '1Z999AA10000000001',
        '11/24/2026 09:05:07',
        '350 W 42nd St, Apt 12B, New York, NY 10036',
      ],
      [
        '2',
        'ord_3',
        'UPS Ground',
        'Maya Chen',
        'Priya',
        '1Z999AA10000000003',
        '11/24/2026 09:05:07',
        '350 W 42nd St, Toronto, ON 10036, CA',
      ],
    ]);
  });

  it('makes formula-looking names harmless and quotes commas', () => {
    const csv = buildTrackingsCsv('blk_1', [order(1, { recipient: party('=HYPERLINK("http://evil","x")') })]);
    if (!csv) throw new Error('no csv');
    const line = Papa.parse<string[]>(csv.content).data[1];
    expect(line?.[4]).toBe(`'=HYPERLINK("http://evil","x")`);
    expect(line?.[7]).toBe('350 W 42nd St, Apt 12B, New York, NY 10036');
  });

  it('is null when no order has a tracking number yet', () => {
    expect(buildTrackingsCsv('blk_1', [order(1, { hasLabel: false, trackingNumber: 'PENDING' })])).toBeNull();
    expect(buildTrackingsCsv('blk_1', [])).toBeNull();
  });

  it('writes the address on one line without empty parts', () => {
    expect(addressTo(party('x', { street2: '  ', zip: '' }))).toBe('350 W 42nd St, New York, NY');
  });
});
