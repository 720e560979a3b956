import {
  AdminUserListResponse,
  INVALID_AMOUNT,
  TransactionListResponse,
  UpdateBalanceResponse,
} from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema';
import { IDEMPOTENCY_KEY_MESSAGE } from '../../src/lib/idempotency';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import { expectConsistent, ledgerOf, openTopUp, sandboxOf, startMoneyServer } from './money-support';

describe('admin: customers and balance changes', () => {
  let server: TestServer;
  let admin: { token: string; id: string };
  let dora: { token: string; id: string };

  beforeAll(async () => {
    server = await startMoneyServer();
    const a = await loginAdmin(server);
    admin = { token: a.token, id: a.user._id };
    const d = await register(server, { name: 'Dora Deposit', email: 'dora@example.com', password: 'pw-12345' });
    dora = { token: d.token, id: d.user._id };
  });
  afterAll(() => server.stop());

  const patch = (json: unknown, opts: { id?: string; headers?: Record<string, string> } = {}) =>
    call(server, 'PATCH', `/api/admin/users/${opts.id ?? dora.id}/balance`, {
      token: admin.token,
      json,
      ...(opts.headers ? { headers: opts.headers } : {}),
    });

  it('lists every user with balance and total spend, newest first, never a password hash', async () => {
    const res = await call(server, 'GET', '/api/admin/users', { token: admin.token });
    expect(res.status).toBe(200);
    const { users } = AdminUserListResponse.parse(res.body);
    expect(users.map((u) => u.email)).toEqual(['dora@example.com', 'admin@example.test']);
    expect(users[0]).toMatchObject({ _id: dora.id, name: 'Dora Deposit', balance: 0, totalSpend: 0, isAdmin: false });
    expect(res.text).not.toContain('argon2');
  });

  it('add: one credit row naming the admin and the reason', async () => {
    const res = await patch({ mode: 'add', amount: 20.05, reason: '  goodwill  ' });
    expect(res.status).toBe(200);
    const body = UpdateBalanceResponse.parse(res.body);
    expect(body.message).toBe('Balance updated successfully');
    expect(body.user).toMatchObject({ _id: dora.id, balance: 20.05 });
    expect(body.transaction).toMatchObject({
      type: 'credit',
      status: 'completed',
      amount: 20.05,
      balanceAfter: 20.05,
      method: 'admin_adjustment',
      description: 'Funds added by an admin: goodwill',
      reference: null,
    });
    const [row] = await server.services.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, body.transaction?.transactionId ?? ''));
    expect(row).toMatchObject({ adminId: admin.id, reason: 'goodwill' });
  });

  it('set: the difference becomes one credit or one debit; the same balance writes nothing', async () => {
    const up = UpdateBalanceResponse.parse((await patch({ mode: 'set', balance: 100 })).body);
    expect(up.transaction).toMatchObject({ type: 'credit', amount: 79.95, balanceAfter: 100 });
    expect(up.transaction?.description).toBe('Balance set to $100.00 by an admin');
    const down = UpdateBalanceResponse.parse((await patch({ mode: 'set', balance: 0.5, reason: 'chargeback' })).body);
    expect(down.transaction).toMatchObject({
      type: 'debit',
      amount: 99.5,
      balanceAfter: 0.5,
      description: 'Balance set to $0.50 by an admin: chargeback',
    });
    expect(down.user.balance).toBe(0.5);
    const rowsBefore = (await ledgerOf(server, dora.id)).rows;
    const same = UpdateBalanceResponse.parse((await patch({ mode: 'set', balance: 0.5 })).body);
    expect(same).toMatchObject({ transaction: null, message: 'Balance unchanged: it already has that value' });
    expect(same.user.balance).toBe(0.5);
    expect((await ledgerOf(server, dora.id)).rows).toBe(rowsBefore);
    expect(await expectConsistent(server, dora.id)).toBe(50);
  });

  it('set computes from the balance at that moment: a top-up settling concurrently is never overwritten', async () => {
    const topUp = await openTopUp(server, dora.token, 10);
    const btcpay = sandboxOf(server);
    const [res] = await Promise.all([
      patch({ mode: 'set', balance: 5 }),
      (async () => {
        btcpay.payInFull(topUp.invoiceId);
        await btcpay.webhooksIdle();
      })(),
    ]);
    expect(res.status).toBe(200);
    // Whatever the order, the ledger explains the balance: set-to-5 then +10 = 15, or +10 then set-to-5 = 5.
    expect([500, 1500]).toContain(await expectConsistent(server, dora.id));
  });

  it('validates amounts with the SPEC text and refuses unknown users', async () => {
    for (const json of [
      { mode: 'add', amount: 0 },
      { mode: 'add', amount: -5 },
      { mode: 'add', amount: 1.234 },
      { mode: 'add', amount: '10' },
      { mode: 'set', balance: 0 },
      { mode: 'set', balance: 100_000.01 },
      { mode: 'set' },
    ]) {
      const res = await patch(json);
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(errorOf(res).error).toMatchObject({ code: 'invalid_input', message: INVALID_AMOUNT });
    }
    expect((await patch({ mode: 'double', amount: 5 })).status).toBe(400);
    const missing = await patch({ mode: 'add', amount: 5 }, { id: 'usr_01h00000000000000000000000' });
    expect(missing.status).toBe(404);
    expect(errorOf(missing).error).toMatchObject({ code: 'not_found', message: 'User not found' });
  });

  it('an Idempotency-Key makes a retried change apply once', async () => {
    const before = await expectConsistent(server, dora.id);
    const headers = { 'Idempotency-Key': 'modal-submit-42' };
    const first = UpdateBalanceResponse.parse((await patch({ mode: 'add', amount: 3 }, { headers })).body);
    const again = UpdateBalanceResponse.parse((await patch({ mode: 'add', amount: 3 }, { headers })).body);
    expect(again.transaction?.transactionId).toBe(first.transaction?.transactionId);
    expect(await expectConsistent(server, dora.id)).toBe(before + 300);
    const conflict = await patch({ mode: 'add', amount: 4 }, { headers });
    expect(conflict.status).toBe(409);
    expect(await expectConsistent(server, dora.id)).toBe(before + 300);
  });

  it('the Idempotency-Key follows the one rule of every creating route: 1-255 visible ASCII, else 400 and no change', async () => {
    const before = await expectConsistent(server, dora.id);
    for (const bad of ['two words', 'k'.repeat(256), 'naïve-key']) {
      const res = await patch({ mode: 'add', amount: 1 }, { headers: { 'Idempotency-Key': bad } });
      expect(res.status, bad).toBe(400);
      expect(errorOf(res).error).toMatchObject({
        code: 'invalid_input',
        message: IDEMPOTENCY_KEY_MESSAGE,
        details: [{ path: 'Idempotency-Key', message: IDEMPOTENCY_KEY_MESSAGE }],
      });
    }
    expect(await expectConsistent(server, dora.id)).toBe(before);
    // 255 characters (the old admin rule stopped at 200) are a key like any other.
    const longest = { 'Idempotency-Key': `k${'~'.repeat(254)}` };
    expect((await patch({ mode: 'add', amount: 1 }, { headers: longest })).status).toBe(200);
    expect((await patch({ mode: 'add', amount: 1 }, { headers: longest })).status).toBe(200);
    expect(await expectConsistent(server, dora.id)).toBe(before + 100);
  });

  it("the customer's own history shows the admin changes", async () => {
    const list = TransactionListResponse.parse(
      (await call(server, 'GET', '/api/balance/transactions?search=admin', { token: dora.token })).body,
    );
    expect(list.transactions.every((t) => t.method === 'admin_adjustment')).toBe(true);
    expect(list.transactions.length).toBeGreaterThanOrEqual(4);
  });
});
