import { MAX_BULK_ROWS, type ShippingApiConfig } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBulkOrder } from '../../src/use-cases/bulk-orders/create-bulk-order';
import { buyRows, csvRow, expectSettled, upsGroundSelection, validateRows, waitForBulk } from './bulk-engine-support';
import { call, type TestServer } from './helpers';
import { fetchLabel, newCustomer, startShop } from './orders-support';
import { pdfInfo } from './poppler-support';

/** What one admin change may add (MAX_AMOUNT_USD): a 10,000-row order is funded in several. */
async function fund(server: TestServer, admin: string, userId: string, usd: number): Promise<void> {
  for (let added = 0; added < usd; added += 100_000) {
    const res = await call(server, 'PATCH', `/api/admin/users/${userId}/balance`, {
      token: admin,
      json: { mode: 'add', amount: Math.min(100_000, Math.ceil(usd - added)) },
    });
    expect(res.status, res.text).toBe(200);
  }
}

async function balanceCents(server: TestServer, userId: string): Promise<number> {
  const [row] = await server.services.db.all<{ balance: number }>(
    sql`SELECT balance_cents AS balance FROM users WHERE id = ${userId}`,
  );
  return Number(row?.balance);
}

/**
 * A bulk order of MAX_BULK_ROWS (10,000) rows processed end to end (issue 24): placed over HTTP, every row bought by
 * the job runner from the embedded carrier sandbox, the money moved by exactly the rows' prices, and the combined PDF
 * holding one page per label. The sandbox answers at once and without a rate limit (its default allows 600 labels a
 * minute), so the run measures our engine, not a provider's pace.
 */
describe('bulk orders: 10,000 rows', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      jobConcurrency: 18,
      bulkConcurrencyPerApi: 16,
      carrierSandboxOptions: { latencyMs: 0, rateLimit: false, exceptionRate: 0 },
    }));
  });
  afterAll(() => server.stop());

  it('every row is bought, the balance moves by exactly the charges, and the combined PDF has 10,000 pages', async () => {
    const rows = Array.from({ length: MAX_BULK_ROWS }, () => csvRow({ weight: '1' }));
    const buyer = await newCustomer(server, admin, 0, 'Ten Thousand');
    const priced = await validateRows(server, buyer.token, api1, rows);
    expect(priced.validCount).toBe(MAX_BULK_ROWS);
    await fund(server, admin, buyer.id, priced.totalPrice + 1);
    const start = await balanceCents(server, buyer.id);

    const { created } = await buyRows(server, buyer.token, api1, rows);
    expect(created.processingStatus.totalLabels).toBe(MAX_BULK_ROWS);
    const bulk = await waitForBulk(server, created.bulkOrderId, 1_500_000);
    expect(bulk.status).toBe('completed');

    // Every row completed once, one hold, no refund, the balance down by exactly the sum of the rows' prices (which
    // is the validated total), one provider label per row, the ledger invariant.
    const { bought, failed, boughtCents } = await expectSettled(server, buyer.id, created.bulkOrderId, start);
    expect(bought).toHaveLength(MAX_BULK_ROWS);
    expect(failed).toEqual([]);
    expect(boughtCents).toBe(Math.round(priced.totalPrice * 100));
    expect(await balanceCents(server, buyer.id)).toBe(start - boughtCents);

    const pdf = await fetchLabel(server, `/api/labels/bulk/${created.bulkOrderId}`, buyer.token);
    expect(pdf.status).toBe(200);
    expect(pdfInfo(pdf.bytes)).toEqual({ pages: MAX_BULK_ROWS, pageSize: { width: 288, height: 432 } });
  }, 1_800_000);

  it('placing a big bulk order lets other work run in between (the checks, the inserts built, the jobs queued)', async () => {
    const rows = Array.from({ length: 1_000 }, () => csvRow({ weight: '1' }));
    const buyer = await newCustomer(server, admin, 0, 'One Thousand');
    const priced = await validateRows(server, buyer.token, api1, rows);
    await fund(server, admin, buyer.id, priced.totalPrice + 1);
    // Every database call of the Node entry is synchronous, and awaiting one does not let a timer run: a timer that
    // fires during the call is proof the event loop (other customers' requests) got turns while it ran.
    let turns = 0;
    let running = true;
    const turn = () => {
      if (!running) return;
      turns += 1;
      setTimeout(turn, 0);
    };
    setTimeout(turn, 0);
    const result = await createBulkOrder(server.services, {
      userId: buyer.id,
      request: {
        ...upsGroundSelection(api1),
        template: null,
        orders: priced.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price ?? 0 })),
        totalPrice: priced.totalPrice,
      },
    });
    running = false;
    expect(result.kind).toBe('created');
    // 1,000 rows: two chunks checked, two chunks of inserts built, two chunks of jobs queued, a turn between each
    // (without them, none: the whole call is one synchronous run).
    expect(turns).toBeGreaterThanOrEqual(3);
    await waitForBulk(server, result.bulkOrder.id, 300_000);
  }, 400_000);
});
