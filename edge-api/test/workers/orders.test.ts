import { env } from 'cloudflare:workers';
import { CreateOrderRequest } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { buildServices } from '../../src/entries/worker/services';
import { ApiError } from '../../src/errors';
import { createOrder } from '../../src/use-cases/orders/create-order';
import { readOrder } from '../../src/use-cases/orders/order-rows';
import { refundOrder } from '../../src/use-cases/orders/refund-order';

/**
 * The purchase's money batches on D1 (no interactive transactions: each phase is one `db.batch`), straight through the
 * use-case with the Worker's own services. The catalogue rows are written into D1 directly.
 */
const now = new Date().toISOString();

async function seed(userId: string, balanceCents: number) {
  const apiId = `api_${userId}`;
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO users (id, name, email, password_hash, balance_cents, created_at, updated_at)
       VALUES (?, 'Wren Worker', ?, 'x', ?, ?, ?)`,
    ).bind(userId, `${userId}@example.com`, balanceCents, now, now),
    // The key cannot be unsealed: phase 2 fails before any provider is called (a definite failure → refund).
    env.DB.prepare(
      `INSERT INTO shipping_apis (id, name, key_ciphertext, key_hint, base_url, is_default, enabled, created_at, updated_at)
       VALUES (?, 'API W', 'not-sealed', '••••', 'https://provider.invalid', 0, 1, ?, ?)`,
    ).bind(apiId, now, now),
    env.DB.prepare(
      `INSERT INTO shipping_services (id, api_id, carrier, name, service_code, enabled, base_price_cents, active,
         weight_unit, created_at, updated_at)
       VALUES (?, ?, 'UPS', 'UPS Ground', 'ups_ground', 1, 1140, 1, 'lbs', ?, ?)`,
    ).bind(`svc_${userId}`, apiId, now, now),
  ]);
  const party = { name: 'A', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', phone: '1' };
  return CreateOrderRequest.parse({
    apiId,
    carrier: 'UPS',
    serviceType: 'UPS Ground',
    sender: party,
    recipient: { ...party, name: 'B' },
    packageDetails: { weight: 2, length: 10, width: 8, height: 4 },
  });
}

const d1 = async (userId: string) => {
  const row = await env.DB.prepare(
    `SELECT u.balance_cents AS balance, u.total_spend_cents AS spend,
       (SELECT COUNT(*) FROM orders WHERE user_id = u.id) AS orders,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id) AS entries,
       COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
         FROM ledger_entries WHERE user_id = u.id AND status = 'completed'), 0) AS ledger
     FROM users u WHERE u.id = ?`,
  )
    .bind(userId)
    .first<{ balance: number; spend: number; orders: number; entries: number; ledger: number }>();
  if (!row) throw new Error('no user');
  return row;
};

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw err;
  }
  throw new Error('expected an ApiError');
}

describe('purchase batches on D1', () => {
  it('refuses an overdraft as a whole: no order row, no ledger row, balance untouched', async () => {
    const userId = 'usr_workers_poor';
    const request = await seed(userId, 1139);
    const err = await refusal(createOrder(buildServices(env), { userId, request, idempotencyKey: 'w-1' }));
    expect(err.code).toBe('insufficient_funds');
    expect(await d1(userId)).toEqual({ balance: 1139, spend: 0, orders: 0, entries: 0, ledger: 0 });
  });

  it('debits in one batch and, when phase 2 definitely fails, refunds in one batch — once', async () => {
    const userId = 'usr_workers_funded';
    const request = await seed(userId, 1140);
    const services = buildServices(env);
    const err = await refusal(createOrder(services, { userId, request }));
    expect(err.code).toBe('upstream_error');
    // The seeded balance has no ledger row: the debit and its refund net to zero.
    expect(await d1(userId)).toEqual({ balance: 1140, spend: 0, orders: 1, entries: 2, ledger: 0 });
    const order = await env.DB.prepare('SELECT id, status, refund_entry_id FROM orders WHERE user_id = ?')
      .bind(userId)
      .first<{ id: string; status: string; refund_entry_id: string | null }>();
    expect(order?.status).toBe('failed');
    expect(order?.refund_entry_id).toMatch(/^txn_/);

    // A late second refund (a stale copy of the open order) is refused by the batch's own condition on D1 too.
    const row = await readOrder(services, order?.id ?? '');
    if (!row) throw new Error('no order');
    const again = await refundOrder(services, { ...row, status: 'pending_reconciliation' }, 'again');
    expect(again.refundEntryId).toBe(order?.refund_entry_id);
    expect(await d1(userId)).toEqual({ balance: 1140, spend: 0, orders: 1, entries: 2, ledger: 0 });
  });
});
