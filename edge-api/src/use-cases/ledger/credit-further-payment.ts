import { eq, sql } from 'drizzle-orm';
import { type LedgerEntryRow, type LedgerMethod, ledgerEntries, ledgerSettlements, users } from '../../db/schema';
import type { Services } from '../../env';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import { insertLedgerEntryFromUser, param } from './ledger-entry-select';

export interface CreditFurtherPaymentInput {
  userId: string;
  method: LedgerMethod;
  /** The processor invoice whose pending entry was already completed. */
  reference: string;
  /** The invoice's total received now, in cents; credited: this minus everything credited for it so far. */
  receivedThroughCents: number;
  description: string;
  source: string;
  processorState: string;
}

export type CreditFurtherPaymentResult =
  | { outcome: 'credited'; entry: LedgerEntryRow }
  /** Everything received up to that total was credited already: nothing moved. */
  | { outcome: 'nothing_new' };

/**
 * Credits money that arrived on an invoice after its pending entry was completed (a partial payment, then the rest
 * paid late), as a further completed credit of (total received − Σ settlements of the invoice), all computed inside
 * one batch:
 *   1. the completed ledger row, amount and balance_after computed from the settlements and the users row (the CHECK
 *      amount > 0 fails the whole batch when there is nothing new);
 *   2. users.balance_cents += that row's amount;
 *   3. the settlement row: (reference, received_through) is unique, so the same total is credited once.
 */
export async function creditFurtherPayment(
  services: Services,
  input: CreditFurtherPaymentInput,
): Promise<CreditFurtherPaymentResult> {
  const { db, clock } = services;
  if (!Number.isSafeInteger(input.receivedThroughCents) || input.receivedThroughCents <= 0) {
    throw new RangeError(`received total must be a positive integer of cents, got ${input.receivedThroughCents}`);
  }
  const now = clock.now().toISOString();
  const entryId = newId('txn');
  const settlementId = newId('stl');
  const credited = sql`(SELECT COALESCE(SUM(${ledgerSettlements.amountCents}), 0) FROM ${ledgerSettlements} WHERE ${ledgerSettlements.reference} = ${input.reference})`;
  try {
    await batch(db, [
      insertLedgerEntryFromUser(
        db,
        {
          id: param(entryId),
          userId: sql`${users.id}`,
          type: param('credit'),
          status: param('completed'),
          method: param(input.method),
          amountCents: sql`${input.receivedThroughCents} - ${credited}`,
          balanceAfterCents: sql`${users.balanceCents} + ${input.receivedThroughCents} - ${credited}`,
          description: param(input.description),
          reference: param(input.reference),
          settlementId: param(settlementId),
          createdAt: param(now),
          updatedAt: param(now),
          completedAt: param(now),
        },
        eq(users.id, input.userId),
      ),
      db
        .update(users)
        .set({
          balanceCents: sql`${users.balanceCents} + (SELECT ${ledgerEntries.amountCents} FROM ${ledgerEntries} WHERE ${ledgerEntries.id} = ${entryId})`,
          updatedAt: now,
        })
        .where(eq(users.id, input.userId)),
      db.insert(ledgerSettlements).values({
        entryId,
        settlementId,
        reference: input.reference,
        receivedThroughCents: input.receivedThroughCents,
        amountCents: sql`(SELECT ${ledgerEntries.amountCents} FROM ${ledgerEntries} WHERE ${ledgerEntries.id} = ${entryId})`,
        source: input.source,
        processorState: input.processorState,
        createdAt: now,
      }),
    ]);
  } catch (err) {
    if (
      // A total at or below what was credited: nothing new (the amount, and maybe the balance after, came out <= 0).
      isCheckViolation(err, 'ledger_entries_amount_positive') ||
      isCheckViolation(err, 'ledger_entries_balance_after_non_negative') ||
      isUniqueViolation(err, 'ledger_settlements.reference')
    ) {
      return { outcome: 'nothing_new' };
    }
    throw err;
  }
  const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entryId)).limit(1);
  // The user row must exist: without it the SELECT inserted nothing and the settlement's NOT NULL amount failed.
  if (!entry) throw new Error(`ledger entry ${entryId} missing after its batch`);
  return { outcome: 'credited', entry };
}

/** Σ credited for a reference (what its settlements add up to), in cents. */
export async function creditedForReference(services: Services, reference: string): Promise<number> {
  const [row] = await services.db
    .select({ total: sql<number>`COALESCE(SUM(${ledgerSettlements.amountCents}), 0)` })
    .from(ledgerSettlements)
    .where(eq(ledgerSettlements.reference, reference));
  return Number(row?.total ?? 0);
}
