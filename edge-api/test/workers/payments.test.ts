import { createExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type {
  AuthResponse,
  CreateInvoiceResponse,
  ErrorBody,
  TransactionListResponse,
  UpdateBalanceResponse,
} from '@labeldesk/contracts';
import { describe, expect, inject, it } from 'vitest';
import { signBtcpayBody } from '../../src/adapters/btcpay/greenfield-processor';
import deployed from '../../src/entries/worker/index';
import { buildServices } from '../../src/entries/worker/services';
import { ApiError } from '../../src/errors';
import { signSessionToken } from '../../src/lib/jwt';
import { applyBalanceChange } from '../../src/use-cases/ledger/apply-balance-change';
import { fetchWorkerWith, TEST_JWT_SECRET, type WorkerRequest } from './support/http';

/**
 * The money path inside workerd: the Worker's BTCPay adapter (fetch + WebCrypto HMAC) talks to a Greenfield sandbox
 * served from Node (global setup), and every balance change is a D1 batch. The tests sign webhook deliveries with
 * WebCrypto themselves (the sandbox cannot reach the Worker) and read D1 directly to check the effects.
 */
const btcpay = inject('btcpay');
const WEBHOOK_SECRET = 'workers-webhook-secret-0123456789';
const payEnv = {
  ...env,
  BTCPAY_URL: btcpay.url,
  BTCPAY_STORE_ID: btcpay.storeId,
  BTCPAY_API_KEY: btcpay.apiKey,
  BTCPAY_WEBHOOK_SECRET: WEBHOOK_SECRET,
} as unknown as Env;

let ipCounter = 0;
function fetchWorker(path: string, opts: Omit<WorkerRequest, 'ip'> = {}): Promise<Response> {
  ipCounter += 1;
  return fetchWorkerWith(payEnv, path, { ...opts, ip: `198.51.100.${ipCounter}` });
}

async function registerUser(name: string, email: string) {
  const res = await fetchWorker('/api/auth/register', { json: { name, email, password: 'workers-pw-1' } });
  expect(res.status).toBe(201);
  return (await res.json()) as AuthResponse;
}

async function openTopUp(token: string, amount: number) {
  const res = await fetchWorker('/api/crypto/create-invoice', { json: { amount }, token });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as CreateInvoiceResponse;
  return { ...body, invoiceId: body.paymentUrl.split('/').pop() ?? '' };
}

/** A checkout-page action at the sandbox (a form POST), from inside workerd. */
async function checkout(paymentUrl: string, action: string, form: Record<string, string> = {}) {
  const res = await fetch(`${paymentUrl}/${action}`, {
    method: 'POST',
    body: new URLSearchParams(form),
    redirect: 'manual',
  });
  expect(res.status, `${action}: ${await res.text()}`).toBe(303);
}

async function deliver(invoiceId: string, deliveryId: string, type = 'InvoiceSettled', secret = WEBHOOK_SECRET) {
  const body = JSON.stringify({ deliveryId, type, invoiceId, storeId: btcpay.storeId, metadata: {} }, null, 2);
  return fetchWorker('/api/crypto/webhook', {
    raw: body,
    headers: { 'BTCPay-Sig': await signBtcpayBody(secret, body) },
  });
}

const d1 = {
  balance: async (userId: string) =>
    (await env.DB.prepare('SELECT balance_cents AS b FROM users WHERE id = ?').bind(userId).first<{ b: number }>())?.b,
  ledger: async (userId: string) =>
    (
      await env.DB.prepare(
        `SELECT COALESCE(SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END), 0) AS s
         FROM ledger_entries WHERE user_id = ? AND status = 'completed'`,
      )
        .bind(userId)
        .first<{ s: number }>()
    )?.s,
  settlements: async (invoiceId: string) =>
    (await env.DB.prepare(
      'SELECT COUNT(*) AS n, COALESCE(SUM(amount_cents), 0) AS c FROM ledger_settlements WHERE reference = ?',
    )
      .bind(invoiceId)
      .first<{ n: number; c: number }>()) ?? { n: 0, c: 0 },
  deliveries: async () =>
    (await env.DB.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries').first<{ n: number }>())?.n ?? 0,
};

describe('crypto top-ups inside workerd (D1 + WebCrypto + fetch to Greenfield)', () => {
  it('checks the BTCPay-Sig HMAC in workerd, then credits a paid invoice once in a D1 batch', async () => {
    const { token, user } = await registerUser('Wanda Worker', 'wanda@example.com');
    const topUp = await openTopUp(token, 12.5);
    expect(topUp.paymentUrl).toBe(`${btcpay.url}/i/${topUp.invoiceId}`);
    await checkout(topUp.paymentUrl, 'pay-full');

    for (const res of [
      await deliver(topUp.invoiceId, 'w-forged', 'InvoiceSettled', 'not-the-secret-at-all'),
      await fetchWorker('/api/crypto/webhook', { raw: JSON.stringify({ deliveryId: 'w-unsigned' }) }),
    ]) {
      expect(res.status).toBe(401);
      expect(((await res.json()) as ErrorBody).error.message).toBe('Invalid webhook signature');
    }
    expect(await d1.deliveries()).toBe(0);
    expect(await d1.balance(user._id)).toBe(0);

    const first = await deliver(topUp.invoiceId, 'w-1');
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ outcome: 'credited' });
    expect(await d1.balance(user._id)).toBe(1250);

    const replay = await deliver(topUp.invoiceId, 'w-1');
    expect(await replay.json()).toMatchObject({ outcome: 'duplicate' });
    const burst = await Promise.all(
      Array.from({ length: 10 }, (_, i) => deliver(topUp.invoiceId, `w-burst-${i}`, 'InvoicePaymentSettled')),
    );
    expect(burst.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(await d1.balance(user._id)).toBe(1250);
    expect(await d1.ledger(user._id)).toBe(1250);
    expect(await d1.settlements(topUp.invoiceId)).toEqual({ n: 1, c: 1250 });

    const list = (await (await fetchWorker('/api/balance/transactions', { token })).json()) as TransactionListResponse;
    expect(list.transactions).toEqual([
      expect.objectContaining({
        transactionId: topUp.transactionId,
        status: 'completed',
        amount: 12.5,
        balanceAfter: 12.5,
      }),
    ]);
  });

  it('credits a partial payment, then the late rest as a further row (the in-batch difference) on D1', async () => {
    const { token, user } = await registerUser('Pat Partial', 'pat@example.com');
    const topUp = await openTopUp(token, 10);
    await checkout(topUp.paymentUrl, 'pay-part', { amount: '4.00' });
    await checkout(topUp.paymentUrl, 'expire');
    expect(await (await deliver(topUp.invoiceId, 'p-1', 'InvoiceExpired')).json()).toMatchObject({
      outcome: 'credited',
    });
    expect(await d1.balance(user._id)).toBe(400);
    await checkout(topUp.paymentUrl, 'pay-late');
    const late = await Promise.all(
      ['p-2', 'p-3', 'p-4'].map((id) => deliver(topUp.invoiceId, id, 'InvoicePaidAfterExpiration')),
    );
    const outcomes = await Promise.all(late.map(async (r) => ((await r.json()) as { outcome: string }).outcome));
    expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
    expect(await d1.balance(user._id)).toBe(1000);
    expect(await d1.ledger(user._id)).toBe(1000);
    expect(await d1.settlements(topUp.invoiceId)).toEqual({ n: 2, c: 1000 });
  });

  it('runs the ledger batches on D1: an overdraft changes nothing; admin set and add write one row each', async () => {
    const { user } = await registerUser('Otto Overdraft', 'otto@example.com');
    const now = new Date().toISOString();
    await env.DB.prepare(
      `INSERT INTO users (id, name, email, password_hash, is_admin, created_at, updated_at)
       VALUES ('usr_01jadmin00000000000000000', 'Admin', 'admin@workers.test', 'x', 1, ?, ?)`,
    )
      .bind(now, now)
      .run();
    await env.DB.prepare(
      `INSERT INTO sessions (id, user_id, created_at, expires_at) VALUES ('ses_01jadmin', 'usr_01jadmin00000000000000000', ?, ?)`,
    )
      .bind(now, new Date(Date.now() + 600_000).toISOString())
      .run();
    const adminToken = await signSessionToken({
      userId: 'usr_01jadmin00000000000000000',
      sessionId: 'ses_01jadmin',
      secret: TEST_JWT_SECRET,
      ttlSeconds: 600,
      now: new Date(),
    });
    const patch = async (json: unknown) => {
      const res = await fetchWorker(`/api/admin/users/${user._id}/balance`, {
        method: 'PATCH',
        json,
        token: adminToken,
      });
      expect(res.status).toBe(200);
      return (await res.json()) as UpdateBalanceResponse;
    };
    expect((await patch({ mode: 'add', amount: 30 })).transaction).toMatchObject({ type: 'credit', amount: 30 });
    expect((await patch({ mode: 'set', balance: 12.25 })).transaction).toMatchObject({
      type: 'debit',
      amount: 17.75,
      balanceAfter: 12.25,
    });
    expect((await patch({ mode: 'set', balance: 12.25 })).transaction).toBeNull();

    const services = buildServices(payEnv);
    const overdraft = applyBalanceChange(services, {
      userId: user._id,
      change: { kind: 'amount', type: 'debit', amountCents: 1226 },
      method: 'label_purchase',
      description: 'Label',
    });
    await expect(overdraft).rejects.toBeInstanceOf(ApiError);
    await expect(overdraft).rejects.toMatchObject({ code: 'insufficient_funds' });
    expect(await d1.balance(user._id)).toBe(1225);
    const rows = await env.DB.prepare('SELECT COUNT(*) AS n FROM ledger_entries WHERE user_id = ?')
      .bind(user._id)
      .first<{ n: number }>();
    expect(rows?.n).toBe(2);
    const exact = await applyBalanceChange(services, {
      userId: user._id,
      change: { kind: 'amount', type: 'debit', amountCents: 1225 },
      method: 'label_purchase',
      description: 'Label',
    });
    expect(exact).toMatchObject({ balanceAfterCents: 0 });
    expect(await d1.ledger(user._id)).toBe(0);
  });

  it('answers 503 when the processor is not configured on this deployment', async () => {
    const { token } = (await (
      await deployed.fetch(
        new Request('https://api.labeldesk.test/api/auth/register', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': '192.0.2.200' },
          body: JSON.stringify({ name: 'No Pay', email: 'nopay@example.com', password: 'pw-123456' }),
        }),
        env,
        createExecutionContext(),
      )
    ).json()) as AuthResponse;
    const res = await deployed.fetch(
      new Request('https://api.labeldesk.test/api/crypto/create-invoice', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ amount: 10 }),
      }),
      env,
      createExecutionContext(),
    );
    expect(res.status).toBe(503);
    expect(((await res.json()) as ErrorBody).error).toMatchObject({
      code: 'upstream_unavailable',
      message: 'Payment processor is unavailable. Please try again later.',
    });
  });
});
