import {
  BULK_MESSAGES,
  BulkProcessResponse,
  MAX_BULK_ROWS,
  ORDER_MESSAGES,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INSUFFICIENT_FUNDS_MESSAGE } from '../../src/use-cases/ledger/apply-balance-change';
import {
  csvRow,
  expectLedgerInvariant,
  postProcess,
  postValidate,
  upsGroundSelection,
  validateRows,
  waitForBulk,
} from './bulk-engine-support';
import { call, errorOf, type TestServer } from './helpers';
import { moneyOf, newCustomer, startShop } from './orders-support';

/** Bad bulk requests: each gets a clear answer and writes nothing (no bulk order, no order row, no money moved). */
describe('bulk orders: refusals', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
  });
  afterAll(() => server.stop());

  /** What a user has written: bulk orders, order rows and ledger rows, and the balance. */
  async function footprint(userId: string) {
    const [row] = await server.services.db.all<{ bulks: number; orders: number; entries: number }>(sql`
      SELECT (SELECT COUNT(*) FROM bulk_orders WHERE user_id = ${userId}) AS bulks,
        (SELECT COUNT(*) FROM orders WHERE user_id = ${userId}) AS orders,
        (SELECT COUNT(*) FROM ledger_entries WHERE user_id = ${userId}) AS entries`);
    return { ...row, balance: (await moneyOf(server, userId)).balance };
  }

  async function pricedRows(token: string, count: number) {
    const rows = Array.from({ length: count }, () => csvRow());
    const validated = await validateRows(server, token, api1, rows);
    return {
      rows,
      body: {
        ...upsGroundSelection(api1),
        orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
        totalPrice: validated.totalPrice,
      },
      total: validated.totalPrice,
    };
  }

  it('an overdraft answers 402 and writes nothing', async () => {
    const buyer = await newCustomer(server, admin, 20);
    const { body, total } = await pricedRows(buyer.token, 3);
    expect(total).toBeGreaterThan(20);
    const before = await footprint(buyer.id);
    const res = await postProcess(server, buyer.token, body);
    expect(res.status, res.text).toBe(402);
    expect(errorOf(res).error).toMatchObject({ code: 'insufficient_funds', message: INSUFFICIENT_FUNDS_MESSAGE });
    expect(await footprint(buyer.id)).toEqual(before);
  });

  it('a row price or a total that is not the server price answers 409 with the new total and writes nothing', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const { body, total } = await pricedRows(buyer.token, 2);
    const before = await footprint(buyer.id);

    const cheaperRow = structuredClone(body);
    const first = cheaperRow.orders[0];
    if (first) first.price = 0.01;
    const res = await postProcess(server, buyer.token, cheaperRow);
    expect(res.status, res.text).toBe(409);
    const err = errorOf(res).error;
    expect(err.message).toBe(BULK_MESSAGES.totalMismatch(`$${total.toFixed(2)}`));
    expect(err.details[0]?.message).toMatch(/^Row 1: /);
    expect(err.details[0]?.message).toContain(ORDER_MESSAGES.priceChanged(`$${body.orders[0]?.price?.toFixed(2)}`));

    const res2 = await postProcess(server, buyer.token, { ...body, totalPrice: 1 });
    expect(res2.status, res2.text).toBe(409);
    expect(errorOf(res2).error.message).toBe(BULK_MESSAGES.totalMismatch(`$${total.toFixed(2)}`));
    expect(await footprint(buyer.id)).toEqual(before);
  });

  it('an invalid row, a repeated row, an unknown service, too many rows: 4xx naming the problem, nothing written', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const { body } = await pricedRows(buyer.token, 2);
    const before = await footprint(buyer.id);

    const invalid = { ...body, orders: [...body.orders, { rowIndex: 7, data: csvRow({ toCity: '' }) }] };
    const res = await postProcess(server, buyer.token, { ...invalid, totalPrice: undefined });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res).error.message).toBe(`${BULK_MESSAGES.rowNotSelectedValid(7)}: toCity: City is required`);

    const repeated = { ...body, orders: [body.orders[0], body.orders[0]] };
    const res2 = await postProcess(server, buyer.token, repeated);
    expect(res2.status).toBe(400);
    expect(errorOf(res2).error.message).toBe(BULK_MESSAGES.duplicateRow(0));

    const res3 = await postProcess(server, buyer.token, { ...body, service: 'No Such Service' });
    expect(res3.status).toBe(404);
    expect(errorOf(res3).error.message).toBe(ORDER_MESSAGES.serviceNotFound);

    const many = Array.from({ length: MAX_BULK_ROWS + 1 }, (_, i) => ({ rowIndex: i, data: {} }));
    const res4 = await postProcess(server, buyer.token, { ...upsGroundSelection(api1), orders: many });
    expect(res4.status).toBe(400);
    expect(errorOf(res4).error.message).toBe(BULK_MESSAGES.tooManyRows(MAX_BULK_ROWS));
    const res5 = await postValidate(server, buyer.token, { ...upsGroundSelection(api1), orders: [] });
    expect(res5.status).toBe(400);
    expect(errorOf(res5).error.message).toBe(BULK_MESSAGES.noData);
    const res6 = await postProcess(server, buyer.token, { ...upsGroundSelection(api1), orders: [] });
    expect(errorOf(res6).error.message).toBe(BULK_MESSAGES.selectValidOrder);

    expect(await footprint(buyer.id)).toEqual(before);
  });

  it('a body above the bulk limit is refused with 413 before it is read; a full 10,000-row file fits', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const huge = JSON.stringify({ ...upsGroundSelection(api1), orders: [{ pad: 'x'.repeat(25 * 1024 * 1024) }] });
    const res = await call(server, 'POST', '/api/orders/bulk/validate', {
      token: buyer.token,
      raw: huge,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(errorOf(res).error).toMatchObject({
      code: 'payload_too_large',
      message: 'Request body is too large (limit 24 MiB)',
    });

    // MAX_BULK_ROWS (10,000) rows with long cells (more than 1 MiB, the rest of the API's limit) are validated.
    expect(MAX_BULK_ROWS).toBe(10_000);
    const rows = Array.from({ length: MAX_BULK_ROWS }, () => csvRow({ description: 'd'.repeat(150) }));
    expect(JSON.stringify(rows).length).toBeGreaterThan(2 * 1024 * 1024);
    const ok = await postValidate(server, buyer.token, { ...upsGroundSelection(api1), orders: rows });
    expect(ok.status, ok.text.slice(0, 300)).toBe(200);
    const { results } = ok.body as { results: { isValid: boolean }[] };
    expect(results.filter((r) => r.isValid)).toHaveLength(MAX_BULK_ROWS);
    // The rest of the API keeps its 1 MiB limit.
    const other = await call(server, 'POST', '/api/orders', {
      token: buyer.token,
      json: { pad: 'x'.repeat(1_100_000) },
    });
    expect(other.status).toBe(413);
  });

  it('Idempotency-Key: a retry answers the first bulk order; the same key with another body is refused', async () => {
    const buyer = await newCustomer(server, admin, 200);
    const { body } = await pricedRows(buyer.token, 2);
    const key = `bulk-${Date.now()}`;
    const [a, b] = await Promise.all([
      postProcess(server, buyer.token, body, key),
      postProcess(server, buyer.token, body, key),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const first = BulkProcessResponse.parse(a.body);
    expect(BulkProcessResponse.parse(b.body).bulkOrderId).toBe(first.bulkOrderId);
    await waitForBulk(server, first.bulkOrderId);
    const again = await postProcess(server, buyer.token, body, key);
    expect(again.status).toBe(200);
    expect(BulkProcessResponse.parse(again.body)).toMatchObject({
      bulkOrderId: first.bulkOrderId,
      processingStatus: { isProcessing: false, totalLabels: 2, labelsProcessed: 2, labelsRemaining: 0 },
    });
    const other = await postProcess(
      server,
      buyer.token,
      { ...body, orders: body.orders.slice(0, 1), totalPrice: undefined },
      key,
    );
    expect(other.status).toBe(409);
    expect(errorOf(other).error.message).toBe(ORDER_MESSAGES.idempotencyMismatch);
    const [count] = await server.services.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM bulk_orders WHERE user_id = ${buyer.id}`,
    );
    expect(Number(count?.n)).toBe(1);
    await expectLedgerInvariant(server);
  });

  it('anonymous and bad-token callers get 401 on both calls', async () => {
    const body = { ...upsGroundSelection(api1), orders: [csvRow()] };
    for (const path of ['/api/orders/bulk/validate', '/api/orders/bulk/process']) {
      const anon = await call(server, 'POST', path, { json: body });
      expect(anon.status).toBe(401);
      expect(errorOf(anon).error.code).toBe('unauthorized');
      const bad = await call(server, 'POST', path, { json: body, token: 'not-a-token' });
      expect(bad.status).toBe(401);
    }
  });
});
