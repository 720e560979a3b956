import { INVALID_AMOUNT, PendingCryptoPaymentsResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, register, type TestServer } from './helpers';
import { openTopUp, sandboxOf, startMoneyServer } from './money-support';

describe('crypto top-ups: validation and the 24 h pending window', () => {
  const clock = fixedClock(new Date('2026-05-10T08:00:00.000Z'));
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startMoneyServer({ clock, runJobs: false });
    token = (await register(server, { name: 'Vic', email: 'vic@example.com', password: 'pw-12345' })).token;
  });
  afterAll(() => server.stop());

  it('refuses amounts below $1, above the cap, with more than 2 decimals or not numbers; nothing reaches the processor', async () => {
    for (const amount of [0, 0.99, -5, 1.001, 100_000.01, '10', null, Number.NaN]) {
      const res = await call(server, 'POST', '/api/crypto/create-invoice', { token, json: { amount } });
      expect(res.status, String(amount)).toBe(400);
      expect(errorOf(res).error).toMatchObject({ code: 'invalid_input', message: INVALID_AMOUNT });
    }
    const noBody = await call(server, 'POST', '/api/crypto/create-invoice', { token, json: {} });
    expect(errorOf(noBody).error.message).toBe(INVALID_AMOUNT);
    const notJson = await call(server, 'POST', '/api/crypto/create-invoice', {
      token,
      raw: '{amount:',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(errorOf(notJson).error.code).toBe('malformed_json');
    expect(await server.services.db.select().from(ledgerEntries)).toEqual([]);
    expect(sandboxOf(server).deliveries()).toEqual([]);
  });

  it('accepts exactly $1 and cents', async () => {
    const one = await openTopUp(server, token, 1);
    const cents = await openTopUp(server, token, 19.99);
    expect(sandboxOf(server).invoice(one.invoiceId)?.amount).toBe('1.00');
    expect(sandboxOf(server).invoice(cents.invoiceId)?.amount).toBe('19.99');
  });

  it('lists pending payments for 24 hours, newest first', async () => {
    const list = async () =>
      PendingCryptoPaymentsResponse.parse((await call(server, 'GET', '/api/crypto/transactions', { token })).body)
        .transactions;
    const before = await list();
    expect(before.map((t) => t.amount)).toEqual([19.99, 1]);
    clock.advance(12 * 3600_000);
    const later = await openTopUp(server, token, 5);
    expect((await list()).map((t) => t.transactionId)).toEqual([
      later.transactionId,
      ...before.map((t) => t.transactionId),
    ]);
    clock.advance(12 * 3600_000 + 1);
    expect((await list()).map((t) => t.transactionId)).toEqual([later.transactionId]);
    // Out of the list, not out of the history: still pending there.
    const history = await call(server, 'GET', '/api/balance/transactions', { token });
    expect((history.body as { totalTransactions: number }).totalTransactions).toBe(3);
  });

  it('unknown refresh ids and malformed ones answer 404', async () => {
    for (const id of ['txn_nope', 'nope', encodeURIComponent('../../admin')]) {
      const res = await call(server, 'POST', `/api/crypto/refresh/${id}`, { token });
      expect(res.status, id).toBe(404);
    }
  });
});
