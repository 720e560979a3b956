import { RefreshPaymentResponse, TransactionListResponse } from '@labeldesk/contracts';
import { signBody } from '@labeldesk/sandbox-btcpay';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, ledgerEntries, webhookDeliveries } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { call, errorOf, register, type TestServer } from './helpers';
import {
  expectConsistent,
  ledgerOf,
  openTopUp,
  postWebhook,
  sandboxOf,
  sign,
  startMoneyServer,
  waitFor,
  webhookBody,
  webhookSecretOf,
} from './money-support';

describe('POST /api/crypto/webhook and settlement', () => {
  let server: TestServer;
  let token: string;
  let userId: string;

  beforeAll(async () => {
    server = await startMoneyServer();
    const session = await register(server, { name: 'Wes Webhook', email: 'wes@example.com', password: 'pw-12345' });
    token = session.token;
    userId = session.user._id;
  });
  afterAll(() => server.stop());

  /** Runs `fn` with the processor's webhook switched off (a lost webhook), then switches it back on. */
  async function withoutWebhook<T>(fn: () => Promise<T>): Promise<T> {
    const btcpay = sandboxOf(server);
    btcpay.setWebhook(null);
    try {
      return await fn();
    } finally {
      btcpay.setWebhook(`${server.url}/api/crypto/webhook`, webhookSecretOf(server));
    }
  }

  const deliveryRows = () => server.services.db.select().from(webhookDeliveries);
  const entry = async (id: string) =>
    (await server.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.id, id)))[0];

  it('refuses unsigned, forged and tampered deliveries with 401, changing nothing', async () => {
    const btcpay = sandboxOf(server);
    const before = await ledgerOf(server, userId);
    await withoutWebhook(async () => {
      const topUp = await openTopUp(server, token, 20);
      btcpay.payInFull(topUp.invoiceId);
      const body = webhookBody(server, {
        deliveryId: 'dlv-forged',
        type: 'InvoiceSettled',
        invoiceId: topUp.invoiceId,
      });
      const attempts = [
        await postWebhook(server, body, null),
        await postWebhook(server, body, ''),
        await postWebhook(server, body, signBody('not-the-secret', body)),
        await postWebhook(server, body, sign(server, body).replace('sha256=', 'sha1=')),
        await postWebhook(server, body, `sha256=${'0'.repeat(64)}`),
        await postWebhook(server, body.replace('InvoiceSettled', 'InvoiceSettled '), sign(server, body)),
        await postWebhook(server, `${body}\n`, sign(server, body)),
      ];
      for (const res of attempts) {
        expect(res.status).toBe(401);
        expect(errorOf(res).error).toEqual({ code: 'unauthorized', message: 'Invalid webhook signature', details: [] });
      }
      expect(await deliveryRows()).toEqual([]);
      const after = await ledgerOf(server, userId);
      expect(after.balance).toBe(before.balance);
      expect((await entry(topUp.transactionId))?.status).toBe('pending');
    });
  });

  it('a valid delivery replayed 10 times credits once; later ones are answered as duplicates', async () => {
    const btcpay = sandboxOf(server);
    await withoutWebhook(async () => {
      const topUp = await openTopUp(server, token, 12.34);
      btcpay.payInFull(topUp.invoiceId);
      const before = await expectConsistent(server, userId);
      const body = webhookBody(server, {
        deliveryId: 'dlv-replay',
        type: 'InvoiceSettled',
        invoiceId: topUp.invoiceId,
      });
      const signature = sign(server, body);
      const outcomes: unknown[] = [];
      for (let i = 0; i < 10; i++) {
        const res = await postWebhook(server, body, signature);
        expect(res.status).toBe(200);
        outcomes.push((res.body as { outcome: string }).outcome);
      }
      expect(outcomes).toEqual(['credited', ...Array(9).fill('duplicate')]);
      expect(await expectConsistent(server, userId)).toBe(before + 1234);
      expect(await entry(topUp.transactionId)).toMatchObject({ status: 'completed', amountCents: 1234 });
    });
  });

  it('10 concurrent deliveries of one settlement (same or new delivery ids) credit once', async () => {
    const btcpay = sandboxOf(server);
    await withoutWebhook(async () => {
      const topUp = await openTopUp(server, token, 40);
      btcpay.payInFull(topUp.invoiceId);
      const before = await expectConsistent(server, userId);
      // Ten redeliveries (each with its own delivery id) and ten copies of one delivery, all at once.
      const bodies = [
        ...Array.from({ length: 10 }, (_, i) =>
          webhookBody(server, { deliveryId: `dlv-burst-${i}`, type: 'InvoiceSettled', invoiceId: topUp.invoiceId }),
        ),
        ...Array(10).fill(
          webhookBody(server, {
            deliveryId: 'dlv-burst-same',
            type: 'InvoicePaymentSettled',
            invoiceId: topUp.invoiceId,
          }),
        ),
      ];
      const results = await Promise.all(bodies.map((b) => postWebhook(server, b, sign(server, b))));
      expect(results.map((r) => r.status)).toEqual(Array(20).fill(200));
      const outcomes = results.map((r) => (r.body as { outcome: string }).outcome);
      expect(outcomes.filter((o) => o === 'credited')).toHaveLength(1);
      expect(outcomes.every((o) => ['credited', 'already_credited', 'duplicate'].includes(o))).toBe(true);
      expect(await expectConsistent(server, userId)).toBe(before + 4000);
      const settlements = await server.services.db.all<{ n: number }>(
        sql`SELECT COUNT(*) AS n FROM ledger_settlements WHERE reference = ${topUp.invoiceId}`,
      );
      expect(settlements[0]?.n).toBe(1);
    });
  });

  it('the processor’s own deliveries and redeliveries of a paid invoice credit once', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const topUp = await openTopUp(server, token, 7.77);
    btcpay.payInFull(topUp.invoiceId);
    await btcpay.webhooksIdle();
    expect(await expectConsistent(server, userId)).toBe(before + 777);
    const delivered = btcpay.deliveries().filter((d) => d.event.invoiceId === topUp.invoiceId);
    expect(delivered.map((d) => d.event.type)).toEqual(
      expect.arrayContaining(['InvoiceCreated', 'InvoiceReceivedPayment', 'InvoiceSettled']),
    );
    expect(delivered.every((d) => d.status === 'HttpSuccess')).toBe(true);
    for (const d of delivered) for (let i = 0; i < 3; i++) btcpay.redeliver(d.id);
    await btcpay.webhooksIdle();
    expect(await expectConsistent(server, userId)).toBe(before + 777);
  });

  it('never trusts the body: a signed "settled" for an unpaid invoice credits nothing', async () => {
    await withoutWebhook(async () => {
      const topUp = await openTopUp(server, token, 99);
      const before = await expectConsistent(server, userId);
      const body = webhookBody(server, {
        deliveryId: 'dlv-lie',
        type: 'InvoiceSettled',
        invoiceId: topUp.invoiceId,
        overPaid: true,
        metadata: { userId },
      });
      const res = await postWebhook(server, body, sign(server, body));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ outcome: 'pending' });
      expect(await expectConsistent(server, userId)).toBe(before);
      expect((await entry(topUp.transactionId))?.status).toBe('pending');

      const unknown = webhookBody(server, {
        deliveryId: 'dlv-unknown',
        type: 'InvoiceSettled',
        invoiceId: 'NoSuchInvoice',
      });
      expect((await postWebhook(server, unknown, sign(server, unknown))).body).toMatchObject({
        outcome: 'unknown_invoice',
      });
      const created = webhookBody(server, {
        deliveryId: 'dlv-created',
        type: 'InvoiceCreated',
        invoiceId: topUp.invoiceId,
      });
      expect((await postWebhook(server, created, sign(server, created))).body).toMatchObject({ outcome: 'ignored' });
      const junk = '{"not":"a webhook"}';
      expect((await postWebhook(server, junk, sign(server, junk))).status).toBe(400);
    });
  });

  it('a partial payment on an expired invoice credits what was paid', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const topUp = await openTopUp(server, token, 10);
    btcpay.payPart(topUp.invoiceId, '4.00');
    await btcpay.webhooksIdle();
    expect(await expectConsistent(server, userId)).toBe(before); // not while the invoice is open
    btcpay.expire(topUp.invoiceId);
    await btcpay.webhooksIdle();
    expect(await expectConsistent(server, userId)).toBe(before + 400);
    expect(await entry(topUp.transactionId)).toMatchObject({
      status: 'completed',
      amountCents: 400,
      requestedCents: 1000,
      description: `Crypto top-up (BTCPay invoice ${topUp.invoiceId}): partial payment, $4.00 of $10.00`,
    });

    // The rest paid after expiry is credited too, as a further row for the difference: $10.00 in all.
    btcpay.payLate(topUp.invoiceId);
    await btcpay.webhooksIdle();
    expect(await expectConsistent(server, userId)).toBe(before + 1000);
    const rows = await server.services.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.reference, topUp.invoiceId))
      .orderBy(ledgerEntries.createdAt, ledgerEntries.id);
    expect(rows.map((r) => [r.status, r.amountCents, r.requestedCents])).toEqual([
      ['completed', 400, 1000],
      ['completed', 600, null],
    ]);
    const refreshed = RefreshPaymentResponse.parse(
      (await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token })).body,
    );
    expect(refreshed).toMatchObject({ status: 'completed', amount: 10 });
  });

  it('an overpaid invoice credits the larger amount received', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const topUp = await openTopUp(server, token, 25);
    btcpay.overpay(topUp.invoiceId);
    await btcpay.webhooksIdle();
    expect(btcpay.invoice(topUp.invoiceId)).toMatchObject({ status: 'Settled', additionalStatus: 'PaidOver' });
    expect(await expectConsistent(server, userId)).toBe(before + 2750);
    expect(await entry(topUp.transactionId)).toMatchObject({ amountCents: 2750, requestedCents: 2500 });
  });

  it('an invoice that expired unpaid fails; paid late, it is credited when the payment arrives', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const topUp = await openTopUp(server, token, 15);
    btcpay.expire(topUp.invoiceId);
    await btcpay.webhooksIdle();
    expect((await entry(topUp.transactionId))?.status).toBe('failed');
    expect(
      RefreshPaymentResponse.parse(
        (await call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token })).body,
      ),
    ).toEqual({ status: 'failed', amount: 15, message: 'The invoice expired without payment.' });
    const pending = (await call(server, 'GET', '/api/crypto/transactions', { token })).body as {
      transactions: { transactionId: string }[];
    };
    expect(pending.transactions.map((t) => t.transactionId)).not.toContain(topUp.transactionId);
    expect(await expectConsistent(server, userId)).toBe(before);

    btcpay.payLate(topUp.invoiceId);
    await btcpay.webhooksIdle();
    expect(btcpay.invoice(topUp.invoiceId)).toMatchObject({ status: 'Expired', additionalStatus: 'PaidLate' });
    expect(await entry(topUp.transactionId)).toMatchObject({ status: 'completed', amountCents: 1500 });
    expect(await expectConsistent(server, userId)).toBe(before + 1500);
  });

  it('a payment still awaiting confirmation is not credited until it confirms', async () => {
    const slow = await startMoneyServer({ btcpaySandbox: { settlementDelayMs: 60_000 } });
    try {
      const session = await register(slow, { name: 'Slow', email: 'slow@example.com', password: 'pw-12345' });
      const topUp = await openTopUp(slow, session.token, 8);
      const sandbox = sandboxOf(slow);
      sandbox.payInFull(topUp.invoiceId);
      await sandbox.webhooksIdle();
      expect(sandbox.invoice(topUp.invoiceId)?.status).toBe('Processing');
      expect(await expectConsistent(slow, session.user._id)).toBe(0);
      sandbox.confirmPayments(topUp.invoiceId);
      await sandbox.webhooksIdle();
      expect(await expectConsistent(slow, session.user._id)).toBe(800);
    } finally {
      await slow.stop();
    }
  });

  it('invalidated invoices fail; a merchant-marked settlement credits the invoice amount', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const invalid = await openTopUp(server, token, 5);
    btcpay.markInvalid(invalid.invoiceId);
    await btcpay.webhooksIdle();
    expect(await entry(invalid.transactionId)).toMatchObject({ status: 'failed' });
    expect(
      RefreshPaymentResponse.parse(
        (await call(server, 'POST', `/api/crypto/refresh/${invalid.transactionId}`, { token })).body,
      ),
    ).toMatchObject({ status: 'failed', message: 'The payment was invalidated by the payment processor.' });

    const marked = await openTopUp(server, token, 6);
    btcpay.markSettled(marked.invoiceId);
    await btcpay.webhooksIdle();
    expect(await entry(marked.transactionId)).toMatchObject({ status: 'completed', amountCents: 600 });
    expect(await expectConsistent(server, userId)).toBe(before + 600);
  });

  it('a missed webhook is caught by the crypto.recheck job', async () => {
    const btcpay = sandboxOf(server);
    const other = await register(server, { name: 'Rita Recheck', email: 'rita@example.com', password: 'pw-12345' });
    const topUp = await withoutWebhook(async () => {
      const t = await openTopUp(server, other.token, 9.99);
      btcpay.payInFull(t.invoiceId);
      await btcpay.webhooksIdle();
      return t;
    });
    expect(await expectConsistent(server, other.user._id)).toBe(0);
    const jobId = newId('job');
    await server.services.queue.send({ type: 'crypto.recheck', jobId, maxAgeMs: 48 * 3600_000 });
    await waitFor(async () => {
      const [row] = await server.services.db.select().from(jobs).where(eq(jobs.id, jobId));
      return row?.status === 'done' ? row : undefined;
    });
    expect(await entry(topUp.transactionId)).toMatchObject({ status: 'completed', amountCents: 999 });
    expect(await expectConsistent(server, other.user._id)).toBe(999);
  });

  it('an invoice created at the processor but never recorded (crash) is recovered from its metadata and credited', async () => {
    const btcpay = sandboxOf(server);
    const before = await expectConsistent(server, userId);
    const transactionId = newId('txn');
    // What create-invoice does first; then the process "dies" before recording the pending row.
    const invoice = await server.services.payments.createInvoice({
      amountCents: 1100,
      transactionId,
      userId,
      redirectUrl: `${server.url}/balance`,
    });
    expect(await entry(transactionId)).toBeUndefined();
    btcpay.payInFull(invoice.id);
    await btcpay.webhooksIdle();
    expect(await entry(transactionId)).toMatchObject({
      userId,
      status: 'completed',
      amountCents: 1100,
      reference: invoice.id,
    });
    expect(await expectConsistent(server, userId)).toBe(before + 1100);
    const list = TransactionListResponse.parse(
      (await call(server, 'GET', `/api/balance/transactions?search=${transactionId}`, { token })).body,
    );
    expect(list.transactions.map((t) => t.transactionId)).toEqual([transactionId]);
  });
});
