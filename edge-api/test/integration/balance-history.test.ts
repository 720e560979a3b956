import { DepositListResponse, TransactionListResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { applyBalanceChange } from '../../src/use-cases/ledger/apply-balance-change';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import { openTopUp, sandboxOf, startMoneyServer } from './money-support';

/**
 * History screens on a server whose clock the test moves: rows land on known days, so the date filters (end day
 * inclusive), search, ordering and pagination can be checked exactly.
 */
describe('transaction history and deposit history', () => {
  const clock = fixedClock(new Date('2026-03-01T09:00:00.000Z'));
  let server: TestServer;
  let admin: { token: string; id: string };
  let eve: { token: string; id: string };
  let finn: { token: string; id: string };
  const created: Record<string, string> = {};

  beforeAll(async () => {
    server = await startMoneyServer({ clock, runJobs: false });
    const a = await loginAdmin(server);
    admin = { token: a.token, id: a.user._id };
    const e = await register(server, { name: 'Eve Early', email: 'eve@example.com', password: 'pw-12345' });
    const f = await register(server, { name: 'Finn Late', email: 'finn@shop.test', password: 'pw-12345' });
    eve = { token: e.token, id: e.user._id };
    finn = { token: f.token, id: f.user._id };

    const add = async (userId: string, cents: number, label: string) => {
      const row = await applyBalanceChange(server.services, {
        userId,
        change: { kind: 'amount', type: 'credit', amountCents: cents },
        method: 'admin_adjustment',
        description: `Funds added by an admin: ${label}`,
        adminId: admin.id,
        reason: label,
      });
      created[label] = row?.id ?? '';
    };
    // 1 March 09:00, 2 March 23:59:59.999, 3 March 00:00, then 15 more on 4 March.
    await add(eve.id, 1000, 'march-first');
    clock.set(new Date('2026-03-02T23:59:59.999Z'));
    await add(eve.id, 200, 'last-millisecond-of-march-2');
    clock.set(new Date('2026-03-03T00:00:00.000Z'));
    await add(eve.id, 300, 'first-millisecond-of-march-3');
    const debit = await applyBalanceChange(server.services, {
      userId: eve.id,
      change: { kind: 'set', balanceCents: 1000 },
      method: 'admin_adjustment',
      description: 'Balance set to $10.00 by an admin',
      adminId: admin.id,
    });
    created.debit = debit?.id ?? '';
    clock.set(new Date('2026-03-04T12:00:00.000Z'));
    for (let i = 0; i < 15; i++) {
      clock.advance(1000);
      await add(finn.id, 100 + i, `bulk-${String(i).padStart(2, '0')}`);
    }
    // A pending crypto top-up of Finn's (listed, not in the completed total) and a completed one of Eve's.
    const pending = await openTopUp(server, finn.token, 50);
    created.pending = pending.transactionId;
    const paid = await openTopUp(server, eve.token, 7);
    sandboxOf(server).payInFull(paid.invoiceId);
    await sandboxOf(server).webhooksIdle();
    created.paid = paid.transactionId;
    created.paidInvoice = paid.invoiceId;
  });
  afterAll(() => server.stop());

  const history = async (token: string, query = '') => {
    const res = await call(server, 'GET', `/api/balance/transactions${query}`, { token });
    expect(res.status, res.text).toBe(200);
    return TransactionListResponse.parse(res.body);
  };
  const deposits = async (query = '') => {
    const res = await call(server, 'GET', `/api/admin/deposits${query}`, { token: admin.token });
    expect(res.status, res.text).toBe(200);
    return DepositListResponse.parse(res.body);
  };

  it("lists the user's own rows newest first with the balance after each", async () => {
    const list = await history(eve.token);
    expect(list.transactions.map((t) => t.transactionId)).toEqual([
      created.paid,
      created.debit,
      created['first-millisecond-of-march-3'],
      created['last-millisecond-of-march-2'],
      created['march-first'],
    ]);
    expect(list.transactions.map((t) => [t.type, t.amount, t.balanceAfter])).toEqual([
      ['credit', 7, 17],
      ['debit', 5, 10],
      ['credit', 3, 15],
      ['credit', 2, 12],
      ['credit', 10, 10],
    ]);
    expect(list).toMatchObject({ totalTransactions: 5, page: 1, limit: 10, totalPages: 1 });
  });

  it('filters by day with the end day inclusive (UTC)', async () => {
    const ids = async (q: string) => (await history(eve.token, q)).transactions.map((t) => t.transactionId);
    expect(await ids('?from=2026-03-02&to=2026-03-02')).toEqual([created['last-millisecond-of-march-2']]);
    expect(await ids('?to=2026-03-01')).toEqual([created['march-first']]);
    expect(await ids('?from=2026-03-03&to=2026-03-03')).toEqual([
      created.debit,
      created['first-millisecond-of-march-3'],
    ]);
    expect(await ids('?from=2026-03-05')).toEqual([]);
    const bad = await call(server, 'GET', '/api/balance/transactions?from=2026-03-03&to=2026-03-01', {
      token: eve.token,
    });
    expect(bad.status).toBe(400);
    expect(errorOf(bad).error.message).toBe('From date cannot be after To date');
    const badDay = await call(server, 'GET', '/api/balance/transactions?from=03/01/2026', { token: eve.token });
    expect(errorOf(badDay).error.message).toBe('Dates must be YYYY-MM-DD');
  });

  it('searches the transaction id or the description, case-insensitively, wildcards taken literally', async () => {
    const ids = async (q: string) => (await history(eve.token, q)).transactions.map((t) => t.transactionId);
    expect(await ids(`?search=${created['march-first']?.toUpperCase()}`)).toEqual([created['march-first']]);
    expect(await ids('?search=MILLISECOND')).toHaveLength(2);
    expect(await ids(`?search=${encodeURIComponent(created.paidInvoice ?? '')}`)).toEqual([created.paid]);
    expect(await ids('?search=%25')).toEqual([]);
    // As a LIKE wildcard '_' would match the '-' of march-first; taken literally it matches nothing.
    expect(await ids('?search=march_first')).toEqual([]);
    expect(await ids('?search=march-first')).toEqual([created['march-first']]);
  });

  it('pages with the allowed sizes only', async () => {
    const first = await history(finn.token, '?limit=10');
    const second = await history(finn.token, '?limit=10&page=2');
    expect(first).toMatchObject({ totalTransactions: 16, totalPages: 2, page: 1 });
    expect(first.transactions).toHaveLength(10);
    expect(second.transactions).toHaveLength(6);
    expect(first.transactions[0]?.transactionId).toBe(created.pending);
    expect(first.transactions[0]).toMatchObject({ status: 'pending', balanceAfter: null, method: 'crypto' });
    expect(second.transactions.at(-1)?.transactionId).toBe(created['bulk-00']);
    const beyond = await history(finn.token, '?limit=10&page=3');
    expect(beyond.transactions).toEqual([]);
    for (const q of ['?limit=7', '?limit=1000', '?page=0', '?page=abc']) {
      expect((await call(server, 'GET', `/api/balance/transactions${q}`, { token: finn.token })).status, q).toBe(400);
    }
  });

  it('deposit history: crypto top-ups and admin credits of everyone, admin debits left out', async () => {
    const all = await deposits('?limit=100');
    const ids = all.deposits.map((d) => d.transactionId);
    expect(ids).toContain(created.paid);
    expect(ids).toContain(created.pending);
    expect(ids).toContain(created['march-first']);
    expect(ids).not.toContain(created.debit);
    expect(all.totalTransactions).toBe(20);
    // Completed only: 10 + 2 + 3 + 7 (Eve) + Σ(1.00..1.14) (Finn) = 22.00 + 16.05; the pending $50 is not counted.
    expect(all.totalDeposits).toBe(38.05);
    const pending = all.deposits.find((d) => d.transactionId === created.pending);
    expect(pending).toMatchObject({
      status: 'pending',
      amount: 50,
      metadata: { method: 'crypto' },
      userDetails: { name: 'Finn Late', email: 'finn@shop.test' },
      user: { email: 'finn@shop.test' },
    });
    expect(pending?.metadata.invoiceId).toEqual(expect.any(String));
    expect(all.deposits.find((d) => d.transactionId === created['march-first'])?.metadata).toEqual({
      method: 'admin_adjustment',
      invoiceId: null,
    });
  });

  it('deposit history filters by user email, id, description and day, with totals for the filter', async () => {
    const byEmail = await deposits('?search=SHOP.TEST&limit=25');
    expect(byEmail.totalTransactions).toBe(16);
    expect(byEmail.totalDeposits).toBe(16.05);
    expect(byEmail.deposits.every((d) => d.user.email === 'finn@shop.test')).toBe(true);
    const byId = await deposits(`?search=${created['last-millisecond-of-march-2']}`);
    expect(byId.deposits.map((d) => d.transactionId)).toEqual([created['last-millisecond-of-march-2']]);
    const byDay = await deposits('?from=2026-03-01&to=2026-03-02');
    expect(byDay).toMatchObject({ totalTransactions: 2, totalDeposits: 12 });
    const paged = await deposits('?limit=10&page=2');
    expect(paged).toMatchObject({ page: 2, limit: 10, totalPages: 2, totalTransactions: 20 });
    expect(paged.deposits).toHaveLength(10);
    const none = await deposits('?search=nobody-matches-this');
    expect(none).toMatchObject({ deposits: [], totalTransactions: 0, totalDeposits: 0, totalPages: 1 });
  });
});
