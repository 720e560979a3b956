import { BULK_MESSAGES, BulkProcessResponse, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bulkRowsOf,
  csvRow,
  expectSettled,
  PROVIDER_REFUSED_STREET,
  postProcess,
  upsGroundSelection,
  validateRows,
  waitForBulk,
} from './bulk-engine-support';
import type { TestServer } from './helpers';
import { ledgerRowsOf, moneyOf, newCustomer, quote, startShop, upsGround } from './orders-support';

/**
 * A bulk order end to end over HTTP: the CSV rows validated and priced like manual orders, the valid ones bought in
 * the background with ONE hold, the rows the provider refuses refunded one by one, and the final status.
 */
describe('bulk orders', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
  });
  afterAll(() => server.stop());

  it('validate: every row with its price (the manual order price) or its SPEC errors, prefixed by the column', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const rows = [
      csvRow(),
      csvRow({ weight: '12' }),
      csvRow({ toName: '', toZip: '' }),
      csvRow({ toName: '=HYPERLINK("http://x")' }),
      csvRow({ weight: 'heavy' }),
      csvRow({ weight: '-1' }),
      csvRow({ weight: '200' }),
      { ...csvRow(), color: 'red' },
      csvRow({ fromPhone: '+1 555 0100' }),
      csvRow({ description: '@SUM(A1)' }),
      'not a row',
      // The US address rules a manual order is refused by (no carrier takes these), on the row's columns.
      csvRow({ toZip: 'ABCDE', fromState: 'New York' }),
      csvRow({ toZip: '94105-1234', toState: 'ca' }),
    ];
    const result = await validateRows(server, buyer.token, api1, rows);
    const manual = await quote(server, buyer.token, upsGround(api1));
    const manual12 = await quote(
      server,
      buyer.token,
      upsGround(api1, { packageDetails: { ...upsGround(api1).packageDetails, weight: 12 } }),
    );

    const byRow = (i: number) => result.results[i];
    expect(byRow(0)).toEqual({ rowIndex: 0, isValid: true, errors: [], price: manual.price });
    expect(byRow(1)).toEqual({ rowIndex: 1, isValid: true, errors: [], price: manual12.price });
    expect(byRow(2)?.isValid).toBe(false);
    expect(byRow(2)?.errors).toEqual(['toName: Name is required', 'toZip: ZIP code is required']);
    expect(byRow(3)?.errors).toEqual([BULK_MESSAGES.formulaCell('toName')]);
    expect(byRow(4)?.errors).toEqual([BULK_MESSAGES.invalidNumber('weight')]);
    expect(byRow(5)?.errors).toEqual([`weight: ${ORDER_MESSAGES.minPackageNumber}`]);
    // Over the service's maximum: the SPEC §5 text a manual order gets.
    expect(byRow(6)?.errors[0]).toMatch(/^weight: Weight exceeds maximum allowed \(\d+ lbs\) for UPS Ground$/);
    expect(byRow(7)?.errors).toEqual([BULK_MESSAGES.unknownColumns(['color'])]);
    // A phone number with + is not a formula.
    expect(byRow(8)).toMatchObject({ isValid: true, errors: [] });
    expect(byRow(9)?.errors).toEqual([BULK_MESSAGES.formulaCell('description')]);
    expect(byRow(10)?.errors).toEqual(['Row must be an object of CSV columns']);
    expect(byRow(11)?.errors).toEqual([`fromState: ${ORDER_MESSAGES.usState}`, `toZip: ${ORDER_MESSAGES.usZip}`]);
    // ZIP+4 and a lower-case state are what a manual order takes too.
    expect(byRow(12)).toEqual({ rowIndex: 12, isValid: true, errors: [], price: manual.price });
    for (const r of result.results) expect(r.price === null).toBe(!r.isValid);
    expect(result.validCount).toBe(4);
    expect(result.invalidCount).toBe(9);
    expect(result.totalPrice).toBeCloseTo(manual.price * 3 + manual12.price, 2);
  });

  it('process: exactly the selected valid rows bought, one hold, a refund per provider-refused row, status partial', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = [
      csvRow(),
      csvRow({ toName: '' }), // invalid: not selectable
      csvRow({ weight: '7' }),
      csvRow({ toStreet1: PROVIDER_REFUSED_STREET }), // valid here, refused by the provider
      csvRow({ weight: '1' }), // valid but not selected by the customer
      csvRow({ orderNumber: '', sku: '' }),
    ];
    const validated = await validateRows(server, buyer.token, api1, rows);
    expect(validated.results.map((r) => r.isValid)).toEqual([true, false, true, true, true, true]);
    const selected = validated.results.filter((r) => r.isValid && r.rowIndex !== 4);
    const totalPrice = Math.round(selected.reduce((s, r) => s + (r.price ?? 0) * 100, 0)) / 100;

    const res = await postProcess(server, buyer.token, {
      ...upsGroundSelection(api1),
      orders: selected.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
      totalPrice,
    });
    expect(res.status, res.text).toBe(201);
    const created = BulkProcessResponse.parse(res.body);
    expect(created).toMatchObject({
      isBackgroundProcessing: true,
      totalPrice,
      newBalance: (start - Math.round(totalPrice * 100)) / 100,
      message: BULK_MESSAGES.started,
      processingStatus: { isProcessing: true, totalLabels: 4, labelsProcessed: 0, labelsRemaining: 4 },
    });
    expect(created.bulkOrderId).toMatch(/^blk_/);

    // The hold: one ledger debit of the whole total, naming the bulk order.
    const holds = (await ledgerRowsOf(server, buyer.id, 'label_purchase')).filter(
      (e) => e.reference === created.bulkOrderId,
    );
    expect(holds).toHaveLength(1);
    expect(holds[0]?.amount_cents).toBe(Math.round(totalPrice * 100));

    const bulk = await waitForBulk(server, created.bulkOrderId);
    expect(bulk).toMatchObject({ status: 'partial', failed_order_count: 1, order_count: 4 });
    expect(bulk.completed_at).not.toBeNull();

    const orderRows = await bulkRowsOf(server, created.bulkOrderId);
    expect(orderRows.map((r) => [r.row_index, r.status])).toEqual([
      [0, 'completed'],
      [2, 'completed'],
      [3, 'failed'],
      [5, 'completed'],
    ]);
    for (const r of orderRows) {
      expect(r.source).toBe('bulk');
      expect(r.debit_entry_id).toBe(bulk.hold_entry_id);
      expect(r.purchase_attempts).toBe(1);
    }
    expect(orderRows[0]?.amazon_order_id).toBe(rows[0]?.orderNumber);
    expect(orderRows[0]?.sku).toBe(rows[0]?.sku);
    expect(orderRows[3]).toMatchObject({ amazon_order_id: null, sku: null });
    expect(orderRows[2]?.failure_reason).toBeTruthy();

    // Each failed row: its own refund credit naming the order, of that row's price (not the whole hold).
    const refunds = await ledgerRowsOf(server, buyer.id, 'label_refund');
    expect(refunds.map((e) => [e.reference, e.amount_cents])).toEqual([[orderRows[2]?.id, orderRows[2]?.price_cents]]);

    const settled = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    expect(settled.bought).toHaveLength(3);
    const after = await moneyOf(server, buyer.id);
    expect(after.totalSpend).toBe(settled.boughtCents);
  });

  it('a bulk order whose every row is refused ends failed with everything refunded', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = [csvRow({ toStreet1: PROVIDER_REFUSED_STREET }), csvRow({ toStreet1: PROVIDER_REFUSED_STREET })];
    const validated = await validateRows(server, buyer.token, api1, rows);
    const res = await postProcess(server, buyer.token, {
      ...upsGroundSelection(api1),
      orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
    });
    expect(res.status, res.text).toBe(201);
    const { bulkOrderId } = BulkProcessResponse.parse(res.body);
    expect(await waitForBulk(server, bulkOrderId)).toMatchObject({ status: 'failed', failed_order_count: 2 });
    await expectSettled(server, buyer.id, bulkOrderId, start);
    expect((await moneyOf(server, buyer.id)).balance).toBe(start);
  });
});
