import { BULK_CSV_COLUMNS } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import type { OrderRow } from '../../db/schema';
import { failedRowsCsv, failedRowsFileName } from './build-failed-rows-csv';

const party = (name: string, extra: Record<string, string> = {}) =>
  JSON.stringify({
    name,
    company: '',
    street1: '1 Main St',
    street2: '',
    city: 'Reno',
    state: 'NV',
    zip: '89501',
    country: 'US',
    phone: '+1 775-555-0100',
    email: '',
    ...extra,
  });

function failedRow(fields: Partial<OrderRow> & { rowIndex: number }): OrderRow {
  return {
    id: `ord_${fields.rowIndex}`,
    userId: 'usr_1',
    source: 'bulk',
    status: 'failed',
    deliveryStatus: 'pending',
    apiId: 'api_1',
    apiName: 'API 1',
    providerApiId: null,
    providerApiName: null,
    serviceId: 'svc_1',
    carrier: 'UPS',
    serviceName: 'UPS Ground',
    serviceCode: 'ground',
    priceCents: 1140,
    providerCostCents: null,
    trackingNumber: 'PENDING',
    providerLabelId: null,
    labelBlobKey: null,
    senderJson: party('Shop'),
    recipientJson: party('Grace'),
    packageJson: JSON.stringify({
      weight: 3,
      weightUnit: 'lbs',
      length: 10,
      width: 8,
      height: 4,
      description: 'Books',
      valueCents: 0,
      template: null,
    }),
    reference: null,
    livemode: true,
    recipientName: 'Grace',
    destination: 'Reno, NV',
    estimatedDelivery: null,
    trackingEventsJson: '[]',
    lastCheckedAt: null,
    deliveredAt: null,
    lastAttemptError: null,
    nextAttemptAt: null,
    idempotencyKey: null,
    requestHash: null,
    debitEntryId: 'txn_hold',
    refundEntryId: `txn_refund_${fields.rowIndex}`,
    failureReason: 'The shipping provider refused the shipment details. Please check the addresses and package.',
    failureDetailsJson: null,
    reconcileAttempts: 0,
    amazonOrderId: null,
    sku: null,
    bulkOrderId: 'blk_1',
    purchaseAttempts: 1,
    createdAt: '2026-02-01T10:00:00.000Z',
    updatedAt: '2026-02-01T10:00:00.000Z',
    completedAt: null,
    voidStatus: null,
    voidRequestedAt: null,
    voidIdempotencyKey: null,
    ...fields,
  };
}

describe('failed rows CSV', () => {
  it('rebuilds each row in the bulk CSV columns, then its 1-based row number and the reason', () => {
    const csv = failedRowsCsv([failedRow({ rowIndex: 0 }), failedRow({ rowIndex: 6, failureReason: 'Out of range' })]);
    const [header, first, second, ...rest] = csv.split('\r\n');
    expect(rest).toEqual([]);
    expect(header).toBe(`${BULK_CSV_COLUMNS.join(',')},rowNumber,error`);
    expect(first).toBe(
      'Shop,,1 Main St,,Reno,NV,89501,+1 775-555-0100,Grace,,1 Main St,,Reno,NV,89501,+1 775-555-0100,3,10,8,4,Books,1,' +
        'The shipping provider refused the shipment details. Please check the addresses and package.',
    );
    expect(second?.endsWith(',7,Out of range')).toBe(true);
    expect(failedRowsFileName('blk_01abc')).toBe('failed-orders-blk_01abc.csv');
  });

  it('adds the reference column when a failed row had one, so the file uploads again with it', () => {
    const csv = failedRowsCsv([failedRow({ rowIndex: 0, reference: 'PO-1042' }), failedRow({ rowIndex: 1 })]);
    const [header, first, second] = csv.split('\r\n');
    expect(header).toBe(`${BULK_CSV_COLUMNS.join(',')},reference,rowNumber,error`);
    expect(first).toContain(',Books,PO-1042,1,');
    expect(second).toContain(',Books,,2,');
  });

  it('neutralises formula cells, quotes commas, quotes and line breaks, keeps phone numbers', () => {
    const csv = failedRowsCsv([
      failedRow({
        rowIndex: 2,
        recipientJson: party('=HYPERLINK("http://evil.example","x")', { street2: 'Apt 4, rear', company: '@SUM(A1)' }),
        packageJson: JSON.stringify({
          weight: 3,
          weightUnit: 'lbs',
          length: 10,
          width: 8,
          height: 4,
          description: 'two\nlines',
          valueCents: 0,
          template: null,
        }),
        failureReason: '-1 is not a weight',
      }),
    ]);
    const line = csv.slice(csv.indexOf('\r\n') + 2);
    expect(line).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    expect(line).toContain(`,'@SUM(A1),`);
    expect(line).toContain(',"Apt 4, rear",');
    expect(line).toContain(',"two\nlines",');
    expect(line).toContain(',+1 775-555-0100,');
    expect(line.endsWith(",3,'-1 is not a weight")).toBe(true);
  });

  it('writes weights in pounds and adds the Amazon columns when a row came from the converter', () => {
    const csv = failedRowsCsv([
      failedRow({
        rowIndex: 0,
        amazonOrderId: '112-0000000-0000001',
        sku: 'WIDGET-1',
        packageJson: JSON.stringify({
          weight: 24,
          weightUnit: 'oz',
          length: 1,
          width: 2,
          height: 3,
          description: '',
          valueCents: 0,
          template: null,
        }),
      }),
      failedRow({ rowIndex: 1 }),
    ]);
    const [header, first, second] = csv.split('\r\n');
    expect(header).toBe(`${BULK_CSV_COLUMNS.join(',')},orderNumber,sku,productName,rowNumber,error`);
    expect(first).toContain(',1.5,1,2,3,,112-0000000-0000001,WIDGET-1,,1,');
    expect(second).toContain(',3,10,8,4,Books,,,,2,');
  });
});
