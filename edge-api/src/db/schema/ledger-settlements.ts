import { sql } from 'drizzle-orm';
import { check, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { ledgerEntries } from './ledger-entries';

/**
 * The exactly-once guard of money that arrives from a processor. One row per credited entry, inserted in the batch
 * that credits it:
 * - the primary key is the entry id, so a second completion of the same pending entry (a redelivered webhook, a refresh
 *   racing the webhook, the re-check job) fails its whole batch;
 * - `received_through_cents` is the invoice's total received that this row brings the credited sum up to, unique per
 *   reference, and `amount_cents` must be positive: money that arrives on an invoice after it was credited (a partial
 *   payment topped up late) is credited as received − Σ earlier settlements, computed inside the batch, so two
 *   deliveries reporting the same total credit it once and a stale total credits nothing.
 * Invariant: Σ amount_cents per reference = the largest total received the processor reported for it.
 */
export const ledgerSettlements = sqliteTable(
  'ledger_settlements',
  {
    entryId: text('entry_id')
      .primaryKey()
      .references(() => ledgerEntries.id, { onDelete: 'restrict' }),
    /** Unique per attempt; the entry row carries it too, which is how the batch tells its own completion apart. */
    settlementId: text('settlement_id').notNull().unique(),
    /** The processor invoice. */
    reference: text('reference').notNull(),
    /** The invoice's total received (cents) once this settlement is counted. */
    receivedThroughCents: integer('received_through_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    /** What triggered it: webhook, refresh, recheck. */
    source: text('source').notNull(),
    /** The processor's invoice state at the time, for audit: e.g. `Settled/PaidOver`. */
    processorState: text('processor_state').notNull(),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ledger_settlements_reference_received_unique').on(t.reference, t.receivedThroughCents),
    check('ledger_settlements_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_settlements_amount_within_received', sql`${t.amountCents} <= ${t.receivedThroughCents}`),
  ],
);

export type LedgerSettlementRow = typeof ledgerSettlements.$inferSelect;
