import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { ApiConfigResponse, AuthResponse, BulkProcessResponse, BulkValidateResponse } from '@labeldesk/contracts';
import { expect } from 'vitest';
import deployed from '../../../src/entries/worker/index';
import { JOBS_QUEUE } from '../../../src/entries/worker/queue-consumer';
import type { JobMessage } from '../../../src/ports/job-queue';
import { fetchWorkerWith, type WorkerRequest } from './http';

/**
 * A shop on the deployed Worker against a carrier sandbox served from Node: the Worker's bindings with the sandbox's
 * private URL allowed and a stand-in JOBS queue that keeps what is sent, so the test delivers each message itself
 * (createMessageBatch → the deployed queue handler) and decides what is delivered again, late, or never.
 */
export interface Carrier {
  url: string;
  controlKey: string;
  alpha: { baseUrl: string; apiKey: string };
}

export function workerShop(carrier: Carrier, name: string, vars: Record<string, string> = {}) {
  const sent: JobMessage[] = [];
  const queue = {
    async send(body: JobMessage) {
      sent.push(body);
    },
    async sendBatch(messages: { body: JobMessage }[]) {
      for (const m of messages) sent.push(m.body);
    },
  };
  const bindings = { ...env, ALLOW_PRIVATE_PROVIDER_URLS: 'true', JOBS: queue, ...vars } as unknown as Env;
  let ip = 0;
  const fetchWorker = (path: string, opts: Omit<WorkerRequest, 'ip'> = {}) => {
    ip += 1;
    return fetchWorkerWith(bindings, path, { ...opts, ip: `198.18.${name.length % 250}.${ip % 250}` });
  };

  async function registerUser(who: string) {
    const res = await fetchWorker('/api/auth/register', {
      json: { name: who, email: `${who.replace(/\W/g, '-').toLowerCase()}-${name}@example.com`, password: 'pw-wk-123' },
    });
    expect(res.status).toBe(201);
    return (await res.json()) as AuthResponse;
  }

  /** An admin, the carrier's catalogue alpha as an API with UPS Ground, and a customer with `balance` USD. */
  async function open(balance: number) {
    const admin = await registerUser('Admin');
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(admin.user._id).run();
    const created = await fetchWorker('/api/admin/config/apis', {
      token: admin.token,
      json: { name: `API ${name}`, key: carrier.alpha.apiKey, baseUrl: carrier.alpha.baseUrl },
    });
    expect(created.status).toBe(201);
    const api = ((await created.json()) as ApiConfigResponse).api;
    const added = await fetchWorker('/api/admin/services/add-services', {
      token: admin.token,
      json: { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
    });
    expect(added.status).toBe(200);
    const buyer = await registerUser('Buyer');
    const funded = await fetchWorker(`/api/admin/users/${buyer.user._id}/balance`, {
      token: admin.token,
      method: 'PATCH',
      json: { mode: 'set', balance },
    });
    expect(funded.status).toBe(200);
    return { admin, api, buyer };
  }

  /** A bulk order of `count` rows through validate and process; its row messages are captured, not delivered. */
  async function bulkOrder(token: string, apiId: string, count: number) {
    const selection = { apiId, carrier: 'UPS', service: 'UPS Ground' };
    const rows = Array.from({ length: count }, (_, i) => csvRow(i));
    const validated = (await (
      await fetchWorker('/api/orders/bulk/validate', { token, json: { ...selection, orders: rows } })
    ).json()) as BulkValidateResponse;
    expect(validated.validCount).toBe(count);
    const res = await fetchWorker('/api/orders/bulk/process', {
      token,
      json: {
        ...selection,
        orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
        totalPrice: validated.totalPrice,
      },
    });
    expect(res.status).toBe(201);
    const processed = (await res.json()) as BulkProcessResponse;
    const rowRecords = await d1Rows(processed.bulkOrderId);
    const messageOf = (rowIndex: number) => {
      const orderId = rowRecords[rowIndex]?.id;
      const m = sent.find((j) => j.type === 'bulk.buy-row' && j.orderId === orderId);
      if (!m) throw new Error(`no message for row ${rowIndex}`);
      return m;
    };
    return { ...processed, rows: rowRecords, messageOf };
  }

  /** Delivers messages to the deployed queue handler as one batch; which were acked and which retried. */
  async function deliver(messages: { id: string; body: JobMessage; attempts?: number }[]) {
    const batch = createMessageBatch(
      JOBS_QUEUE,
      messages.map((m) => ({ id: m.id, timestamp: new Date(), attempts: m.attempts ?? 1, body: m.body })),
    ) as MessageBatch<JobMessage>;
    const ctx = createExecutionContext();
    await deployed.queue(batch, bindings, ctx);
    return getQueueResult(batch, ctx);
  }

  /** Fires the deployed cron (wrangler.jsonc's) and answers the messages it sent. */
  async function cron(): Promise<JobMessage[]> {
    const before = sent.length;
    const ctx = createExecutionContext();
    const crons = (env as unknown as { TEST_CRONS: string[] }).TEST_CRONS;
    await deployed.scheduled(
      createScheduledController({ cron: crons[0] as string, scheduledTime: new Date() }),
      bindings,
      ctx,
    );
    await waitOnExecutionContext(ctx);
    return sent.slice(before);
  }

  return { sent, bindings, fetchWorker, open, bulkOrder, deliver, cron };
}

export function csvRow(i: number) {
  return {
    fromName: 'Wes Worker',
    fromStreet1: '1 Main St',
    fromCity: 'New York',
    fromState: 'NY',
    fromZip: '10001',
    fromPhone: '212-555-0100',
    toName: `Rae Receiver ${i}`,
    toStreet1: '2 Market St',
    toCity: 'San Francisco',
    toState: 'CA',
    toZip: '94105',
    toPhone: '415-555-0199',
    weight: String(1 + (i % 4)),
    length: '10',
    width: '8',
    height: '4',
  };
}

export async function d1Rows(bulkOrderId: string) {
  const { results } = await env.DB.prepare(
    `SELECT id, row_index, status, price_cents, refund_entry_id, failure_reason, tracking_number
     FROM orders WHERE bulk_order_id = ? ORDER BY row_index`,
  )
    .bind(bulkOrderId)
    .all<{
      id: string;
      row_index: number;
      status: string;
      price_cents: number;
      refund_entry_id: string | null;
      failure_reason: string | null;
      tracking_number: string;
    }>();
  return results;
}

/** The customer's money as D1 holds it: balance, the ledger's sum, purchases (debits/holds) and refunds. */
export async function d1Money(userId: string) {
  return env.DB.prepare(
    `SELECT u.balance_cents AS balance,
       COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
         FROM ledger_entries WHERE user_id = u.id AND status = 'completed'), 0) AS ledger,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_purchase') AS debits,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_refund') AS refunds
     FROM users u WHERE u.id = ?`,
  )
    .bind(userId)
    .first<{ balance: number; ledger: number; debits: number; refunds: number }>();
}

/** Labels the carrier sandbox made, by reference (our order id). */
export async function labelsByReference(carrier: Carrier): Promise<Record<string, number>> {
  const res = await fetch(`${carrier.url}/_sandbox/catalogues/alpha/labels`, {
    headers: { 'X-Sandbox-Key': carrier.controlKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { byReference: Record<string, number> }).byReference;
}

/**
 * Puts an order back where a process that died mid-purchase leaves it: `processing`, no label on our side (the
 * provider made it under the order's Idempotency-Key, but its answer never came back), `ageMs` old.
 */
export async function asIfCrashedMidPurchase(orderId: string, ageMs: number): Promise<void> {
  const at = new Date(Date.now() - ageMs).toISOString();
  await env.DB.prepare(
    `UPDATE orders SET status = 'processing', tracking_number = 'PENDING', provider_label_id = NULL,
       label_blob_key = NULL, provider_cost_cents = NULL, completed_at = NULL, created_at = ?, updated_at = ?
     WHERE id = ?`,
  )
    .bind(at, at, orderId)
    .run();
}
