import {
  BULK_MESSAGES,
  BulkCancelResponse,
  BulkOrderDetailResponse,
  type ShippingApiConfig,
  V1CancelBulkOrderResponse,
} from '@labeldesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../../src/db/schema';
import { handleJob } from '../../src/jobs/handle-job';
import { JobMessage } from '../../src/ports/job-queue';
import { bulkOrderRow, bulkRowsOf, buyRows, csvRow, expectLedgerInvariant } from './bulk-engine-support';
import { call, type TestServer } from './helpers';
import { ledgerRowsOf, moneyOf, newCustomer, startShop } from './orders-support';
import { carrierOf } from './providers-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * Bulk orders that cannot finish, with the carrier sandbox refusing every request: each row's state in the details
 * (retrying, with the reason and the next attempt), cancelling (the owner, an admin, the public API; one refund per
 * unbought row, a second cancel changes nothing, racing the engine never loses or invents money) and the row deadline
 * (the server's clock moved past it). The server runs no jobs of its own: the tests deliver them, so each step is
 * seen as it happens.
 */
describe('bulk orders that cannot finish', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  const offset = { ms: 0 };

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      runJobs: false,
      clock: { now: () => new Date(Date.now() + offset.ms) },
    }));
  });
  afterEach(() => {
    const sandbox = carrierOf(server);
    sandbox.setDown(false);
    sandbox.setThrottle(0);
    sandbox.setLatency(0);
  });
  afterAll(() => server.stop());

  /** The queued jobs of one type (and bulk order / order), as the runner would deliver them. */
  async function queued(type: JobMessage['type'], match: (m: JobMessage) => boolean = () => true) {
    const rows = await server.services.db.select().from(jobs).where(eq(jobs.type, type));
    return rows
      .filter((r) => r.status === 'queued')
      .map((r) => JobMessage.parse(JSON.parse(r.payload)))
      .filter(match);
  }
  const rowJobs = (bulkOrderId: string) =>
    queued('bulk.buy-row', (m) => m.type === 'bulk.buy-row' && m.bulkOrderId === bulkOrderId);
  async function rowJob(bulkOrderId: string, orderId: string) {
    const [m] = (await rowJobs(bulkOrderId)).filter((j) => j.type === 'bulk.buy-row' && j.orderId === orderId);
    if (!m) throw new Error(`no job for ${orderId}`);
    return m;
  }

  async function details(token: string, id: string, path = `/api/orders/bulk/${id}`) {
    const res = await call(server, 'GET', path, { token });
    expect(res.status, res.text).toBe(200);
    return BulkOrderDetailResponse.parse(res.body);
  }
  async function cancel(token: string, id: string) {
    return call(server, 'POST', `/api/orders/bulk/${id}/cancel`, { token });
  }

  it('shows each row as retrying with the reason and the next attempt while the carrier refuses every request', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow(), csvRow()]);
    const id = created.bulkOrderId;
    const [r0, r1, r2] = await bulkRowsOf(server, id);
    if (!r0 || !r1 || !r2) throw new Error('rows');

    const before = await details(buyer.token, id);
    expect(before.orders.map((o) => o.rowState)).toEqual(['queued', 'queued', 'queued']);
    expect(before.bulkOrder.processingStatus).toMatchObject({ labelsWaiting: 0, nextAttemptAt: null });

    // The carrier is down (503 on every request): row 0 is tried and waits for reconciliation.
    carrierOf(server).setDown(true);
    const t0 = Date.now() + offset.ms;
    await handleJob(server.services, await rowJob(id, r0.id));
    // The carrier rate limits us (429, Retry-After 30 s): row 1 is tried and deferred.
    carrierOf(server).setDown(false);
    carrierOf(server).setThrottle(5, 30);
    await handleJob(server.services, await rowJob(id, r1.id));
    const t1 = Date.now() + offset.ms;

    for (const [token, path] of [
      [buyer.token, `/api/orders/bulk/${id}`],
      [admin, `/api/admin/bulk-orders/${id}`],
    ] as const) {
      const d = await details(token, id, path);
      const [o0, o1, o2] = d.orders;
      expect(o0).toMatchObject({
        rowState: 'retrying',
        retryReason: BULK_MESSAGES.rowUnanswered,
      });
      expect(o1).toMatchObject({ rowState: 'retrying', retryReason: BULK_MESSAGES.rowRateLimited });
      expect(o2).toMatchObject({ rowState: 'queued', retryReason: null, nextAttemptAt: null });
      // Next attempts: the first reconcile job 10 s after the lost answer; the carrier's Retry-After (30 s).
      const next0 = Date.parse(o0?.nextAttemptAt ?? '');
      const next1 = Date.parse(o1?.nextAttemptAt ?? '');
      expect(next0).toBeGreaterThanOrEqual(t0 + 10_000);
      expect(next0).toBeLessThanOrEqual(t1 + 10_000);
      expect(next1).toBeGreaterThanOrEqual(t0 + 30_000);
      expect(next1).toBeLessThanOrEqual(t1 + 30_000);
      // The progress says two rows wait on the provider, and when the next one is tried.
      expect(d.bulkOrder.processingStatus).toMatchObject({
        isProcessing: true,
        labelsProcessed: 0,
        labelsRemaining: 3,
        labelsWaiting: 2,
        nextAttemptAt: o0?.nextAttemptAt,
      });
    }
    // The history lists the same progress.
    const history = await call(server, 'GET', '/api/orders/bulk/history', { token: buyer.token });
    expect(history.body).toMatchObject({ bulkOrders: [{ bulkOrderId: id, processingStatus: { labelsWaiting: 2 } }] });

    // The reconcile job asks again, still no answer: the next attempt moves on (its backoff), the reason stays.
    carrierOf(server).setDown(true);
    const [reconcile] = await queued('orders.reconcile', (m) => m.type === 'orders.reconcile' && m.orderId === r0.id);
    if (!reconcile) throw new Error('no reconcile job');
    await handleJob(server.services, reconcile);
    const again = (await details(buyer.token, id)).orders[0];
    expect(again).toMatchObject({ rowState: 'retrying', retryReason: BULK_MESSAGES.rowUnanswered });
    expect(Date.parse(again?.nextAttemptAt ?? '')).toBeGreaterThan(Date.parse(before.bulkOrder.createdAt) + 10_000);

    // A failed row shows its reason; a bought row is bought.
    carrierOf(server).setDown(false);
    carrierOf(server).setThrottle(0);
    await handleJob(server.services, await rowJob(id, r2.id));
    expect((await details(buyer.token, id)).orders[2]).toMatchObject({ rowState: 'bought', retryReason: null });
  });

  it('cancel refunds exactly the unbought rows, one ledger credit each; a second cancel changes nothing', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow(), csvRow()]);
    const id = created.bulkOrderId;
    const [r0, r1, r2] = await bulkRowsOf(server, id);
    if (!r0 || !r1 || !r2) throw new Error('rows');

    // Row 0 is bought; then the carrier refuses everything: row 1 waits for reconciliation, row 2 is still queued.
    await handleJob(server.services, await rowJob(id, r0.id));
    carrierOf(server).setDown(true);
    await handleJob(server.services, await rowJob(id, r1.id));
    expect((await bulkRowsOf(server, id)).map((r) => r.status)).toEqual([
      'completed',
      'pending_reconciliation',
      'processing',
    ]);
    expect((await moneyOf(server, buyer.id)).balance).toBe(start - created.totalPrice * 100);

    // Another customer cannot cancel it (404, as for a missing id) and changes nothing.
    const other = await newCustomer(server, admin, 0);
    const refused = await cancel(other.token, id);
    expect(refused.status).toBe(404);
    expect(refused.body).toMatchObject({ error: { message: BULK_MESSAGES.bulkOrderNotFound } });
    expect((await bulkOrderRow(server, id))?.status).toBe('processing');

    const res = await cancel(buyer.token, id);
    expect(res.status, res.text).toBe(200);
    const body = BulkCancelResponse.parse(res.body);
    const unbought = r1.price_cents + r2.price_cents;
    expect(body).toMatchObject({
      cancelledRows: 2,
      cancelledAmount: unbought / 100,
      message: BULK_MESSAGES.cancelled(2, `$${(unbought / 100).toFixed(2)}`),
      bulkOrder: { status: 'partial', stopReason: 'customer', failedOrderCount: 2, refundedAmount: unbought / 100 },
    });
    expect(body.bulkOrder.stoppedAt).not.toBeNull();
    expect(body.bulkOrder.processingStatus).toMatchObject({
      isProcessing: false,
      labelsRemaining: 0,
      labelsWaiting: 0,
    });
    expect(body.orders.map((o) => o.rowState)).toEqual(['bought', 'failed', 'failed']);
    expect(body.orders[1]?.failureReason).toBe(BULK_MESSAGES.cancelledRow);
    expect(body.failedOrders.map((f) => [f.rowIndex, f.error])).toEqual([
      [1, BULK_MESSAGES.cancelledRow],
      [2, BULK_MESSAGES.cancelledRow],
    ]);

    // The ledger: one refund per unbought row, of that row's price, naming the row; the balance is back.
    const refunds = (await ledgerRowsOf(server, buyer.id, 'label_refund')).map((e) => [e.reference, e.amount_cents]);
    expect(refunds.sort()).toEqual(
      [
        [r1.id, r1.price_cents],
        [r2.id, r2.price_cents],
      ].sort(),
    );
    const after = await moneyOf(server, buyer.id);
    expect(after.balance).toBe(start - r0.price_cents);
    expect(after.ledger).toBe(after.balance);

    // Again: nothing more refunded, nothing changed.
    const second = BulkCancelResponse.parse((await cancel(buyer.token, id)).body);
    expect(second).toMatchObject({ cancelledRows: 0, cancelledAmount: 0, message: BULK_MESSAGES.nothingToCancel });
    expect(second.bulkOrder).toEqual(body.bulkOrder);
    expect(await moneyOf(server, buyer.id)).toEqual(after);

    // The engine's late jobs buy nothing: row 2's job and row 1's reconcile job, with the carrier back.
    carrierOf(server).setDown(false);
    for (const m of await rowJobs(id)) await handleJob(server.services, m);
    for (const m of await queued('orders.reconcile')) await handleJob(server.services, m);
    expect((await bulkRowsOf(server, id)).map((r) => r.status)).toEqual(['completed', 'failed', 'failed']);
    expect(await moneyOf(server, buyer.id)).toEqual(after);
    // Row 1's answer was lost, so a job checks the carrier for a label under its key (none here: it was down).
    const [stray] = await queued('orders.void-stray-label', (m) => 'orderId' in m && m.orderId === r1.id);
    expect(stray).toBeDefined();
    if (stray) await handleJob(server.services, stray);
    await expectLedgerInvariant(server);
  });

  it('an admin cancels any customer’s bulk order (every row refunded: failed)', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow()]);
    const res = await cancel(admin, created.bulkOrderId);
    expect(res.status, res.text).toBe(200);
    expect(BulkCancelResponse.parse(res.body)).toMatchObject({
      cancelledRows: 2,
      bulkOrder: { status: 'failed', stopReason: 'admin', failedOrderCount: 2 },
      failedOrders: [{ error: BULK_MESSAGES.cancelledByAdminRow }, { error: BULK_MESSAGES.cancelledByAdminRow }],
    });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: start, ledger: start, refunds: 2 });
    // Its queued jobs, delivered now, find it stopped and buy nothing.
    for (const m of await rowJobs(created.bulkOrderId)) await handleJob(server.services, m);
    const ids = new Set((await bulkRowsOf(server, created.bulkOrderId)).map((r) => r.id));
    expect(
      carrierOf(server)
        .catalogues.alpha?.labels()
        .filter((l) => ids.has(l.reference ?? '')),
    ).toEqual([]);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: start, refunds: 2 });
  });

  it('cancel racing the engine: every row ends bought and charged or refunded, never both, never neither', async () => {
    const buyer = await newCustomer(server, admin, 500);
    const start = (await moneyOf(server, buyer.id)).balance;
    const rows = Array.from({ length: 12 }, () => csvRow());
    const { created } = await buyRows(server, buyer.token, api1, rows);
    const id = created.bulkOrderId;
    // Purchases take a while at the carrier, so some are in flight when the cancel arrives.
    carrierOf(server).setLatency({ min: 20, max: 200 });
    const messages = await rowJobs(id);
    const engine = Promise.all(messages.map((m) => handleJob(server.services, m)));
    const cancelled = cancel(buyer.token, id);
    const [res] = await Promise.all([cancelled, engine]);
    expect(res.status, res.text).toBe(200);

    const settled = await bulkRowsOf(server, id);
    expect(settled.filter((r) => r.status !== 'completed' && r.status !== 'failed')).toEqual([]);
    const refunds = await ledgerRowsOf(server, buyer.id, 'label_refund');
    const labels = carrierOf(server).catalogues.alpha?.labels() ?? [];
    for (const row of settled) {
      const mine = refunds.filter((e) => e.reference === row.id);
      const live = labels.filter((l) => l.reference === row.id && l.status !== 'voided');
      if (row.status === 'completed') {
        expect(mine, `bought row ${row.row_index} has no refund`).toEqual([]);
        expect(live, `bought row ${row.row_index} has one live label`).toHaveLength(1);
      } else {
        expect(
          mine.map((e) => e.amount_cents),
          `refunded row ${row.row_index} once`,
        ).toEqual([row.price_cents]);
        expect(live, `refunded row ${row.row_index} leaves no live label`).toEqual([]);
      }
    }
    const boughtCents = settled.filter((r) => r.status === 'completed').reduce((s, r) => s + r.price_cents, 0);
    const money = await moneyOf(server, buyer.id);
    expect(money.balance).toBe(start - boughtCents);
    expect(money.ledger).toBe(money.balance);
    const bulk = await bulkOrderRow(server, id);
    expect(bulk?.status).toBe(
      boughtCents === 0 ? 'failed' : boughtCents === created.totalPrice * 100 ? 'completed' : 'partial',
    );
    await expectLedgerInvariant(server);
  });

  it('rows still unbought after the deadline (24 h) fail and are refunded like a cancel', async () => {
    const buyer = await newCustomer(server, admin, 100);
    const start = (await moneyOf(server, buyer.id)).balance;
    const { created } = await buyRows(server, buyer.token, api1, [csvRow(), csvRow()]);
    const id = created.bulkOrderId;
    const [r0, r1] = await bulkRowsOf(server, id);
    if (!r0 || !r1) throw new Error('rows');
    await handleJob(server.services, await rowJob(id, r0.id));
    carrierOf(server).setThrottle(1_000, 60);
    await handleJob(server.services, await rowJob(id, r1.id));
    expect((await details(buyer.token, id)).orders[1]?.rowState).toBe('retrying');
    const resume = () =>
      handleJob(server.services, { type: 'bulk.resume-due', jobId: `job_resume_${Date.now()}`, limit: 50 });

    // A minute before the deadline: still retrying.
    offset.ms += 24 * 3_600_000 - 60_000;
    await resume();
    expect((await bulkOrderRow(server, id))?.status).toBe('processing');

    offset.ms += 2 * 60_000;
    await resume();
    const d = await details(buyer.token, id);
    expect(d.bulkOrder).toMatchObject({ status: 'partial', stopReason: 'deadline', failedOrderCount: 1 });
    expect(d.orders.map((o) => o.rowState)).toEqual(['bought', 'failed']);
    expect(d.failedOrders).toMatchObject([{ rowIndex: 1, error: BULK_MESSAGES.deadlineRow(24) }]);
    const refunds = await ledgerRowsOf(server, buyer.id, 'label_refund');
    expect(refunds.map((e) => [e.reference, e.amount_cents])).toEqual([[r1.id, r1.price_cents]]);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: start - r0.price_cents, refunds: 1 });
    // The next run changes nothing.
    await resume();
    expect((await ledgerRowsOf(server, buyer.id, 'label_refund')).length).toBe(1);
    offset.ms = 0;
  });

  it('POST /api/v1/bulk-orders/{id}/cancel: the owner’s key cancels; another account’s key gets 404', async () => {
    const owner = await newCustomer(server, admin, 100);
    const start = (await moneyOf(server, owner.id)).balance;
    const ownerKey = (await apiKeysOf(server, owner.token)).apiKey;
    const stranger = await newCustomer(server, admin, 10);
    const strangerKey = (await apiKeysOf(server, stranger.token)).apiKey;
    const { created } = await buyRows(server, owner.token, api1, [csvRow(), csvRow()]);
    const id = created.bulkOrderId;
    const template = '/bulk-orders/:bulk_order_id/cancel';

    const denied = await v1(server, 'POST', `/bulk-orders/${id}/cancel`, { key: strangerKey, template });
    expect(denied.status).toBe(404);
    expect((await bulkOrderRow(server, id))?.status).toBe('processing');
    expect((await moneyOf(server, owner.id)).balance).toBe(start - created.totalPrice * 100);

    const res = await v1(server, 'POST', `/bulk-orders/${id}/cancel`, { key: ownerKey, template });
    expect(res.status, res.text).toBe(200);
    const body = V1CancelBulkOrderResponse.parse(res.body);
    expect(body).toMatchObject({
      status: 'success',
      livemode: true,
      data: { cancelledRows: 2, bulkOrder: { status: 'failed', stopReason: 'customer' } },
    });
    expect(body.data).not.toHaveProperty('user');
    expect(await moneyOf(server, owner.id)).toMatchObject({ balance: start, refunds: 2 });
    const again = await v1(server, 'POST', `/bulk-orders/${id}/cancel`, { key: ownerKey, template });
    expect(V1CancelBulkOrderResponse.parse(again.body).data.cancelledRows).toBe(0);
    expect(await moneyOf(server, owner.id)).toMatchObject({ balance: start, refunds: 2 });

    const [stored] = await server.services.db.all<{ n: number }>(
      sql`SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ${owner.id} AND method = 'label_refund'`,
    );
    expect(Number(stored?.n)).toBe(2);
  });
});
