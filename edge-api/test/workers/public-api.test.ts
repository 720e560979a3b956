import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import {
  type ApiConfigResponse,
  type ApiKeyResponse,
  type AuthResponse,
  ErrorBody,
  PUBLIC_API_RATE_LIMIT,
  V1BulkOrderResponse,
  V1CreateBulkLabelsResponse,
  V1CreateLabelResponse,
  V1ServicesResponse,
} from '@labeldesk/contracts';
import { describe, expect, inject, it } from 'vitest';
import { durableObjectRateLimiter } from '../../src/adapters/workers/durable-object-rate-limiter';
import deployed from '../../src/entries/worker/index';
import { JOBS_QUEUE } from '../../src/entries/worker/queue-consumer';
import { createLogger } from '../../src/lib/logger';
import { apiKeyLimit } from '../../src/middleware/api-key';
import type { JobMessage } from '../../src/ports/job-queue';
import { call, fetchWorkerWith, json, register } from './support/http';

/** The public API inside workerd: D1 keys, and the per-key limit on the RateLimiter Durable Object (one per key). */

/**
 * One call through the deployed Worker's fetch handler with the pool's real bindings (D1, the RateLimiter namespace).
 * Called directly rather than through `exports.default.fetch`: that goes over the pool's self service binding as a
 * subrequest, and 1,000 concurrent subrequests queue behind workerd's per-request connection limit (minutes here),
 * while the handler itself answers 1,000 parallel calls in seconds.
 */
function v1(path: string, key: string): Promise<Response> {
  return fetchWorkerWith(env, `/api/v1${path}`, { ip: '198.51.100.7', headers: { 'x-api-key': `Bearer ${key}` } });
}

async function keysOf(token: string): Promise<ApiKeyResponse> {
  const res = await call('/api/user/api-key', { token });
  expect(res.status).toBe(200);
  return json<ApiKeyResponse>(res);
}

describe('public API on Workers', () => {
  // As on Node over HTTP (test/integration/public-api.rate-limit.test.ts): 1,000 at once through the deployed handler,
  // each one an HMAC, a D1 read and a call to the key's Durable Object (about 10 s on the shared 2 cores).
  it('1,000 parallel calls on one key: exactly 100 answered, the other 900 429 with Retry-After; another key is unaffected', async () => {
    const a = await register('Integrator A', 'int-a@example.com', 'pw-123456');
    const b = await register('Integrator B', 'int-b@example.com', 'pw-123456');
    const keyA = (await keysOf(a.token)).apiKey;
    const keyB = (await keysOf(b.token)).apiKey;

    const answers = await Promise.all(Array.from({ length: 1000 }, () => v1('/user', keyA)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PUBLIC_API_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(1000 - PUBLIC_API_RATE_LIMIT);
    for (const res of answers) {
      expect(res.headers.get('ratelimit-policy')).toBe('"api-key";q=100;w=300');
      if (res.status === 429) {
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(300);
      }
      await res.body?.cancel();
    }
    const other = await v1('/user', keyB);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('99');

    // Regenerating in D1 refuses the old key on the next request.
    const fresh = await call('/api/user/api-key/regenerate', { method: 'POST', token: b.token });
    const { apiKey: newB } = await json<ApiKeyResponse>(fresh);
    expect((await v1('/user', keyB)).status).toBe(401);
    expect((await v1('/user', newB)).status).toBe(200);
  }, 120_000);

  it("a key's window on its Durable Object reopens when it ends (the same policy with a 5 s window)", async () => {
    const limiter = durableObjectRateLimiter(env.RATE_LIMITER, createLogger());
    const req = { ...apiKeyLimit('akey_window_test'), windowMs: 5_000 };
    let first = await limiter.limit(req);
    if (first.reset - Date.now() < 4_000) {
      await scheduler.wait(first.reset - Date.now() + 5);
      first = await limiter.limit(req);
    }
    const rest = await Promise.all(Array.from({ length: PUBLIC_API_RATE_LIMIT + 20 }, () => limiter.limit(req)));
    expect([first, ...rest].filter((r) => r.success)).toHaveLength(PUBLIC_API_RATE_LIMIT);
    await scheduler.wait(first.reset - Date.now() + 5);
    const reopened = await limiter.limit(req);
    expect(reopened).toMatchObject({ success: true, remaining: PUBLIC_API_RATE_LIMIT - 1 });
  });
});

/**
 * POST /api/v1/create-bulk-labels on Workers: the bulk engine's one batch on D1 (bulk order, rows, hold), one
 * `bulk.buy-row` message per row (captured by a stand-in JOBS binding, then delivered to the deployed queue consumer),
 * and GET /api/v1/bulk-orders/{id} + /bulk-labels/{id} reading the result from D1 and R2.
 */
describe('public API bulk labels on Workers (D1 + the queue consumer)', () => {
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
  const fetchWorker = (
    path: string,
    opts: { method?: string; json?: unknown; token?: string; headers?: Record<string, string> } = {},
  ) => {
    ip += 1;
    return fetchWorkerWith(sandboxEnv, path, { ...opts, ip: `198.51.100.${100 + ip}` });
  };
  const registerUser = async (name: string, email: string) => {
    const res = await fetchWorker('/api/auth/register', { json: { name, email, password: 'workers-pw-1' } });
    expect(res.status).toBe(201);
    return json<AuthResponse>(res);
  };
  const v1With = (key: string, path: string, opts: { json?: unknown; headers?: Record<string, string> } = {}) =>
    fetchWorker(`/api/v1${path}`, { ...opts, headers: { 'x-api-key': `Bearer ${key}`, ...opts.headers } });

  it('creates a bulk order on D1 with one hold, the consumer buys the rows, GET answers progress and labels', async () => {
    const admin = await registerUser('Ada Admin', 'v1-bulk-admin@example.com');
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(admin.user._id).run();
    const created = await fetchWorker('/api/admin/config/apis', {
      token: admin.token,
      json: { name: 'V1 Bulk API', key: carrier.alpha.apiKey, baseUrl: carrier.alpha.baseUrl },
    });
    expect(created.status).toBe(201);
    const api = (await json<ApiConfigResponse>(created)).api;
    const added = await fetchWorker('/api/admin/services/add-services', {
      token: admin.token,
      json: { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
    });
    expect(added.status).toBe(200);
    const buyer = await registerUser('Ivy Integrator', 'v1-bulk-buyer@example.com');
    const other = await registerUser('Oz Other', 'v1-bulk-other@example.com');
    const funded = await fetchWorker(`/api/admin/users/${buyer.user._id}/balance`, {
      token: admin.token,
      method: 'PATCH',
      json: { mode: 'set', balance: 100 },
    });
    expect(funded.status).toBe(200);
    const key = (await json<ApiKeyResponse>(await fetchWorker('/api/user/api-key', { token: buyer.token }))).apiKey;
    const otherKey = (await json<ApiKeyResponse>(await fetchWorker('/api/user/api-key', { token: other.token })))
      .apiKey;

    const services = V1ServicesResponse.parse(await (await v1With(key, `/services?apiId=${api._id}`)).json());
    const serviceId = services.data.services.UPS.find((s) => s.name === 'UPS Ground')?.id ?? '';
    const unitPrice = services.data.services.UPS.find((s) => s.id === serviceId)?.price ?? 0;
    const order = (i: number, street1 = '2 Market St') => ({
      sender: {
        name: 'Wes Worker',
        street1: '1 Main St',
        city: 'New York',
        state: 'NY',
        zip: '10001',
        phone: '212-555-0100',
      },
      recipient: {
        name: `Rae Receiver ${i}`,
        street1,
        city: 'San Francisco',
        state: 'CA',
        zip: '94105',
        phone: '415-555-0199',
      },
      packageDetails: { weight: 1, dimensions: { length: 10, width: 8, height: 4 } },
    });
    // Row 1's street passes our rules (200 characters) but the carrier takes 100: that row is refunded.
    const body = { serviceId, orders: [order(0), order(1, 'Market St '.repeat(15).trim()), order(2)] };
    const headers = { 'Idempotency-Key': 'workers-bulk-1' };
    const res = await v1With(key, '/create-bulk-labels', { json: body, headers });
    expect(res.status).toBe(201);
    const { data } = V1CreateBulkLabelsResponse.parse(await res.json());
    const totalCents = Math.round(data.totalPrice * 100);
    expect(totalCents).toBe(Math.round(unitPrice * 100) * 3);
    expect(data.newBalance).toBeCloseTo(100 - data.totalPrice, 2);
    const messages = sent.filter((m) => m.type === 'bulk.buy-row' && m.bulkOrderId === data.bulkOrderId);
    expect(messages).toHaveLength(3);
    const holds = await env.DB.prepare(
      "SELECT amount_cents FROM ledger_entries WHERE user_id = ? AND method = 'label_purchase'",
    )
      .bind(buyer.user._id)
      .all<{ amount_cents: number }>();
    expect(holds.results).toEqual([{ amount_cents: totalCents }]);

    // A retry with the same key and body: the same bulk order, nothing new queued or held.
    const replay = await v1With(key, '/create-bulk-labels', { json: body, headers });
    expect(replay.status).toBe(200);
    expect(V1CreateBulkLabelsResponse.parse(await replay.json()).data.bulkOrderId).toBe(data.bulkOrderId);
    expect(sent.filter((m) => m.type === 'bulk.buy-row' && m.bulkOrderId === data.bulkOrderId)).toHaveLength(3);

    const processing = V1BulkOrderResponse.parse(await (await v1With(key, `/bulk-orders/${data.bulkOrderId}`)).json());
    expect(processing.data.bulkOrder).toMatchObject({ status: 'processing', processingStatus: { labelsRemaining: 3 } });
    const notYet = await v1With(key, `/bulk-labels/${data.bulkOrderId}`);
    expect(notYet.status).toBe(409);
    ErrorBody.parse(await notYet.json());

    // The deployed queue consumer buys the rows.
    const batch = createMessageBatch(
      JOBS_QUEUE,
      messages.map((m, i) => ({ id: `m${i}`, timestamp: new Date(), attempts: 1, body: m })),
    ) as MessageBatch<JobMessage>;
    const ctx = createExecutionContext();
    await deployed.queue(batch, sandboxEnv, ctx);
    const result = await getQueueResult(batch, ctx);
    expect([...result.explicitAcks].sort()).toEqual(['m0', 'm1', 'm2']);

    const read = await v1With(key, `/bulk-orders/${data.bulkOrderId}`);
    expect(read.status).toBe(200);
    const final = V1BulkOrderResponse.parse(await read.json()).data;
    expect(final.bulkOrder).toMatchObject({ status: 'partial', failedOrderCount: 1, hasLabels: true });
    expect(final.orders.map((o) => [o.rowIndex, o.status, o.hasLabel])).toEqual([
      [0, 'completed', true],
      [1, 'failed', false],
      [2, 'completed', true],
    ]);
    const money = await env.DB.prepare(
      `SELECT u.balance_cents AS balance,
         (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_refund') AS refunds
       FROM users u WHERE u.id = ?`,
    )
      .bind(buyer.user._id)
      .first<{ balance: number; refunds: number }>();
    expect(money).toEqual({ balance: 10_000 - (totalCents * 2) / 3, refunds: 1 });

    const pdf = await v1With(key, `/bulk-labels/${data.bulkOrderId}`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode(new Uint8Array(await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // The test key on D1. This API is a real upstream here (not a sandbox): without TEST_MODE_SANDBOXES a test label
    // is refused with 503 before anything is written; with it, the label is bought at that sandbox (catalogue beta),
    // never at the API's upstream (alpha), and no money moves.
    const testKey = (await json<ApiKeyResponse>(await fetchWorker('/api/user/api-key', { token: buyer.token })))
      .testKey;
    const labelsAt = async (catalogue: 'alpha' | 'beta') => {
      const res = await fetch(`${carrier.url}/_sandbox/catalogues/${catalogue}/labels`, {
        headers: { 'X-Sandbox-Key': carrier.controlKey },
      });
      return ((await res.json()) as { labels: { reference: string | null }[] }).labels;
    };
    const alphaBefore = (await labelsAt('alpha')).length;
    const single = { serviceId, ...order(0) };
    const unavailable = await v1With(testKey, '/create-label', { json: single });
    expect(unavailable.status).toBe(503);
    expect(ErrorBody.parse(await unavailable.json()).error.message).toMatch(/^Test mode is not available/);
    const testEnv = {
      ...sandboxEnv,
      TEST_MODE_SANDBOXES: JSON.stringify({ generic: carrier.beta }),
    } as unknown as Env;
    const tested = await fetchWorkerWith(testEnv, '/api/v1/create-label', {
      ip: '198.51.100.250',
      json: single,
      headers: { 'x-api-key': `Bearer ${testKey}` },
    });
    expect(tested.status).toBe(201);
    const testData = V1CreateLabelResponse.parse(await tested.json());
    expect(testData).toMatchObject({ livemode: false, data: { order: { status: 'completed' } } });
    expect((await labelsAt('beta')).some((l) => l.reference?.includes(testData.data._id))).toBe(true);
    expect(await labelsAt('alpha')).toHaveLength(alphaBefore);
    const row = await env.DB.prepare('SELECT livemode, debit_entry_id AS debit FROM orders WHERE id = ?')
      .bind(testData.data._id)
      .first<{ livemode: number; debit: string }>();
    expect(row?.livemode).toBe(0);
    expect(row?.debit).toMatch(/^nomoney_/);
    expect((await v1With(key, `/orders/${testData.data._id}`)).status).toBe(404);
    const after = await env.DB.prepare('SELECT balance_cents AS balance FROM users WHERE id = ?')
      .bind(buyer.user._id)
      .first<{ balance: number }>();
    expect(after?.balance).toBe(money?.balance);

    // Another customer's key: 404 in the error shape, for the bulk order and its labels.
    for (const path of [`/bulk-orders/${data.bulkOrderId}`, `/bulk-labels/${data.bulkOrderId}`]) {
      const res = await v1With(otherKey, path);
      expect(res.status).toBe(404);
      expect(ErrorBody.parse(await res.json()).error.code).toBe('not_found');
    }
  });
});
