import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { ApiConfigResponse, AuthResponse, BulkProcessResponse, BulkValidateResponse } from '@labeldesk/contracts';
import { describe, expect, inject, it, vi } from 'vitest';
import deployed from '../../src/entries/worker/index';
import { JOBS_QUEUE } from '../../src/entries/worker/queue-consumer';
import { backoffSeconds, type JobMessage } from '../../src/ports/job-queue';
import { fetchWorkerWith, type WorkerRequest } from './support/http';
import { csvRow, labelsByReference } from './support/shop';

/**
 * The bulk engine on Workers: the process call's one batch on D1 (bulk order, rows, hold), its `bulk.buy-row`
 * messages (ids only), and the deployed queue consumer buying the rows from the carrier sandbox — each message settled
 * on its own, a message delivered twice buying once, a 429 retried after the provider's Retry-After instead of failing
 * the row, and the retried message buying it. Messages the process call sends are captured (a stand-in JOBS binding)
 * and delivered with createMessageBatch, so the test decides what is redelivered.
 */
const carrier = inject('bulkCarrier');
const sent: JobMessage[] = [];
const capturingQueue = {
  async send(body: JobMessage) {
    sent.push(body);
  },
  async sendBatch(messages: { body: JobMessage }[]) {
    for (const m of messages) sent.push(m.body);
  },
};
const sandboxEnv = { ...env, ALLOW_PRIVATE_PROVIDER_URLS: 'true', JOBS: capturingQueue } as unknown as Env;

let ip = 0;
function fetchWorker(path: string, opts: Omit<WorkerRequest, 'ip'> = {}) {
  ip += 1;
  return fetchWorkerWith(sandboxEnv, path, { ...opts, ip: `198.51.100.${ip}` });
}

async function registerUser(name: string, email: string) {
  const res = await fetchWorker('/api/auth/register', { json: { name, email, password: 'workers-pw-1' } });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

async function control(path: string, method: string, json?: unknown) {
  const res = await fetch(`${carrier.url}/_sandbox${path}`, {
    method,
    headers: { 'X-Sandbox-Key': carrier.controlKey, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(res.status).toBe(200);
  return res.json();
}

const labelCounts = () => labelsByReference(carrier);

/** A valid CSV row of 2 lbs (its price is the same on every row), with `overrides` applied. */
const row = (i: number, overrides: Record<string, string> = {}) => ({ ...csvRow(i), weight: '2', ...overrides });

async function deliver(messages: { id: string; body: JobMessage; attempts?: number }[]) {
  const batch = createMessageBatch(
    JOBS_QUEUE,
    messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
  ) as MessageBatch<JobMessage>;
  const retries = new Map(batch.messages.map((m) => [m.id, vi.spyOn(m, 'retry')]));
  const ctx = createExecutionContext();
  await deployed.queue(batch, sandboxEnv, ctx);
  return { result: await getQueueResult(batch, ctx), retries };
}

async function d1Rows(bulkOrderId: string) {
  const { results } = await env.DB.prepare(
    'SELECT id, row_index, status, price_cents, purchase_attempts FROM orders WHERE bulk_order_id = ? ORDER BY row_index',
  )
    .bind(bulkOrderId)
    .all<{ id: string; row_index: number; status: string; price_cents: number; purchase_attempts: number }>();
  return results;
}

async function d1Money(userId: string) {
  return env.DB.prepare(
    `SELECT u.balance_cents AS balance,
       COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
         FROM ledger_entries WHERE user_id = u.id AND status = 'completed'), 0) AS ledger,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_purchase') AS holds,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_refund') AS refunds
     FROM users u WHERE u.id = ?`,
  )
    .bind(userId)
    .first<{ balance: number; ledger: number; holds: number; refunds: number }>();
}

describe('bulk orders on Workers (D1 + the queue consumer)', () => {
  it('process on D1, then the consumer buys every row once: doubled, retried (429) and redelivered messages', async () => {
    // An admin adds the carrier with UPS Ground; a customer with $100 (through the admin route: a ledger row).
    const admin = await registerUser('Ada Admin', 'bulk-admin@example.com');
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(admin.user._id).run();
    const created = await fetchWorker('/api/admin/config/apis', {
      token: admin.token,
      json: { name: 'Bulk API', key: carrier.alpha.apiKey, baseUrl: carrier.alpha.baseUrl },
    });
    expect(created.status).toBe(201);
    const api = ((await created.json()) as ApiConfigResponse).api;
    const added = await fetchWorker('/api/admin/services/add-services', {
      token: admin.token,
      json: { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
    });
    expect(added.status).toBe(200);
    const buyer = await registerUser('Bo Bulk', 'bo-bulk@example.com');
    const funded = await fetchWorker(`/api/admin/users/${buyer.user._id}/balance`, {
      token: admin.token,
      method: 'PATCH',
      json: { mode: 'set', balance: 100 },
    });
    expect(funded.status).toBe(200);

    const selection = { apiId: api._id, carrier: 'UPS', service: 'UPS Ground' };
    // Row 3's street passes our rules (200 characters) but the carrier takes 100: that row is refunded.
    const rows = [row(0), row(1), row(2), row(3, { toStreet1: 'Market St '.repeat(15).trim() }), row(4)];
    const validated = (await (
      await fetchWorker('/api/orders/bulk/validate', { token: buyer.token, json: { ...selection, orders: rows } })
    ).json()) as BulkValidateResponse;
    expect(validated.validCount).toBe(5);
    const res = await fetchWorker('/api/orders/bulk/process', {
      token: buyer.token,
      json: {
        ...selection,
        orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
        totalPrice: validated.totalPrice,
      },
    });
    expect(res.status).toBe(201);
    const { bulkOrderId, newBalance } = (await res.json()) as BulkProcessResponse;
    expect(newBalance).toBeCloseTo(100 - validated.totalPrice, 2);
    const orderRows = await d1Rows(bulkOrderId);
    expect(orderRows.map((r) => r.status)).toEqual(Array(5).fill('processing'));
    // One message per row, carrying ids only.
    const messages = sent.filter((m) => m.type === 'bulk.buy-row' && m.bulkOrderId === bulkOrderId);
    expect(messages).toHaveLength(5);
    for (const m of messages)
      expect(Object.keys(m).sort()).toEqual(['apiId', 'bulkOrderId', 'jobId', 'orderId', 'type']);
    const [m0, m1, m2, m3, m4] = messages.sort((a, b) =>
      a.type === 'bulk.buy-row' && b.type === 'bulk.buy-row' ? a.orderId.localeCompare(b.orderId) : 0,
    ) as JobMessage[];
    if (!m0 || !m1 || !m2 || !m3 || !m4) throw new Error('messages missing');

    // 1) Rows 0 and 1, each delivered twice in the same batch: acked, one label each.
    const first = await deliver([
      { id: 'a', body: m0 },
      { id: 'a-again', body: m0 },
      { id: 'b', body: m1 },
      { id: 'b-again', body: m1, attempts: 2 },
    ]);
    expect([...first.result.explicitAcks].sort()).toEqual(['a', 'a-again', 'b', 'b-again']);
    expect(first.result.retryMessages).toEqual([]);

    // 2) The carrier allows one more request per minute: row 2 is bought, row 4 meets a 429 and is retried after
    //    the carrier's Retry-After (not the backoff), still processing; row 3 is refused and refunded.
    await control('/rate-limit', 'PUT', { rateLimit: { limit: 2, windowMs: 60_000 } });
    // Put the carrier's clock 5 s into its minute, so its Retry-After (~55 s) cannot equal the backoff (10 s).
    const { now } = (await control('/state', 'GET')) as { now: string };
    await control('/clock', 'PUT', { advanceMs: (65_000 - (Date.parse(now) % 60_000)) % 60_000 });
    const second = await deliver([
      { id: 'c', body: m2 },
      { id: 'd', body: m3 },
    ]);
    expect([...second.result.explicitAcks].sort()).toEqual(['c', 'd']);
    const limited = await deliver([{ id: 'e', body: m4 }]);
    expect(limited.result.explicitAcks).toEqual([]);
    expect(limited.result.retryMessages.map((r) => r.msgId)).toEqual(['e']);
    const delay = limited.retries.get('e')?.mock.calls[0]?.[0]?.delaySeconds ?? 0;
    expect(delay).toBeGreaterThanOrEqual(45);
    expect(delay).toBeLessThanOrEqual(55);
    expect(delay).not.toBe(backoffSeconds(1));
    expect((await d1Rows(bulkOrderId)).map((r) => r.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'failed',
      'processing',
    ]);
    const open = await env.DB.prepare('SELECT status FROM bulk_orders WHERE id = ?').bind(bulkOrderId).first();
    expect(open).toEqual({ status: 'processing' });

    // 3) The limit lifts; the retried message (attempt 2) buys row 4, and a late redelivery of row 0 changes nothing.
    await control('/rate-limit', 'PUT', { rateLimit: false });
    const third = await deliver([
      { id: 'e', body: m4, attempts: 2 },
      { id: 'a-late', body: m0, attempts: 3 },
    ]);
    expect([...third.result.explicitAcks].sort()).toEqual(['a-late', 'e']);

    const final = await d1Rows(bulkOrderId);
    expect(final.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'failed', 'completed']);
    const bulk = await env.DB.prepare('SELECT status, failed_order_count FROM bulk_orders WHERE id = ?')
      .bind(bulkOrderId)
      .first();
    expect(bulk).toEqual({ status: 'partial', failed_order_count: 1 });
    const labels = await labelCounts();
    for (const r of final)
      expect(labels[r.id] ?? 0, `labels of row ${r.row_index}`).toBe(r.status === 'completed' ? 1 : 0);
    const bought = final.filter((r) => r.status === 'completed').reduce((s, r) => s + r.price_cents, 0);
    expect(await d1Money(buyer.user._id)).toEqual({
      balance: 10_000 - bought,
      ledger: 10_000 - bought,
      holds: 1,
      refunds: 1,
    });
  });

  it('a 1,200-row bulk order is one batch on D1 (rows in chunks of 500, one bound value each) with one hold', async () => {
    const admin = await registerUser('Al Admin', 'bulk-admin-2@example.com');
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(admin.user._id).run();
    const apiId = (
      (await env.DB.prepare("SELECT id FROM shipping_apis WHERE name = 'Bulk API'").first()) as { id: string } | null
    )?.id;
    expect(apiId).toBeTruthy();
    const buyer = await registerUser('Big Bulk', 'big-bulk@example.com');
    await fetchWorker(`/api/admin/users/${buyer.user._id}/balance`, {
      token: admin.token,
      method: 'PATCH',
      json: { mode: 'set', balance: 20_000 },
    });
    const rows = Array.from({ length: 1_200 }, (_, i) => row(i));
    const before = sent.length;
    const res = await fetchWorker('/api/orders/bulk/process', {
      token: buyer.token,
      json: {
        apiId,
        carrier: 'UPS',
        service: 'UPS Ground',
        orders: rows.map((data, rowIndex) => ({ rowIndex, data, price: 11.4 })),
        totalPrice: 11.4 * 1_200,
      },
    });
    expect(res.status).toBe(201);
    const { bulkOrderId } = (await res.json()) as BulkProcessResponse;
    const counts = await env.DB.prepare(
      `SELECT COUNT(*) AS n, COUNT(DISTINCT row_index) AS rows_, SUM(price_cents) AS total,
         SUM(CASE WHEN tracking_number = 'PENDING' AND status = 'processing' AND source = 'bulk' THEN 1 ELSE 0 END) AS fresh
       FROM orders WHERE bulk_order_id = ?`,
    )
      .bind(bulkOrderId)
      .first();
    expect(counts).toEqual({ n: 1_200, rows_: 1_200, total: 1_368_000, fresh: 1_200 });
    expect(await d1Money(buyer.user._id)).toEqual({
      balance: 2_000_000 - 1_368_000,
      ledger: 2_000_000 - 1_368_000,
      holds: 1,
      refunds: 0,
    });
    expect(sent.length - before).toBe(1_200);
  });
});
