import { CreateOrderResponse, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_MESSAGES } from '../../src/ports/label-provider';
import { RECONCILE_GAVE_UP_MESSAGE } from '../../src/use-cases/orders/order-rows';
import type { TestServer } from './helpers';
import {
  fetchLabel,
  labelLink,
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

const CONTROL_KEY = 'unusable-answer-control-key-0123';

/** A $50 buyer's money while the $11.40 label is held, and once it came back: balance = Σ ledger, in cents. */
const HELD = { balance: 3860, totalSpend: 1140, ledger: 3860, debits: 1, refunds: 0 };
const REFUNDED = { balance: 5000, totalSpend: 0, ledger: 5000, debits: 1, refunds: 1 };

interface SandboxLabel {
  labelId: string;
  reference: string | null;
  status: 'created' | 'voided';
  voidedAt: string | null;
}

/**
 * A provider answer to a label purchase that we cannot use — success that is not JSON, of the wrong shape, without a
 * readable PDF, too large to read, or a 500 — may mean the provider made and billed a label. The purchase answers 202
 * (pending), reconciliation asks again with the same Idempotency-Key, and while the answer stays unusable the label is
 * voided (by the id the answer named, or found by the key) and the customer refunded only once the void is confirmed.
 * The carrier sandbox makes (and bills) the label and answers each unusable way through its HTTP controls, which also
 * show its labels; the reconcile job and the sweep are driven by hand (no job runner).
 */
describe('a provider answer we cannot use', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  // The server's clock (the sandbox keeps its own): moved ahead only by the last tests.
  const offset = { ms: 0 };

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({
      runJobs: false,
      // Long enough that a loaded machine answers every normal call in time; the slow answers below take 2.5 times it.
      providerTimeoutMs: 1_000,
      carrierSandboxControlKey: CONTROL_KEY,
      clock: { now: () => new Date(Date.now() + offset.ms) },
    }));
    // One API's own behaviour: API 2 must not take these purchases (orders.failover.test.ts covers failover).
    await withoutFailover(server, admin);
  });
  afterEach(async () => {
    await control('PUT', '/label-answer', { answer: 'normal' });
    await control('PUT', '/catalogues/alpha/down', { down: false });
    carrierOf(server).setLatency(0);
  });
  afterAll(() => server.stop());

  /** The carrier sandbox's HTTP controls (X-Sandbox-Key), on the app's own port. */
  async function control(method: string, path: string, body?: unknown) {
    const res = await fetch(`${server.url}/sandbox/carrier/_sandbox${path}`, {
      method,
      headers: { 'X-Sandbox-Key': CONTROL_KEY, 'Content-Type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, `${method} ${path}`).toBe(200);
    return res.json() as Promise<unknown>;
  }
  /** The labels the sandbox made for one order (our order id is the label's reference). */
  const labelsFor = async (orderId: string) =>
    ((await control('GET', '/catalogues/alpha/labels')) as { labels: SandboxLabel[] }).labels.filter(
      (l) => l.reference === orderId,
    );

  const orderRow = async (buyerId: string, orderId: string) =>
    (await ordersOf(server, buyerId)).find((o) => o.id === orderId);
  const refundCreatedAt = async (entryId: string) =>
    (
      await server.services.db.all<{ created_at: string }>(
        sql`SELECT created_at FROM ledger_entries WHERE id = ${entryId}`,
      )
    )[0]?.created_at;

  /** Buys a $11.40 UPS Ground label with the sandbox answering `answer`: 202, pending, the debit held. */
  async function pendingPurchase(answer: string, count?: number) {
    const buyer = await newCustomer(server, admin, 50);
    await control('PUT', '/label-answer', { answer, ...(count ? { count } : {}) });
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status, res.text).toBe(202);
    const body = CreateOrderResponse.parse(res.body);
    expect(body.message).toBe(ORDER_MESSAGES.pendingReconciliation);
    expect(body.order).toMatchObject({ status: 'pending_reconciliation', hasLabel: false });
    expect(await moneyOf(server, buyer.id)).toEqual(HELD);
    return { buyer, orderId: body._id };
  }

  it.each([
    ['non_json', 'found by the Idempotency-Key'],
    ['wrong_shape', 'by the id the answer named'],
    ['no_pdf', 'by the id the answer named'],
    ['bad_pdf', 'by the id the answer named'],
    ['oversized', 'found by the Idempotency-Key'],
    ['server_error', 'found by the Idempotency-Key'],
  ])('%s: 202 pending, the label voided (%s), and only then the refund', async (answer) => {
    const { buyer, orderId } = await pendingPurchase(answer);
    // The provider made and billed one label for the order (the adapter's retries of a 500 replayed it).
    const [made, ...more] = await labelsFor(orderId);
    expect(more).toEqual([]);
    expect(made).toMatchObject({ status: 'created', voidedAt: null });

    // The provider cannot be asked: nothing is voided, so nothing is refunded; the job comes back.
    await control('PUT', '/catalogues/alpha/down', { down: true });
    expect((await reconcileJob(server, orderId)).kind).toBe('retry');
    expect(await orderRow(buyer.id, orderId)).toMatchObject({
      status: 'pending_reconciliation',
      refund_entry_id: null,
    });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3860, refunds: 0 });
    expect((await labelsFor(orderId))[0]?.status).toBe('created');

    // It answers again, still unusably: the label is voided, then the order refunded.
    await control('PUT', '/catalogues/alpha/down', { down: false });
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    const [voided] = await labelsFor(orderId);
    expect(voided).toMatchObject({ labelId: made?.labelId, status: 'voided', voidedAt: expect.any(String) });
    const order = await orderRow(buyer.id, orderId);
    expect(order).toMatchObject({
      status: 'failed',
      provider_label_id: null,
      failure_reason: PROVIDER_ERROR_MESSAGES.rejected,
    });
    const refundedAt = await refundCreatedAt(order?.refund_entry_id ?? '');
    expect(Date.parse(refundedAt ?? '')).toBeGreaterThanOrEqual(Date.parse(voided?.voidedAt ?? ''));
    // No money lost or invented: the price came back once, balance = Σ ledger, total spend undone.
    expect(await moneyOf(server, buyer.id)).toEqual(REFUNDED);

    // Redelivered jobs and sweeps change nothing.
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    await reconcileSweep(server);
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 5000, refunds: 1 });
    expect(await labelsFor(orderId)).toHaveLength(1);
  });

  it('asked again, the answer is usable: the order completes with the label the customer paid for', async () => {
    const { buyer, orderId } = await pendingPurchase('no_pdf', 1);
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    const [label, ...more] = await labelsFor(orderId);
    expect(more).toEqual([]);
    expect(label?.status).toBe('created');
    expect(await orderRow(buyer.id, orderId)).toMatchObject({
      status: 'completed',
      provider_label_id: label?.labelId,
      refund_entry_id: null,
    });
    const pdf = await fetchLabel(server, (await labelLink(server, buyer.token, orderId)).url);
    expect(pdf.status).toBe(200);
    expect(startsWithPdf(pdf.bytes)).toBe(true);
    expect(await moneyOf(server, buyer.id)).toEqual(HELD);
  });

  it('jobs and sweeps racing on an unusable answer void once and refund once', async () => {
    const { buyer, orderId } = await pendingPurchase('wrong_shape');
    const results = await Promise.all([
      reconcileJob(server, orderId),
      reconcileJob(server, orderId),
      reconcileSweep(server),
      reconcileSweep(server),
    ]);
    expect(results.slice(0, 2)).toEqual([{ kind: 'ack' }, { kind: 'ack' }]);
    expect((await labelsFor(orderId)).map((l) => l.status)).toEqual(['voided']);
    expect(await orderRow(buyer.id, orderId)).toMatchObject({ status: 'failed' });
    expect(await moneyOf(server, buyer.id)).toEqual(REFUNDED);
  });

  // Moves the server clock 23.5 hours ahead: keep these last.
  it('a lost answer unconfirmed at the 23-hour cutoff: the label the request made is found by the key and voided before the refund', async () => {
    const buyer = await newCustomer(server, admin, 50);
    carrierOf(server).setLatency(2_500); // above PROVIDER_TIMEOUT_MS = 1000: the sandbox buys, the answer is lost
    const res = await postOrder(server, buyer.token, upsGround(api1));
    expect(res.status, res.text).toBe(202);
    const { _id: orderId } = CreateOrderResponse.parse(res.body);
    carrierOf(server).setLatency(0);
    const [made] = await labelsFor(orderId);
    expect(made?.status).toBe('created');

    offset.ms = 23.5 * 60 * 60_000;
    expect(await reconcileJob(server, orderId)).toEqual({ kind: 'ack' });
    expect(await labelsFor(orderId)).toEqual([expect.objectContaining({ labelId: made?.labelId, status: 'voided' })]);
    expect(await orderRow(buyer.id, orderId)).toMatchObject({
      status: 'failed',
      failure_reason: RECONCILE_GAVE_UP_MESSAGE,
      provider_label_id: null,
    });
    expect(await moneyOf(server, buyer.id)).toEqual(REFUNDED);
  });

  it('a label the carrier already scanned cannot be voided: the money stays held, nothing is refunded', async () => {
    const { buyer, orderId } = await pendingPurchase('bad_pdf');
    // 22 hours on the sandbox's clock: the package has had its first scan (1.5–21.5 h after the label), a void
    // answers 409; the provider still remembers the key (24 h), so asking again buys nothing new.
    await control('PUT', '/clock', { advanceMs: 22 * 60 * 60_000 });
    expect((await reconcileJob(server, orderId)).kind).toBe('retry');
    expect((await labelsFor(orderId)).map((l) => l.status)).toEqual(['created']);
    expect(await orderRow(buyer.id, orderId)).toMatchObject({
      status: 'pending_reconciliation',
      refund_entry_id: null,
    });
    expect(await moneyOf(server, buyer.id)).toMatchObject({ balance: 3860, ledger: 3860, refunds: 0 });
  });
});
