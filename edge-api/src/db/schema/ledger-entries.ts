import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const LEDGER_TYPES = ['credit', 'debit'] as const;
export type LedgerType = (typeof LEDGER_TYPES)[number];
export const LEDGER_STATUSES = ['pending', 'completed', 'failed'] as const;
export type LedgerStatus = (typeof LEDGER_STATUSES)[number];
/** How money came or went (contracts `TransactionMethod`). */
export const LEDGER_METHODS = ['crypto', 'admin_adjustment', 'label_purchase', 'label_refund'] as const;
export type LedgerMethod = (typeof LEDGER_METHODS)[number];

/**
 * The balance ledger: one row per balance change (SPEC §3 Transaction), written in the same `db.batch` as the
 * `users.balance_cents` change it records. Invariant: for every user, balance_cents = Σ completed credits − Σ completed
 * debits. Pending and failed rows move no money.
 *
 * The schema refuses what must never happen:
 * - a completed row without the balance it left (so a batch whose user row did not exist fails as a whole), a pending
 *   or failed row with one, a negative balance after, a non-positive amount;
 * - two top-up requests for one processor invoice (`ledger_entries_crypto_invoice_unique`);
 * - two rows for one idempotency key (a retried request changes nothing).
 * Completion of a pending row is guarded by `ledger_settlements` (one settlement per entry, see there).
 */
export const ledgerEntries = sqliteTable(
  'ledger_entries',
  {
    /** The transactionId the API shows: `txn_…`. */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    type: text('type', { enum: LEDGER_TYPES }).notNull(),
    status: text('status', { enum: LEDGER_STATUSES }).notNull(),
    method: text('method', { enum: LEDGER_METHODS }).notNull(),
    /** Money moved (completed), or expected (pending, failed), in cents. */
    amountCents: integer('amount_cents').notNull(),
    /** What was asked for when it differs in kind from what moved: a crypto invoice's amount. */
    requestedCents: integer('requested_cents'),
    /** The user's balance right after this row was applied; null unless completed. */
    balanceAfterCents: integer('balance_after_cents'),
    description: text('description').notNull(),
    /** The processor invoice (crypto), order (purchase, refund) or nothing (admin). */
    reference: text('reference'),
    /** Crypto: the processor's checkout page. */
    paymentUrl: text('payment_url'),
    /** Admin changes: who made it and why. */
    adminId: text('admin_id').references(() => users.id, { onDelete: 'restrict' }),
    reason: text('reason'),
    /** Set by callers that may retry (an order id, an Idempotency-Key header): the same key is written once. */
    idempotencyKey: text('idempotency_key'),
    /** Set by the batch that completed a pending row (see ledger-settlements.ts). */
    settlementId: text('settlement_id'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
    completedAt: text('completed_at'),
  },
  (t) => [
    index('ledger_entries_user_created_idx').on(t.userId, t.createdAt),
    // Deposit history (method, newest first) and the crypto re-check (method = crypto, recent).
    index('ledger_entries_method_created_idx').on(t.method, t.createdAt),
    // One top-up request per processor invoice: the row carrying the requested amount. (Money that arrives on an
    // invoice after it was credited is credited by further rows without one, see ledger_settlements.)
    uniqueIndex('ledger_entries_crypto_invoice_unique')
      .on(t.reference)
      .where(sql`${t.method} = 'crypto' AND ${t.requestedCents} IS NOT NULL`),
    // Partial: most rows have neither, and an index entry per NULL would only slow every insert down.
    uniqueIndex('ledger_entries_idempotency_key_unique')
      .on(t.idempotencyKey)
      .where(sql`${t.idempotencyKey} IS NOT NULL`),
    uniqueIndex('ledger_entries_settlement_id_unique').on(t.settlementId).where(sql`${t.settlementId} IS NOT NULL`),
    check('ledger_entries_type_valid', sql`${t.type} IN ('credit', 'debit')`),
    check('ledger_entries_status_valid', sql`${t.status} IN ('pending', 'completed', 'failed')`),
    check(
      'ledger_entries_method_valid',
      sql`${t.method} IN ('crypto', 'admin_adjustment', 'label_purchase', 'label_refund')`,
    ),
    check('ledger_entries_amount_positive', sql`${t.amountCents} > 0`),
    check('ledger_entries_requested_positive', sql`${t.requestedCents} IS NULL OR ${t.requestedCents} > 0`),
    check(
      'ledger_entries_balance_after_iff_completed',
      sql`(${t.status} = 'completed') = (${t.balanceAfterCents} IS NOT NULL)`,
    ),
    check(
      'ledger_entries_balance_after_non_negative',
      sql`${t.balanceAfterCents} IS NULL OR ${t.balanceAfterCents} >= 0`,
    ),
    check(
      'ledger_entries_completed_at_iff_completed',
      sql`(${t.status} = 'completed') = (${t.completedAt} IS NOT NULL)`,
    ),
    check(
      'ledger_entries_crypto_is_invoice_credit',
      sql`${t.method} <> 'crypto' OR (${t.reference} IS NOT NULL AND ${t.type} = 'credit')`,
    ),
    check('ledger_entries_admin_has_admin', sql`${t.method} <> 'admin_adjustment' OR ${t.adminId} IS NOT NULL`),
  ],
);

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntryRow = typeof ledgerEntries.$inferInsert;
