import { ORDER_REFERENCE_MAX } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { AMAZON_CARRIER } from './constants';
import {
  amazonReference,
  cleanPhone,
  conversionSuccessMessage,
  convertOrders,
  type SenderAddress,
} from './convert-orders';
import type { PackageDimensions } from './dimensions';
import { parseAmazonReport } from './parse-report';
import { fixtureText } from './testing/fixtures';

const sender: SenderAddress = {
  name: 'LabelDesk Warehouse',
  company: 'LabelDesk LLC',
  street1: '500 Shipping Way',
  street2: 'Dock 3',
  city: 'Reno',
  state: 'NV',
  zip: '89501',
  phone: '775-555-0100',
};
const dimensions: Record<string, PackageDimensions> = {
  'WIDGET-BLUE-12': { weight: 1.5, length: 12, width: 8, height: 4 },
  'MUG-CER-11OZ': { weight: 2, length: 6, width: 6, height: 6.5 },
  'TSHIRT-M-BLK': { weight: 0.5, length: 10, width: 8, height: 1 },
};
const from = {
  fromName: 'LabelDesk Warehouse',
  fromCompany: 'LabelDesk LLC',
  fromStreet1: '500 Shipping Way',
  fromStreet2: 'Dock 3',
  fromCity: 'Reno',
  fromState: 'NV',
  fromZip: '89501',
  fromPhone: '775-555-0100',
};
const { rows: reportRows } = parseAmazonReport(fixtureText('unshipped-orders.txt'));

describe('convertOrders, one label per order line', () => {
  const result = convertOrders(reportRows, { sender, dimensions });

  it('writes every bulk CSV column of every converted line', () => {
    expect(result.rows).toEqual([
      {
        ...from,
        toName: 'José Müller',
        toCompany: '',
        toStreet1: '123 Main St',
        toStreet2: 'Apt 4B',
        toCity: 'Seattle',
        toState: 'WA',
        toZip: '98101-1234',
        toPhone: '+1 206-555-0100',
        weight: '1.5',
        length: '12',
        width: '8',
        height: '4',
        description: 'Blue Widget 12" Deluxe',
        orderNumber: '111-0000001-0000001',
        sku: 'WIDGET-BLUE-12',
        productName: 'Blue Widget 12" Deluxe',
        reference: '111-0000001-0000001 WIDGET-BLUE-12',
      },
      {
        ...from,
        toName: '山田太郎',
        toCompany: '',
        toStreet1: '4567 Oak Avenue',
        toStreet2: 'Suite 200, Building C',
        toCity: 'Boston',
        toState: 'MA',
        toZip: '02134',
        toPhone: '+1 617-555-0111',
        weight: '2',
        length: '6',
        width: '6',
        height: '6.5',
        description: 'Ceramic Mug, 11oz "Classic"',
        orderNumber: '112-0000002-0000002',
        sku: 'MUG-CER-11OZ',
        productName: 'Ceramic Mug, 11oz "Classic"',
        reference: '112-0000002-0000002 MUG-CER-11OZ',
      },
      {
        ...from,
        toName: "Zoë O'Brien",
        toCompany: '',
        toStreet1: '89 Elm Street',
        toStreet2: '',
        toCity: 'Austin',
        toState: 'TX',
        toZip: '78701',
        toPhone: '',
        weight: '1.5',
        length: '12',
        width: '8',
        height: '4',
        description: 'Blue Widget 12" Deluxe',
        orderNumber: '113-0000003-0000003',
        sku: 'WIDGET-BLUE-12',
        productName: 'Blue Widget 12" Deluxe',
        reference: '113-0000003-0000003 WIDGET-BLUE-12',
      },
      {
        ...from,
        toName: "Zoë O'Brien",
        toCompany: '',
        toStreet1: '89 Elm Street',
        toStreet2: '',
        toCity: 'Austin',
        toState: 'TX',
        toZip: '78701',
        toPhone: '',
        weight: '0.5',
        length: '10',
        width: '8',
        height: '1',
        description: 'Cotton T-Shirt - Medium - Black',
        orderNumber: '113-0000003-0000003',
        sku: 'TSHIRT-M-BLK',
        productName: 'Cotton T-Shirt - Medium - Black',
        reference: '113-0000003-0000003 TSHIRT-M-BLK',
      },
      {
        ...from,
        toName: 'Ana María Núñez',
        toCompany: '',
        toStreet1: '1 Infinite Loop, Bldg 2',
        toStreet2: '',
        toCity: 'San José',
        toState: 'CA',
        toZip: '95014',
        toPhone: '555-555-0199',
        weight: '0.5',
        length: '10',
        width: '8',
        height: '1',
        description: 'Cotton T-Shirt - Medium - Black',
        orderNumber: '114-0000005-0000005',
        sku: 'TSHIRT-M-BLK',
        productName: 'Cotton T-Shirt - Medium - Black',
        reference: '114-0000005-0000005 TSHIRT-M-BLK',
      },
    ]);
  });

  it('counts distinct orders, labels and the line skipped for its SKU without dimensions', () => {
    expect(result).toMatchObject({ orderCount: 4, labelCount: 5, skippedLines: 1, skippedSkus: ['NO-DIMS-SKU'] });
  });

  it('builds the SPEC success text from the counts', () => {
    expect(conversionSuccessMessage(result)).toBe(
      'Successfully converted 4 orders into 5 shipping labels. Click "Download CSV" to save your file.',
    );
  });
});

describe('convertOrders, one label per unit', () => {
  const result = convertOrders(reportRows, { sender, dimensions, splitByQuantity: true });

  it('repeats lines with quantity > 1 and suffixes their description with (i/n)', () => {
    expect(result.rows.map((row) => [row.orderNumber, row.description])).toEqual([
      ['111-0000001-0000001', 'Blue Widget 12" Deluxe'],
      ['112-0000002-0000002', 'Ceramic Mug, 11oz "Classic" (1/3)'],
      ['112-0000002-0000002', 'Ceramic Mug, 11oz "Classic" (2/3)'],
      ['112-0000002-0000002', 'Ceramic Mug, 11oz "Classic" (3/3)'],
      ['113-0000003-0000003', 'Blue Widget 12" Deluxe (1/2)'],
      ['113-0000003-0000003', 'Blue Widget 12" Deluxe (2/2)'],
      ['113-0000003-0000003', 'Cotton T-Shirt - Medium - Black'],
      ['114-0000005-0000005', 'Cotton T-Shirt - Medium - Black'],
    ]);
    expect(result).toMatchObject({ orderCount: 4, labelCount: 8, skippedLines: 1 });
    expect(new Set(result.rows.slice(1, 4).map((row) => row.productName))).toEqual(
      new Set(['Ceramic Mug, 11oz "Classic"']),
    );
    expect(conversionSuccessMessage(result)).toBe(
      'Successfully converted 4 orders into 8 shipping labels. Click "Download CSV" to save your file.',
    );
  });

  it('uses the SKU as description when asked, also when splitting', () => {
    const bySku = convertOrders(reportRows, { sender, dimensions, splitByQuantity: true, descriptionSource: 'sku' });
    expect(bySku.rows.slice(0, 4).map((row) => row.description)).toEqual([
      'WIDGET-BLUE-12',
      'MUG-CER-11OZ (1/3)',
      'MUG-CER-11OZ (2/3)',
      'MUG-CER-11OZ (3/3)',
    ]);
  });
});

describe('convertOrders details', () => {
  it('falls back to the SKU when a line has no product name', () => {
    const { rows } = parseAmazonReport('order-id\tsku\tproduct-name\tquantity-purchased\n9\tWIDGET-BLUE-12\t\t2\n');
    const result = convertOrders(rows, { sender, dimensions, splitByQuantity: true });
    expect(result.rows.map((row) => row.description)).toEqual(['WIDGET-BLUE-12 (1/2)', 'WIDGET-BLUE-12 (2/2)']);
  });

  it('treats invalid dimension entries as missing and skips their lines', () => {
    const broken = {
      'WIDGET-BLUE-12': { weight: 0, length: 12, width: 8, height: 4 },
      'MUG-CER-11OZ': { weight: Number.NaN, length: 6, width: 6, height: 6 },
      'TSHIRT-M-BLK': dimensions['TSHIRT-M-BLK'] as PackageDimensions,
    };
    const result = convertOrders(reportRows, { sender, dimensions: broken });
    expect(result.rows.map((row) => row.sku)).toEqual(['TSHIRT-M-BLK', 'TSHIRT-M-BLK']);
    expect(result).toMatchObject({
      orderCount: 2,
      labelCount: 2,
      skippedLines: 4,
      skippedSkus: ['WIDGET-BLUE-12', 'MUG-CER-11OZ', 'NO-DIMS-SKU'],
    });
  });

  it('converts nothing, and says so in the counts, when no SKU has dimensions', () => {
    const result = convertOrders(reportRows, { sender, dimensions: {} });
    expect(result).toEqual({
      rows: [],
      orderCount: 0,
      labelCount: 0,
      skippedLines: 6,
      skippedSkus: ['WIDGET-BLUE-12', 'MUG-CER-11OZ', 'TSHIRT-M-BLK', 'NO-DIMS-SKU'],
    });
  });

  it('accepts a saved address with null or missing optional fields and trims the sender', () => {
    const saved = {
      _id: 'adr_01',
      name: '  Jane Sender ',
      company: null,
      street1: '1 Road',
      city: 'Reno',
      state: 'NV',
      zip: '89501',
      country: 'US',
      type: 'sender',
      isDefault: true,
    };
    const [row] = convertOrders(reportRows.slice(0, 1), { sender: saved, dimensions }).rows;
    expect(row).toMatchObject({ fromName: 'Jane Sender', fromCompany: '', fromStreet2: '', fromPhone: '' });
  });

  it('exposes UPS as the fixed carrier', () => {
    expect(AMAZON_CARRIER).toBe('UPS');
  });
});

describe('cleanPhone', () => {
  it.each([
    ['+1 555-555-0100 ext. 12345', '+1 555-555-0100'],
    ['+1 206-555-0100 ext. 12345', '+1 206-555-0100'],
    ['555-555-0199ext.9', '555-555-0199'],
    ['(206) 555-0100 Ext: 42', '(206) 555-0100'],
    ['206.555.0100 EXT 7', '206.555.0100'],
    ['206-555-0100, extension 7', '206-555-0100'],
    ['206-555-0100 (ext. 7)', '206-555-0100'],
    ['(206) 555-0100x42', '(206) 555-0100'],
    ['206 555 0100 x 42', '206 555 0100'],
    ['+1 617-555-0111', '+1 617-555-0111'],
    ['  2065550100  ', '2065550100'],
    ['ext. 12345', ''],
    ['', ''],
  ])('%j → %j', (raw, cleaned) => {
    expect(cleanPhone(raw)).toBe(cleaned);
  });
});

describe('amazonReference', () => {
  it('is the order id and the SKU, cut to the 35 characters a label reference takes', () => {
    expect(amazonReference('111-0000001-0000001', 'MUG-11')).toBe('111-0000001-0000001 MUG-11');
    const cut = amazonReference('111-0000001-0000001', 'VERY-LONG-SKU-NAME-FOR-A-BUNDLE');
    expect(cut).toBe('111-0000001-0000001 VERY-LONG-SKU-N');
    expect(cut).toHaveLength(ORDER_REFERENCE_MAX);
    // A cut that ends on a space is trimmed; a line without a SKU keeps the order id alone.
    expect(amazonReference('111-0000001-0000001', '')).toBe('111-0000001-0000001');
    expect(amazonReference(`${'1'.repeat(34)}`, 'A')).toBe('1'.repeat(34));
  });
});
