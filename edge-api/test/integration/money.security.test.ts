import {
  AdminUserListResponse,
  BalanceResponse,
  PendingCryptoPaymentsResponse,
  TransactionListResponse,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, type TestServer } from './helpers';
import { expectConsistent, openTopUp, sandboxOf, startMoneyServer } from './money-support';

/** Every route of the money issue, with a body where it takes one. */
function routes(ids: { userId: string; transactionId: string }) {
  return [
    ['GET', '/api/balance', undefined],
    ['GET', '/api/balance/transactions', undefined],
    ['POST', '/api/crypto/create-invoice', { amount: 10 }],
    ['GET', '/api/crypto/transactions', undefined],
    ['POST', `/api/crypto/refresh/${ids.transactionId}`, undefined],
    ['GET', '/api/admin/users', undefined],
    ['PATCH', `/api/admin/users/${ids.userId}/balance`, { mode: 'add', amount: 5 }],
    ['GET', '/api/admin/deposits', undefined],
  ] as const;
}

describe('money routes: role matrix', () => {
  let server: TestServer;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let admin: string;
  let aliceTopUp: { transactionId: string; invoiceId: string };
  let alicePaid: { transactionId: string; invoiceId: string };

  beforeAll(async () => {
    server = await startMoneyServer();
    const a = await register(server, { name: 'Alice', email: 'alice@example.com', password: 'pw-12345' });
    const b = await register(server, { name: 'Bob', email: 'bob@example.com', password: 'pw-12345' });
    alice = { token: a.token, id: a.user._id };
    bob = { token: b.token, id: b.user._id };
    admin = (await loginAdmin(server)).token;
    aliceTopUp = await openTopUp(server, alice.token, 30);
    alicePaid = await openTopUp(server, alice.token, 12);
    sandboxOf(server).payInFull(alicePaid.invoiceId);
    await sandboxOf(server).webhooksIdle();
  });
  afterAll(() => server.stop());

  it('anonymous callers get 401 on every route (the webhook: 401 without a valid signature)', async () => {
    for (const [method, path, json] of routes({ userId: alice.id, transactionId: aliceTopUp.transactionId })) {
      const res = await call(server, method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(errorOf(res).error.code, `${method} ${path}`).toBe('unauthorized');
    }
    const hook = await call(server, 'POST', '/api/crypto/webhook', {
      json: { deliveryId: 'x', type: 'InvoiceSettled' },
    });
    expect(hook.status).toBe(401);
    // A session token is no substitute for the signature.
    const withToken = await call(server, 'POST', '/api/crypto/webhook', { token: admin, json: { deliveryId: 'y' } });
    expect(withToken.status).toBe(401);
    expect(await expectConsistent(server, alice.id)).toBe(1200);
  });

  it('customers are refused every admin route with 403, and nothing changes', async () => {
    for (const token of [alice.token, bob.token]) {
      for (const [method, path, json] of routes({ userId: alice.id, transactionId: aliceTopUp.transactionId })) {
        if (!path.startsWith('/api/admin/')) continue;
        const res = await call(server, method, path, { token, json });
        expect(res.status, `${method} ${path}`).toBe(403);
        expect(errorOf(res).error).toEqual({ code: 'forbidden', message: 'Admin access required', details: [] });
      }
      const patch = await call(server, 'PATCH', `/api/admin/users/${bob.id}/balance`, {
        token,
        json: { mode: 'set', balance: 1000 },
      });
      expect(patch.status).toBe(403);
    }
    expect(await expectConsistent(server, alice.id)).toBe(1200);
    expect(await expectConsistent(server, bob.id)).toBe(0);
  });

  it("customer B sees none of A's balance, transactions or invoices, and cannot refresh A's payment", async () => {
    const bobBalance = BalanceResponse.parse((await call(server, 'GET', '/api/balance', { token: bob.token })).body);
    expect(bobBalance.balance).toBe(0);
    const bobList = TransactionListResponse.parse(
      (await call(server, 'GET', `/api/balance/transactions?search=${aliceTopUp.transactionId}`, { token: bob.token }))
        .body,
    );
    expect(bobList).toMatchObject({ transactions: [], totalTransactions: 0 });
    const bobAll = TransactionListResponse.parse(
      (await call(server, 'GET', '/api/balance/transactions', { token: bob.token })).body,
    );
    expect(bobAll.transactions).toEqual([]);
    const bobPending = PendingCryptoPaymentsResponse.parse(
      (await call(server, 'GET', '/api/crypto/transactions', { token: bob.token })).body,
    );
    expect(bobPending.transactions).toEqual([]);

    const theirs = await call(server, 'POST', `/api/crypto/refresh/${aliceTopUp.transactionId}`, { token: bob.token });
    const missing = await call(server, 'POST', '/api/crypto/refresh/txn_01h00000000000000000000000', {
      token: bob.token,
    });
    for (const res of [theirs, missing]) {
      expect(res.status).toBe(404);
      expect(errorOf(res).error).toEqual({ code: 'not_found', message: 'Payment not found', details: [] });
    }
    // Paying A's invoice (anyone can pay a checkout page) credits A, never B.
    sandboxOf(server).payInFull(aliceTopUp.invoiceId);
    await sandboxOf(server).webhooksIdle();
    expect(await expectConsistent(server, alice.id)).toBe(4200);
    expect(await expectConsistent(server, bob.id)).toBe(0);
  });

  it('A sees and manages only their own money', async () => {
    const list = TransactionListResponse.parse(
      (await call(server, 'GET', '/api/balance/transactions', { token: alice.token })).body,
    );
    expect(list.transactions.map((t) => t.transactionId).sort()).toEqual(
      [aliceTopUp.transactionId, alicePaid.transactionId].sort(),
    );
    expect(BalanceResponse.parse((await call(server, 'GET', '/api/balance', { token: alice.token })).body)).toEqual({
      balance: 42,
    });
  });

  it('admins use the admin routes; their own balance routes show their own money only', async () => {
    const users = AdminUserListResponse.parse((await call(server, 'GET', '/api/admin/users', { token: admin })).body);
    expect(users.users.find((u) => u._id === alice.id)).toMatchObject({ balance: 42, totalSpend: 0 });
    const patched = await call(server, 'PATCH', `/api/admin/users/${bob.id}/balance`, {
      token: admin,
      json: { mode: 'add', amount: 5 },
    });
    expect(patched.status).toBe(200);
    expect((await call(server, 'GET', '/api/admin/deposits', { token: admin })).status).toBe(200);
    expect(BalanceResponse.parse((await call(server, 'GET', '/api/balance', { token: admin })).body).balance).toBe(0);
    const adminList = TransactionListResponse.parse(
      (await call(server, 'GET', '/api/balance/transactions', { token: admin })).body,
    );
    expect(adminList.transactions).toEqual([]);
    // An admin cannot refresh a customer's payment through the customer route either.
    expect(
      (await call(server, 'POST', `/api/crypto/refresh/${aliceTopUp.transactionId}`, { token: admin })).status,
    ).toBe(404);
    expect(await expectConsistent(server, bob.id)).toBe(500);
  });
});
