import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTestUser } from '../../src/adapters/node/test-support';
import { ApiError } from '../../src/errors';
import { issueSession } from '../../src/use-cases/auth/issue-session';
import { recheckCryptoInvoices } from '../../src/use-cases/crypto/recheck-crypto-invoices';
import { applyBalanceChange } from '../../src/use-cases/ledger/apply-balance-change';
import { call, loginAdmin, type TestServer } from './helpers';
import { openTopUp, postWebhook, sandboxOf, sign, startMoneyServer, webhookBody } from './money-support';

/** How the customer treats the invoice at the sandbox checkout. */
const PAY_MODES = ['full', 'part', 'over', 'expire', 'late', 'partThenLate', 'unpaid', 'invalid'] as const;
type PayMode = (typeof PAY_MODES)[number];

type Op =
  | { kind: 'topUp'; user: number; cents: number; pay: PayMode; burst: number; refreshes: number; delay: number }
  | { kind: 'adminSet'; user: number; cents: number; delay: number }
  | { kind: 'adminAdd'; user: number; cents: number; delay: number }
  | { kind: 'debit'; user: number; cents: number; delay: number }
  | { kind: 'replayWebhooks'; delay: number }
  | { kind: 'recheck'; delay: number };

const USERS = 3;
const user = fc.nat(USERS - 1);
const delay = fc.integer({ min: 0, max: 20 });
const cents = fc.integer({ min: 100, max: 50_000 });
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('topUp' as const),
      user,
      cents,
      pay: fc.constantFrom(...PAY_MODES),
      // Signed deliveries and refreshes fired at once for the invoice, racing the processor's own webhooks.
      burst: fc.integer({ min: 0, max: 6 }),
      refreshes: fc.integer({ min: 0, max: 3 }),
      delay,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('adminSet' as const),
      user,
      cents: fc.integer({ min: 1, max: 60_000 }),
      delay,
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('adminAdd' as const), user, cents, delay }) },
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('debit' as const), user, cents, delay }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('replayWebhooks' as const), delay }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('recheck' as const), delay }) },
);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const BURST_TYPES = ['InvoiceSettled', 'InvoiceExpired', 'InvoicePaymentSettled', 'InvoicePaidAfterExpiration'];
let deliveryCounter = 0;
const usd = (c: number) => Math.round(c) / 100;

/**
 * Model test of the money invariants on one database file, over HTTP where the layer has HTTP: random interleavings
 * of crypto top-ups (created through the API, paid, over-, under- and late-paid or abandoned at the real BTCPay
 * sandbox, credited by its signed webhooks, redelivered at random, re-checked by the job), admin set-balance (a debit
 * when lower) and add through the API, and label-purchase debits driven concurrently through the ledger use-case
 * in-process (purchases have no HTTP route yet). After each run, read straight from the database file:
 *   - every balance is >= 0 and equals Σ completed credits − Σ completed debits;
 *   - every invoice credited exactly what the processor says it received (nothing lost, nothing invented, no double
 *     credit), and unpaid ones nothing.
 */
describe('money model (fast-check, concurrent, real database file)', () => {
  let server: TestServer;
  let adminToken: string;
  let adminId: string;

  beforeAll(async () => {
    server = await startMoneyServer({ runJobs: false });
    const admin = await loginAdmin(server);
    adminToken = admin.token;
    adminId = admin.user._id;
  });
  afterAll(() => server.stop());

  it('keeps balance = Σ ledger >= 0 for every user and credits each invoice exactly what it received', async () => {
    const btcpay = sandboxOf(server);
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 14 }), async (ops) => {
        runs += 1;
        const people = await Promise.all(Array.from({ length: USERS }, () => insertTestUser(server.services)));
        const tokens = await Promise.all(people.map(async (p) => (await issueSession(server.services, p)).token));
        const invoices: string[] = [];
        const statuses: number[] = [];

        await Promise.all(
          ops.map(async (o) => {
            await sleep(o.delay);
            switch (o.kind) {
              case 'topUp': {
                const token = tokens[o.user] as string;
                const topUp = await openTopUp(server, token, usd(o.cents));
                invoices.push(topUp.invoiceId);
                const id = topUp.invoiceId;
                /** Concurrent signed deliveries (new delivery ids) and refreshes for this invoice. */
                const race = () =>
                  Promise.all([
                    ...Array.from({ length: o.burst }, (_, i) => {
                      deliveryCounter += 1;
                      const body = webhookBody(server, {
                        deliveryId: `model-${deliveryCounter}`,
                        type: BURST_TYPES[i % BURST_TYPES.length] as string,
                        invoiceId: id,
                      });
                      return postWebhook(server, body, sign(server, body)).then((r) => statuses.push(r.status));
                    }),
                    ...Array.from({ length: o.refreshes }, () =>
                      call(server, 'POST', `/api/crypto/refresh/${topUp.transactionId}`, { token }).then((r) =>
                        statuses.push(r.status),
                      ),
                    ),
                  ]);
                await sleep(o.delay);
                switch (o.pay) {
                  case 'full':
                    btcpay.payInFull(id);
                    break;
                  case 'part':
                    btcpay.payPart(id, String(usd(Math.max(1, Math.floor(o.cents / 3)))));
                    btcpay.expire(id);
                    break;
                  case 'over':
                    btcpay.overpay(id);
                    break;
                  case 'expire':
                    btcpay.expire(id);
                    break;
                  case 'late':
                    btcpay.expire(id);
                    await sleep(o.delay);
                    btcpay.payLate(id);
                    break;
                  case 'partThenLate':
                    btcpay.payPart(id, String(usd(Math.max(1, Math.floor(o.cents / 2)))));
                    btcpay.expire(id);
                    // Let the partial payment be credited first, so the rest is a further credit.
                    await race();
                    await recheckCryptoInvoices(server.services);
                    btcpay.payLate(id);
                    break;
                  case 'invalid':
                    btcpay.markInvalid(id);
                    break;
                  case 'unpaid':
                    break;
                }
                await race();
                return;
              }
              case 'adminSet':
              case 'adminAdd': {
                const person = people[o.user];
                const json =
                  o.kind === 'adminSet'
                    ? { mode: 'set', balance: usd(o.cents) }
                    : { mode: 'add', amount: usd(o.cents) };
                const res = await call(server, 'PATCH', `/api/admin/users/${person?.id}/balance`, {
                  token: adminToken,
                  json,
                });
                statuses.push(res.status);
                return;
              }
              case 'debit': {
                await applyBalanceChange(server.services, {
                  userId: people[o.user]?.id as string,
                  change: { kind: 'amount', type: 'debit', amountCents: o.cents },
                  method: 'label_purchase',
                  description: 'Label purchase (model test)',
                }).catch((err: unknown) => {
                  if (!(err instanceof ApiError && err.code === 'insufficient_funds')) throw err;
                });
                return;
              }
              case 'replayWebhooks': {
                const mine = new Set(invoices);
                for (const d of btcpay.deliveries().filter((x) => mine.has(x.event.invoiceId))) btcpay.redeliver(d.id);
                return;
              }
              case 'recheck': {
                await recheckCryptoInvoices(server.services);
                return;
              }
            }
          }),
        );
        await btcpay.webhooksIdle();
        expect(statuses.every((s) => s === 200)).toBe(true);

        // Every webhook delivery was accepted in the end (no 5xx left unretried).
        const mine = new Set(invoices);
        const failed = btcpay
          .deliveries()
          .filter((d) => mine.has(d.event.invoiceId) && d.status !== 'HttpSuccess' && !d.event.isRedelivery);
        for (const d of failed) {
          const retried = btcpay
            .deliveries()
            .some((r) => r.event.originalDeliveryId === d.id && r.status === 'HttpSuccess');
          expect(retried, `delivery ${d.id} (${d.event.type}) never succeeded`).toBe(true);
        }

        // Balances: straight from the file.
        const rows = await server.services.db.all<{
          id: string;
          balance: number;
          ledger: number;
          negatives: number;
        }>(sql`
          SELECT u.id AS id, u.balance_cents AS balance,
            COALESCE((SELECT SUM(CASE e.type WHEN 'credit' THEN e.amount_cents ELSE -e.amount_cents END)
              FROM ledger_entries e WHERE e.user_id = u.id AND e.status = 'completed'), 0) AS ledger,
            (SELECT COUNT(*) FROM ledger_entries e WHERE e.user_id = u.id AND e.balance_after_cents < 0) AS negatives
          FROM users u`);
        for (const r of rows) {
          expect(Number(r.balance), `user ${r.id}`).toBe(Number(r.ledger));
          expect(Number(r.balance)).toBeGreaterThanOrEqual(0);
          expect(Number(r.negatives)).toBe(0);
        }

        // Invoices: credited exactly what the processor received (payments confirm at once in this sandbox).
        for (const invoiceId of invoices) {
          const invoice = btcpay.invoice(invoiceId);
          const receivedCents = Math.round(Number(invoice?.paidAmount ?? '0') * 100);
          const credited = Number(
            (
              await server.services.db.all<{ c: number }>(
                sql`SELECT COALESCE(SUM(amount_cents), 0) AS c FROM ledger_settlements WHERE reference = ${invoiceId}`,
              )
            )[0]?.c ?? 0,
          );
          const owed = invoice?.status === 'Invalid' ? 0 : receivedCents;
          expect(credited, `invoice ${invoiceId} ${invoice?.status}/${invoice?.additionalStatus}`).toBe(owed);
          const request = (
            await server.services.db.all<{ status: string }>(
              sql`SELECT status FROM ledger_entries WHERE reference = ${invoiceId} AND requested_cents IS NOT NULL`,
            )
          )[0];
          const expected = owed > 0 ? 'completed' : invoice?.status === 'New' ? 'pending' : 'failed';
          expect(request?.status, `invoice ${invoiceId}`).toBe(expected);
        }
        // Admin rows name the admin.
        const anonymousAdminRows = await server.services.db.all<{ n: number }>(
          sql`SELECT COUNT(*) AS n FROM ledger_entries WHERE method = 'admin_adjustment' AND admin_id IS NOT ${adminId}`,
        );
        expect(Number(anonymousAdminRows[0]?.n)).toBe(0);
      }),
      { numRuns: 25 },
    );
    expect(runs).toBeGreaterThanOrEqual(25);
  }, 180_000);
});
