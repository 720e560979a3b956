import { CreateOrderResponse, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { jobs, orders } from '../../src/db/schema';
import { PERIODIC_CRON, periodicJobs } from '../../src/jobs/schedule';
import { buyOrderLabel } from '../../src/use-cases/orders/buy-order-label';
import { RECONCILE_GAVE_UP_MESSAGE, readOrder } from '../../src/use-cases/orders/order-rows';
import { RECONCILE_DELAY_SECONDS, reconcileOrder } from '../../src/use-cases/orders/reconcile-order';
import { refundOrder } from '../../src/use-cases/orders/refund-order';
import { call, errorOf, type TestServer } from './helpers';
import { waitFor } from './money-support';
import {
  fetchLabel,
  labelLink,
  ledgerRowsOf,
  moneyOf,
  newCustomer,
  ordersOf,
  postOrder,
  reconcileJob,
  reconcileSweep,
  startShop,
  startsWithPdf,
  upsGround,
} from './orders-support';
import { carrierOf, withoutFailover } from './providers-support';

/**
 * Purchases whose provider answer was lost (timeout, outage, crash between the two phases) and how they are settled:
 * the per-order reconcile job, the periodic sweep, races between them, and the reconciliation window.
 */
describe('order reconciliation', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  // The server's clock (the sandbox keeps its own): moved ahead by the real-runner test (the reconcile delay) and by
  // the last test (a day).
  const offset = { ms: 0 };

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      // Long enough that a loaded machine answers every normal call in time; the slow answers below take 2.5 times it.
      providerTimeoutMs: 1_000,
      clock: { now: () => new Date(Date.now() + offset.ms) },
    }));
    // One API's own behaviour: API 2 must not take these purchases (orders.failover.test.ts covers failover).
    await withoutFailover(server, admin);
  });
  afterEach(() => {
    const sandbox = carrierOf(server);
    sandbox.setLatency(0);
    sandbox.setDown(false);
    sandbox.catalogues.alpha?.setServiceStatus('ups_ground', 'active');
  });
  afterAll(() => server.stop());

  /** Buys with the provider down: 202, the order pending reconciliation, the debit standing. */
  async function pendingOrder(token: string, key?: string) {
    carrierOf(server).setDown(true);
    const res = await postOrder(server, token, upsGround(api1), key);
    carrierOf(server).setDown(false);
    expect(res.status, res.text).toBe(202);
    return CreateOrderResponse.parse(res.body);
  }

  it('provider timeout → 202 pending reconciliation; once it answers again, the reconcile job completes it', async () => {
    const buyer = await newCustomer(server, admin, 50);
    carrierOf(server).setLatency(2_500); // above PROVIDER_TIMEOUT_MS = 1000 on every attempt
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status, res.text).toBe(202);
    const body = CreateOrderResponse.parse(res.body);
    expect(body.message).toBe(ORDER_MESSAGES.pendingReconciliation);
    expect(body.order).toMatchObject({ status: 'pending_reconciliation', hasLabel: false, trackingNumber: 'PENDING' });
    expect(body.newBalance).toBe(38.6);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3860, ledger: 3860, debits: 1, refunds: 0 });
    const queued = await server.services.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'orders.reconcile' AND ${jobs.payload} LIKE ${`%${body._id}%`}`);
    expect(queued).toHaveLength(1);
    // No label yet.
    const link = await call(server, 'POST', `/api/labels/${body._id}/link`, { token: buyer.token });
    expect(link.status).toBe(409);
    expect(errorOf(link).error.message).toBe(ORDER_MESSAGES.labelNotReady);

    carrierOf(server).setLatency(0);
    expect(await reconcileJob(server, body._id)).toEqual({ kind: 'ack' });
    const [order] = await ordersOf(server, buyer.id);
    expect(order).toMatchObject({ id: body._id, status: 'completed', refund_entry_id: null });
    expect(order?.tracking_number).not.toBe('PENDING');
    const pdf = await fetchLabel(server, (await labelLink(server, buyer.token, body._id)).url);
    expect(pdf.status).toBe(200);
    expect(startsWithPdf(pdf.bytes)).toBe(true);

    // A redelivered job changes nothing.
    expect(await reconcileJob(server, body._id)).toEqual({ kind: 'ack' });
    const [again] = await ordersOf(server, buyer.id);
    expect(again?.tracking_number).toBe(order?.tracking_number);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3860, ledger: 3860, debits: 1, refunds: 0 });
  });

  it('provider down, then refusing the shipment: the job retries, then refunds (a credit row naming the order)', async () => {
    const buyer = await newCustomer(server, admin, 20);
    carrierOf(server).setDown(true);
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status).toBe(202);
    const { _id: orderId } = CreateOrderResponse.parse(res.body);

    // Still down: the job asks to be retried, the order stays open, the debit stands.
    expect((await reconcileJob(server, orderId)).kind).toBe('retry');
    const [open] = await server.services.db.select().from(orders).where(eq(orders.id, orderId));
    expect(open).toMatchObject({ status: 'pending_reconciliation', reconcileAttempts: 2 });

    carrierOf(server).setDown(false);
    carrierOf(server).catalogues.alpha?.setServiceStatus('ups_ground', 'inactive');
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    const [failed] = await ordersOf(server, buyer.id);
    expect(failed).toMatchObject({ status: 'failed', failure_reason: 'Service currently unavailable' });
    const refunds = await ledgerRowsOf(server, buyer.id, 'label_refund');
    expect(refunds).toEqual([
      expect.objectContaining({
        id: failed?.refund_entry_id,
        amount_cents: 1140,
        reference: orderId,
        description: `Refund for order ${orderId}: Service currently unavailable`,
      }),
    ]);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 2000, ledger: 2000, totalSpend: 0, refunds: 1 });
    // Replaying the job or the sweep afterwards refunds nothing more.
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    await reconcileSweep(server);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 2000, refunds: 1 });
  });

  it('the real job runner settles a pending order on its own', { timeout: 40_000 }, async () => {
    const buyer = await newCustomer(server, admin, 20);
    const pending = await pendingOrder(buyer.token);
    // Its reconcile job is due RECONCILE_DELAY_SECONDS later on the server's clock. The clock is moved there rather
    // than the test waiting those 10 s of wall time (issue 20): the runner still finds and runs it by itself, at its
    // next poll. Left ahead: the last test sets its own day-later offset.
    const [job] = await server.services.db
      .select()
      .from(jobs)
      .where(sql`${jobs.type} = 'orders.reconcile' AND ${jobs.payload} LIKE ${`%${pending._id}%`}`);
    expect(job?.status).toBe('queued');
    expect(Date.parse(job?.runAt ?? '') - Date.parse(job?.createdAt ?? '')).toBe(RECONCILE_DELAY_SECONDS * 1000);
    offset.ms += RECONCILE_DELAY_SECONDS * 1000;
    const completed = await waitFor(async () => {
      const row = await readOrder(server.services, pending._id);
      return row?.status === 'completed' ? row : undefined;
    }, 30_000);
    expect(completed.providerLabelId).toMatch(/^lbl_/);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 2000 - 1140, debits: 1, refunds: 0 });
  });

  it('the periodic sweep settles stranded orders: pending ones, and processing ones older than 2 minutes', async () => {
    expect(periodicJobs(PERIODIC_CRON).map((j) => j.type)).toContain('orders.reconcile-due');
    const buyer = await newCustomer(server, admin, 50);
    const pending = await pendingOrder(buyer.token);
    const crashed = await pendingOrder(buyer.token);
    const fresh = await pendingOrder(buyer.token);
    // As if each request had died between phase 1 and phase 2 (and its job was never queued).
    await server.services.db.delete(jobs).where(eq(jobs.type, 'orders.reconcile'));
    const threeMinutesAgo = new Date(Date.now() - 3 * 60_000).toISOString();
    await server.services.db
      .update(orders)
      .set({ status: 'processing', createdAt: threeMinutesAgo })
      .where(eq(orders.id, crashed._id));
    await server.services.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, fresh._id));

    expect(await reconcileSweep(server)).toEqual({ kind: 'ack' });
    const byId = new Map((await ordersOf(server, buyer.id)).map((o) => [o.id, o]));
    expect(byId.get(pending._id)?.status).toBe('completed');
    expect(byId.get(crashed._id)?.status).toBe('completed');
    // A request may still be working on a young processing order: left alone.
    expect(byId.get(fresh._id)?.status).toBe('processing');
    expect(await moneyOf(server, buyer.id)).toMatchObject({ debits: 3, refunds: 0, balance: 5000 - 3 * 1140 });

    await reconcileOrder(server.services, { orderId: fresh._id });
    expect((await readOrder(server.services, fresh._id))?.status).toBe('completed');
  });

  it('request, jobs and sweeps racing on one order settle it once', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const pending = await pendingOrder(buyer.token);
    const snapshot = await readOrder(server.services, pending._id);
    if (!snapshot) throw new Error('no order');
    const results = await Promise.all([
      reconcileJob(server, pending._id),
      reconcileJob(server, pending._id),
      reconcileJob(server, pending._id),
      buyOrderLabel(server.services, snapshot),
      reconcileSweep(server),
      reconcileSweep(server),
    ]);
    expect(results.slice(0, 3)).toEqual([{ kind: 'ack' }, { kind: 'ack' }, { kind: 'ack' }]);
    const [order] = await ordersOf(server, buyer.id);
    expect(order?.status).toBe('completed');
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000 - 1140, debits: 1, refunds: 0 });

    // A refund arriving late (from a stale copy of the order) must not pay back a label that stands.
    const after = await refundOrder(server.services, snapshot, 'late');
    expect(after.status).toBe('completed');
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000 - 1140, ledger: 5000 - 1140, refunds: 0 });
    expect(await ledgerRowsOf(server, buyer.id, 'label_refund')).toEqual([]);
  });

  it('a label bought after the order was refunded is voided, and the refund stands', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const pending = await pendingOrder(buyer.token);
    const snapshot = await readOrder(server.services, pending._id);
    if (!snapshot) throw new Error('no order');
    const refunded = await refundOrder(server.services, snapshot, RECONCILE_GAVE_UP_MESSAGE);
    expect(refunded.status).toBe('failed');
    // A slow path still holding the open copy now gets its label from the provider.
    const outcome = await buyOrderLabel(server.services, snapshot);
    expect(outcome.kind).toBe('failed');
    const [order] = await ordersOf(server, buyer.id);
    expect(order).toMatchObject({ status: 'failed', provider_label_id: null });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000, ledger: 5000, debits: 1, refunds: 1 });
  });

  it('an Idempotency-Key replay waits for a purchase still in progress, and answers 202 for a pending one', async () => {
    const buyer = await newCustomer(server, admin, 50);
    const pending = await pendingOrder(buyer.token, 'slow-1');
    await server.services.db.delete(jobs).where(eq(jobs.type, 'orders.reconcile'));
    const replayPending = await postOrder(server, buyer.token, upsGround(api1), 'slow-1');
    expect(replayPending.status).toBe(202);
    expect(CreateOrderResponse.parse(replayPending.body).message).toBe(ORDER_MESSAGES.pendingReconciliation);

    // As if the first request were still in phase 2: the replay polls until it is settled.
    await server.services.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, pending._id));
    const replay = postOrder(server, buyer.token, upsGround(api1), 'slow-1');
    await new Promise((r) => setTimeout(r, 300));
    await reconcileOrder(server.services, { orderId: pending._id });
    const res = await replay;
    expect(res.status).toBe(200);
    expect(CreateOrderResponse.parse(res.body).order).toMatchObject({ _id: pending._id, status: 'completed' });
  });

  it('a replay gives up after 10 s on a purchase that stays in progress: 409 with Retry-After', {
    timeout: 30_000,
  }, async () => {
    const buyer = await newCustomer(server, admin, 50);
    const pending = await pendingOrder(buyer.token, 'stuck-1');
    await server.services.db.delete(jobs).where(eq(jobs.type, 'orders.reconcile'));
    await server.services.db.update(orders).set({ status: 'processing' }).where(eq(orders.id, pending._id));
    const started = Date.now();
    const res = await postOrder(server, buyer.token, upsGround(api1), 'stuck-1');
    expect(Date.now() - started).toBeGreaterThanOrEqual(9_500);
    expect(res.status).toBe(409);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(errorOf(res).error.message).toBe(ORDER_MESSAGES.idempotencyInProgress);
    await reconcileOrder(server.services, { orderId: pending._id });
  });

  // Moves the server clock a day ahead: keep it last.
  it('after the reconciliation window the order is refunded without buying again (nothing found by the key)', async () => {
    const buyer = await newCustomer(server, admin, 20);
    carrierOf(server).setDown(true);
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status).toBe(202);
    const { _id: orderId } = CreateOrderResponse.parse(res.body);
    offset.ms = 24 * 60 * 60_000;
    // The provider is reachable again, but 24 h later it may have forgotten the purchase's key: never rebuy; the key
    // finds no label (the purchase never reached it), so the order is refunded.
    carrierOf(server).setDown(false);
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    const [order] = await ordersOf(server, buyer.id);
    expect(order).toMatchObject({
      status: 'failed',
      failure_reason: RECONCILE_GAVE_UP_MESSAGE,
      provider_label_id: null,
    });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 2000, ledger: 2000, refunds: 1, totalSpend: 0 });
  });
});
