import { and, eq, inArray, sql } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries, ledgerSettlements, users } from '../../db/schema';
import type { Services } from '../../env';
import { isNotNullViolation, isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import { notifyBalanceChanged } from '../notifications/notify-customer';
import { relayWebhookMessages } from '../webhooks/relay-webhook-messages';
import { balanceCreditedEvent } from '../webhooks/webhook-events';
import { webhookEventStatement } from '../webhooks/webhook-outbox';

/** Pending rows, and failed ones (an expired invoice paid late), can still be completed. */
const SETTLEABLE = ['pending', 'failed'] as const;

export interface SettlePendingEntryInput {
  entryId: string;
  /** What actually arrived, in cents (may differ from what was asked): the invoice's total received so far. */
  amountCents: number;
  /** Replaces the row's description when set. */
  description?: string;
  /** What triggered it, for the audit row: webhook, refresh, recheck. */
  source: string;
  /** The processor's view at the time, for the audit row, e.g. `Settled/PaidOver`. */
  processorState: string;
}

export type SettlePendingEntryResult =
  | { outcome: 'settled'; entry: LedgerEntryRow }
  /** Someone else completed it first (or it was never settleable): nothing moved. */
  | { outcome: 'already_settled'; entry: LedgerEntryRow };

/**
 * Completes a pending credit with the amount received, exactly once, in one batch:
 *   1. users.balance_cents += amount, only while the entry is still pending/failed;
 *   2. the entry becomes completed with that amount, a fresh settlement id and balance_after read from the users row,
 *      under the same predicate;
 *   3. a `ledger_settlements` row whose amount is read from the entry *carrying this batch's settlement id*, recording
 *      that the reference is now credited through that amount.
 * When the entry was already completed (a redelivered webhook, a refresh racing the webhook, two concurrent
 * deliveries), statements 1 and 2 match nothing, statement 3 reads NULL and fails its NOT NULL constraint, and the
 * primary key on entry_id refuses a second settlement in any case: the batch fails as a whole and no money moves.
 * Batches are serialised by the database, so no interleaving can credit twice.
 */
export async function settlePendingEntry(
  services: Services,
  input: SettlePendingEntryInput,
): Promise<SettlePendingEntryResult> {
  const { db, clock } = services;
  if (!Number.isSafeInteger(input.amountCents) || input.amountCents <= 0) {
    throw new RangeError(`settlement amount must be a positive integer of cents, got ${input.amountCents}`);
  }
  const [entry] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, input.entryId)).limit(1);
  if (!entry) throw new Error(`ledger entry ${input.entryId} does not exist`);
  if (entry.type !== 'credit' || !entry.reference) {
    throw new Error(`ledger entry ${input.entryId} is not a credit with a reference`);
  }
  const reference = entry.reference;
  if (entry.status === 'completed') return { outcome: 'already_settled', entry };

  const now = clock.now().toISOString();
  const settlementId = newId('stl');
  const stillSettleable = and(eq(ledgerEntries.id, entry.id), inArray(ledgerEntries.status, SETTLEABLE));
  // `balance.credited` is recorded by the same batch, from the entry as this settlement completed it (the outbox).
  const event = webhookEventStatement(
    db,
    balanceCreditedEvent(entry.id, true, sql`${ledgerEntries.settlementId} = ${settlementId}`),
    now,
  );
  try {
    await batch(db, [
      db
        .update(users)
        .set({ balanceCents: sql`${users.balanceCents} + ${input.amountCents}`, updatedAt: now })
        .where(
          and(
            eq(users.id, entry.userId),
            sql`EXISTS (SELECT 1 FROM ${ledgerEntries} WHERE ${stillSettleable} AND ${ledgerEntries.userId} = ${entry.userId})`,
          ),
        ),
      db
        .update(ledgerEntries)
        .set({
          status: 'completed',
          amountCents: input.amountCents,
          balanceAfterCents: sql`(SELECT ${users.balanceCents} FROM ${users} WHERE ${users.id} = ${entry.userId})`,
          settlementId,
          completedAt: now,
          updatedAt: now,
          ...(input.description ? { description: input.description } : {}),
        })
        .where(stillSettleable),
      db.insert(ledgerSettlements).values({
        entryId: entry.id,
        settlementId,
        reference,
        // Nothing was credited for this reference before its pending entry completes.
        receivedThroughCents: input.amountCents,
        amountCents: sql`(SELECT ${ledgerEntries.amountCents} FROM ${ledgerEntries} WHERE ${ledgerEntries.id} = ${entry.id} AND ${ledgerEntries.settlementId} = ${settlementId})`,
        source: input.source,
        processorState: input.processorState,
        createdAt: now,
      }),
      event.statement,
    ]);
  } catch (err) {
    if (
      isNotNullViolation(err, 'ledger_settlements.amount_cents') ||
      isUniqueViolation(err, 'ledger_settlements.entry_id') ||
      isUniqueViolation(err, 'ledger_settlements.reference')
    ) {
      const [current] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id)).limit(1);
      if (current) return { outcome: 'already_settled', entry: current };
    }
    throw err;
  }
  const [settled] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.id, entry.id)).limit(1);
  if (!settled) throw new Error(`ledger entry ${entry.id} vanished`);
  await relayWebhookMessages(services, [event.messageId]);
  await notifyBalanceChanged(services, settled, true);
  return { outcome: 'settled', entry: settled };
}
