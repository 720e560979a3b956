import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser, type TestServices, testServices } from '../../adapters/node/test-support';
import { faqs, ledgerEntries, ledgerSettlements, users } from '../../db/schema';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { applyBalanceChange, INSUFFICIENT_FUNDS_MESSAGE } from './apply-balance-change';
import { checkLedgerInvariant } from './check-ledger-invariant';
import { creditedForReference, creditFurtherPayment } from './credit-further-payment';
import { failPendingEntry } from './fail-pending-entry';
import { settlePendingEntry } from './settle-pending-entry';

describe('ledger (real database file)', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-02-01T10:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

  const balanceOf = async (userId: string) => {
    const [row] = await t.services.db.select({ b: users.balanceCents }).from(users).where(eq(users.id, userId));
    return row?.b;
  };
  const entriesOf = (userId: string) =>
    t.services.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(ledgerEntries.id);

  const credit = (userId: string, amountCents: number, extra: { idempotencyKey?: string } = {}) =>
    applyBalanceChange(t.services, {
      userId,
      change: { kind: 'amount', type: 'credit', amountCents },
      method: 'label_refund',
      description: 'Refund',
      ...extra,
    });
  const debit = (userId: string, amountCents: number) =>
    applyBalanceChange(t.services, {
      userId,
      change: { kind: 'amount', type: 'debit', amountCents },
      method: 'label_purchase',
      description: 'Label',
      reference: 'ord_1',
    });

  /** A pending crypto credit as create-invoice records it. */
  async function pendingTopUp(userId: string, amountCents: number) {
    const id = newId('txn');
    const now = t.clock.now().toISOString();
    await t.services.db.insert(ledgerEntries).values({
      id,
      userId,
      type: 'credit',
      status: 'pending',
      method: 'crypto',
      amountCents,
      requestedCents: amountCents,
      description: 'Crypto top-up',
      reference: `inv_${id}`,
      createdAt: now,
      updatedAt: now,
    });
    return id;
  }

  it('credits and debits move the balance and write one completed row each with the balance after it', async () => {
    const u = await insertTestUser(t.services);
    const c = await credit(u.id, 2500);
    const d = await debit(u.id, 1999);
    expect(c).toMatchObject({ type: 'credit', status: 'completed', amountCents: 2500, balanceAfterCents: 2500 });
    expect(d).toMatchObject({ type: 'debit', status: 'completed', amountCents: 1999, balanceAfterCents: 501 });
    expect(c?.id).toMatch(/^txn_[0-9a-z]{26}$/);
    expect(d?.completedAt).toBe('2026-02-01T10:00:00.000Z');
    expect(await balanceOf(u.id)).toBe(501);
    expect((await entriesOf(u.id)).map((e) => e.id)).toEqual([c?.id, d?.id]);
  });

  it('refuses an overdraft with 402 insufficient_funds and writes nothing, not even the caller’s statements', async () => {
    const u = await insertTestUser(t.services);
    await credit(u.id, 1000);
    const attempt = applyBalanceChange(
      t.services,
      {
        userId: u.id,
        change: { kind: 'amount', type: 'debit', amountCents: 1001 },
        method: 'label_purchase',
        description: 'Label',
      },
      // A statement of the caller in the same batch (e.g. the order row) must be rolled back with it.
      {
        alsoRun: [
          t.services.db.insert(faqs).values({
            id: 'faq_x',
            question: 'q',
            answer: 'a',
            tags: [],
            sortOrder: 1,
            createdAt: 'now',
            updatedAt: 'now',
          }),
        ],
      },
    );
    await expect(attempt).rejects.toMatchObject({ code: 'insufficient_funds', message: INSUFFICIENT_FUNDS_MESSAGE });
    await expect(attempt).rejects.toBeInstanceOf(ApiError);
    expect(await balanceOf(u.id)).toBe(1000);
    expect(await entriesOf(u.id)).toHaveLength(1);
    expect(await t.services.db.select().from(faqs)).toEqual([]);
    // Exactly the balance is fine.
    expect(await debit(u.id, 1000)).toMatchObject({ balanceAfterCents: 0 });
    expect(await balanceOf(u.id)).toBe(0);
  });

  it('answers 404 for a user that does not exist and writes nothing', async () => {
    await expect(credit('usr_missing', 100)).rejects.toMatchObject({ code: 'not_found' });
    expect(await t.services.db.select().from(ledgerEntries)).toEqual([]);
  });

  it('a failing caller statement rolls back the balance change too', async () => {
    const u = await insertTestUser(t.services);
    await expect(
      applyBalanceChange(
        t.services,
        {
          userId: u.id,
          change: { kind: 'amount', type: 'credit', amountCents: 500 },
          method: 'label_refund',
          description: 'Refund',
        },
        { alsoRun: [t.services.db.run(sql`INSERT INTO no_such_table VALUES (1)`)] },
      ),
    ).rejects.toThrow();
    expect(await balanceOf(u.id)).toBe(0);
    expect(await entriesOf(u.id)).toEqual([]);
  });

  it('set: the difference becomes one credit or debit row computed from the balance at that moment; equal: no row', async () => {
    const admin = await insertTestUser(t.services, { isAdmin: true });
    const u = await insertTestUser(t.services);
    await credit(u.id, 1234);
    const set = (balanceCents: number) =>
      applyBalanceChange(t.services, {
        userId: u.id,
        change: { kind: 'set', balanceCents },
        method: 'admin_adjustment',
        description: `Balance set to ${balanceCents}`,
        adminId: admin.id,
        reason: 'support ticket 7',
      });
    expect(await set(5000)).toMatchObject({
      type: 'credit',
      amountCents: 3766,
      balanceAfterCents: 5000,
      adminId: admin.id,
      reason: 'support ticket 7',
      status: 'completed',
    });
    expect(await set(1)).toMatchObject({ type: 'debit', amountCents: 4999, balanceAfterCents: 1 });
    expect(await set(1)).toBeNull();
    expect(await balanceOf(u.id)).toBe(1);
    expect(await entriesOf(u.id)).toHaveLength(3);
    expect((await checkLedgerInvariant(t.services)).mismatches).toEqual([]);
  });

  it('an idempotency key moves money once; reusing it for something else is a 409', async () => {
    const u = await insertTestUser(t.services);
    const first = await credit(u.id, 700, { idempotencyKey: 'refund:ord_9' });
    const again = await credit(u.id, 700, { idempotencyKey: 'refund:ord_9' });
    expect(again?.id).toBe(first?.id);
    expect(await balanceOf(u.id)).toBe(700);
    await expect(credit(u.id, 701, { idempotencyKey: 'refund:ord_9' })).rejects.toMatchObject({ code: 'conflict' });
    expect(await entriesOf(u.id)).toHaveLength(1);
  });

  it('settles a pending credit once with the amount received, even under 10 concurrent settlements', async () => {
    const u = await insertTestUser(t.services);
    const id = await pendingTopUp(u.id, 1000);
    expect(await balanceOf(u.id)).toBe(0);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        settlePendingEntry(t.services, {
          entryId: id,
          amountCents: 1250,
          source: `webhook-${i}`,
          processorState: 'Settled/PaidOver',
          description: 'Crypto top-up (overpaid)',
        }),
      ),
    );
    expect(results.filter((r) => r.outcome === 'settled')).toHaveLength(1);
    expect(results.filter((r) => r.outcome === 'already_settled')).toHaveLength(9);
    expect(await balanceOf(u.id)).toBe(1250);
    const [entry] = await entriesOf(u.id);
    expect(entry).toMatchObject({
      status: 'completed',
      amountCents: 1250,
      requestedCents: 1000,
      balanceAfterCents: 1250,
      description: 'Crypto top-up (overpaid)',
    });
    const settlements = await t.services.db.select().from(ledgerSettlements);
    expect(settlements).toHaveLength(1);
    expect(settlements[0]).toMatchObject({ entryId: id, amountCents: 1250, processorState: 'Settled/PaidOver' });
    // Sequential replays change nothing either.
    expect(
      (await settlePendingEntry(t.services, { entryId: id, amountCents: 99, source: 'x', processorState: 'x' }))
        .outcome,
    ).toBe('already_settled');
    expect(await balanceOf(u.id)).toBe(1250);
  });

  it('the schema itself refuses a second settlement batch for an entry, whatever the caller reads first', async () => {
    const u = await insertTestUser(t.services);
    const id = await pendingTopUp(u.id, 500);
    await settlePendingEntry(t.services, {
      entryId: id,
      amountCents: 500,
      source: 'a',
      processorState: 'Settled/None',
    });
    // Even someone bypassing the use-case and reopening the row cannot settle it again: the settlement key exists.
    await t.services.db.run(
      sql`UPDATE ledger_entries SET status = 'pending', balance_after_cents = NULL, completed_at = NULL WHERE id = ${id}`,
    );
    await expect(
      settlePendingEntry(t.services, { entryId: id, amountCents: 500, source: 'b', processorState: 'Settled/None' }),
    ).resolves.toMatchObject({ outcome: 'already_settled' });
    expect(await balanceOf(u.id)).toBe(500);
  });

  it('money arriving after a settlement is credited as the in-batch difference, each total once', async () => {
    const u = await insertTestUser(t.services);
    const id = await pendingTopUp(u.id, 1000);
    const reference = `inv_${id}`;
    await settlePendingEntry(t.services, {
      entryId: id,
      amountCents: 400,
      source: 'w',
      processorState: 'Expired/PaidPartial',
    });
    const further = (receivedThroughCents: number) =>
      creditFurtherPayment(t.services, {
        userId: u.id,
        method: 'crypto',
        reference,
        receivedThroughCents,
        description: 'further payment',
        source: 'w',
        processorState: 'Expired/PaidLate',
      });
    // Ten concurrent reports of the same new total: one further credit of 600.
    const results = await Promise.all(Array.from({ length: 10 }, () => further(1000)));
    expect(results.filter((r) => r.outcome === 'credited')).toHaveLength(1);
    const credited = results.find((r) => r.outcome === 'credited');
    expect(credited?.outcome === 'credited' && credited.entry).toMatchObject({
      type: 'credit',
      status: 'completed',
      amountCents: 600,
      balanceAfterCents: 1000,
      requestedCents: null,
      reference,
    });
    // A stale (smaller) total and the same total again credit nothing; a bigger one credits the rest.
    expect(await further(400)).toEqual({ outcome: 'nothing_new' });
    expect(await further(1000)).toEqual({ outcome: 'nothing_new' });
    expect((await further(1250)).outcome).toBe('credited');
    expect(await creditedForReference(t.services, reference)).toBe(1250);
    expect(await balanceOf(u.id)).toBe(1250);
    expect((await checkLedgerInvariant(t.services)).mismatches).toEqual([]);
  });

  it('failing is conditional: a failed entry can still be paid late, a completed one is never failed', async () => {
    const u = await insertTestUser(t.services);
    const id = await pendingTopUp(u.id, 800);
    expect(await failPendingEntry(t.services, { entryId: id, description: 'Expired' })).toMatchObject({
      status: 'failed',
      balanceAfterCents: null,
    });
    expect(await balanceOf(u.id)).toBe(0);
    const late = await settlePendingEntry(t.services, {
      entryId: id,
      amountCents: 800,
      source: 'webhook',
      processorState: 'Expired/PaidLate',
    });
    expect(late.outcome).toBe('settled');
    expect(await failPendingEntry(t.services, { entryId: id })).toMatchObject({ status: 'completed' });
    expect(await balanceOf(u.id)).toBe(800);
  });

  it('keeps balance = Σ completed credits − Σ completed debits and never below zero, under random concurrent work', async () => {
    type Op =
      | { kind: 'credit'; user: number; cents: number }
      | { kind: 'debit'; user: number; cents: number }
      | { kind: 'set'; user: number; cents: number }
      | { kind: 'settle'; user: number; cents: number; times: number };
    const userIx = fc.nat(2);
    const cents = fc.integer({ min: 1, max: 5000 });
    const op: fc.Arbitrary<Op> = fc.oneof(
      fc.record({ kind: fc.constant('credit' as const), user: userIx, cents }),
      fc.record({ kind: fc.constant('debit' as const), user: userIx, cents }),
      fc.record({ kind: fc.constant('set' as const), user: userIx, cents }),
      fc.record({ kind: fc.constant('settle' as const), user: userIx, cents, times: fc.integer({ min: 1, max: 4 }) }),
    );
    const admin = await insertTestUser(t.services, { isAdmin: true });
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(op, { minLength: 1, maxLength: 6 }), { maxLength: 6 }), async (rounds) => {
        const people = await Promise.all([0, 1, 2].map(() => insertTestUser(t.services)));
        const person = (i: number) => people[i]?.id as string;
        for (const round of rounds) {
          // Each round's operations run concurrently.
          await Promise.all(
            round.map(async (o) => {
              if (o.kind === 'credit' || o.kind === 'debit') {
                await applyBalanceChange(t.services, {
                  userId: person(o.user),
                  change: { kind: 'amount', type: o.kind, amountCents: o.cents },
                  method: o.kind === 'credit' ? 'label_refund' : 'label_purchase',
                  description: o.kind,
                }).catch((err: unknown) => {
                  if (!(err instanceof ApiError && err.code === 'insufficient_funds')) throw err;
                });
              } else if (o.kind === 'set') {
                await applyBalanceChange(t.services, {
                  userId: person(o.user),
                  change: { kind: 'set', balanceCents: o.cents },
                  method: 'admin_adjustment',
                  description: 'set',
                  adminId: admin.id,
                });
              } else {
                const id = await pendingTopUp(person(o.user), o.cents);
                await Promise.all(
                  Array.from({ length: o.times }, () =>
                    settlePendingEntry(t.services, {
                      entryId: id,
                      amountCents: o.cents,
                      source: 'test',
                      processorState: 'Settled/None',
                    }),
                  ),
                );
              }
            }),
          );
        }
        const audit = await checkLedgerInvariant(t.services);
        expect(audit.mismatches).toEqual([]);
        // Cross-check with plain SQL, per person.
        for (const p of people) {
          const [row] = await t.services.db.all<{ b: number; s: number; neg: number }>(sql`
            SELECT (SELECT balance_cents FROM users WHERE id = ${p.id}) AS b,
              COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
                FROM ledger_entries WHERE user_id = ${p.id} AND status = 'completed'), 0) AS s,
              (SELECT COUNT(*) FROM ledger_entries WHERE user_id = ${p.id} AND balance_after_cents < 0) AS neg`);
          expect(row?.b).toBe(row?.s);
          expect(row?.b).toBeGreaterThanOrEqual(0);
          expect(row?.neg).toBe(0);
        }
      }),
      { numRuns: 25 },
    );
  });
});
