import { eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type LedgerEntryRow, type LedgerMethod, type LedgerType, ledgerEntries, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { batch, type Db, placeholdersFor, reusableStatement } from '../../ports/database';
import { insertLedgerEntryFromUser, param } from './ledger-entry-select';

export const INSUFFICIENT_FUNDS_MESSAGE = 'Insufficient balance. Please add funds first.';
export const USER_NOT_FOUND_MESSAGE = 'User not found';
export const IDEMPOTENCY_CONFLICT_MESSAGE = 'This request was already made with different details';

/** How the balance moves: by an amount (credit or debit), or to a target (the difference is computed in the batch). */
export type BalanceChange =
  | { kind: 'amount'; type: LedgerType; amountCents: number }
  | { kind: 'set'; balanceCents: number };

export interface BalanceChangeInput {
  userId: string;
  change: BalanceChange;
  method: LedgerMethod;
  description: string;
  /** The order, invoice or other record this change belongs to. */
  reference?: string | null;
  /** Admin changes: who and why. */
  adminId?: string | null;
  reason?: string | null;
  /** A retried call with the same key changes nothing and returns the first entry. */
  idempotencyKey?: string | null;
  /** Default: a new `txn_…` id. */
  entryId?: string;
  /**
   * Amount changes only: the change happens only while this condition holds inside the batch (e.g. "the order this
   * refund belongs to was just marked failed by an earlier statement of the same batch"). When it does not, the balance
   * is left alone and the ledger row fails its CHECK `ledger_entries_balance_after_iff_completed` (no balance after), so
   * the whole batch is refused, exactly as for a user that does not exist.
   */
  onlyIf?: SQL;
  /**
   * Amount changes only: added to the user's total spend by the same UPDATE as the balance (a label purchase adds its
   * price, its refund takes it off, without a statement of their own). Default 0.
   */
  addToTotalSpendCents?: number;
}

export interface BalanceChangeStatements {
  entryId: string;
  statements: [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]];
  /** Which statement returns the ledger row (an array of zero or one row in the batch's results). */
  entryStatementIndex: number;
}

/** The values of an amount change's two statements, by name. */
const AMOUNT_VALUE_NAMES = [
  'userId',
  'delta',
  'spendDelta',
  'now',
  'entryId',
  'type',
  'method',
  'amountCents',
  'description',
  'reference',
  'adminId',
  'reason',
  'idempotencyKey',
] as const;
/** Plain values, or placeholders of the same names. */
type AmountValues = Record<(typeof AMOUNT_VALUE_NAMES)[number], unknown>;

/**
 * The two statements of an amount change: users.balance_cents += delta (and total spend += spendDelta), then the
 * completed ledger row, whose balance_after is read from the users row inside the batch. With `onlyIf`, both apply
 * only while it holds.
 */
function amountStatements(db: Db, v: AmountValues, onlyIf?: SQL) {
  const userMatches = onlyIf ? sql`${users.id} = ${v.userId} AND (${onlyIf})` : sql`${users.id} = ${v.userId}`;
  return [
    db
      .update(users)
      .set({
        balanceCents: sql`${users.balanceCents} + ${v.delta}`,
        totalSpendCents: sql`${users.totalSpendCents} + ${v.spendDelta}`,
        updatedAt: sql`${v.now}`,
      })
      .where(userMatches),
    db
      .insert(ledgerEntries)
      .values({
        id: sql`${v.entryId}`,
        userId: sql`${v.userId}`,
        type: sql`${v.type}`,
        status: 'completed',
        method: sql`${v.method}`,
        amountCents: sql`${v.amountCents}`,
        balanceAfterCents: sql`(SELECT ${users.balanceCents} FROM ${users} WHERE ${userMatches})`,
        description: sql`${v.description}`,
        reference: sql`${v.reference}`,
        adminId: sql`${v.adminId}`,
        reason: sql`${v.reason}`,
        idempotencyKey: sql`${v.idempotencyKey}`,
        createdAt: sql`${v.now}`,
        updatedAt: sql`${v.now}`,
        completedAt: sql`${v.now}`,
      })
      .returning(),
  ] as const;
}

const AMOUNT_PLACEHOLDERS = placeholdersFor(AMOUNT_VALUE_NAMES);
/** The unconditional amount change (every purchase, top-up and adjustment): built once per database. */
const reusableBalanceUpdate = reusableStatement((db) => amountStatements(db, AMOUNT_PLACEHOLDERS)[0]);
const reusableLedgerInsert = reusableStatement((db) => amountStatements(db, AMOUNT_PLACEHOLDERS)[1]);

/**
 * The statements of one balance change, for callers that must run it in one batch with their own statements (a label
 * purchase inserts its order in the same batch). Amount changes:
 *   1. users.balance_cents ± amount (the CHECK balance_cents >= 0 fails the whole batch on an overdraft);
 *   2. the completed ledger row, whose balance_after is read from the users row inside the batch (NULL, and so a
 *      CHECK failure, when the user does not exist).
 *   Unconditional ones (all but refunds) reuse statements built once per database.
 * Set changes (admin "set balance to X"): the row is inserted only when the balance differs, with type, amount and
 * balance_after all computed from the users row at that moment, then the balance is set; equal balance: no row.
 */
export function balanceChangeStatements(db: Db, input: BalanceChangeInput, now: string): BalanceChangeStatements {
  const entryId = input.entryId ?? newId('txn');
  const common = {
    reference: input.reference ?? null,
    adminId: input.adminId ?? null,
    reason: input.reason ?? null,
    idempotencyKey: input.idempotencyKey ?? null,
  };
  const { change } = input;
  if (change.kind === 'amount') {
    if (!Number.isSafeInteger(change.amountCents) || change.amountCents <= 0) {
      throw new RangeError(`ledger amount must be a positive integer of cents, got ${change.amountCents}`);
    }
    const spendDelta = input.addToTotalSpendCents ?? 0;
    if (!Number.isSafeInteger(spendDelta)) throw new RangeError(`total spend change must be cents, got ${spendDelta}`);
    const values: AmountValues = {
      userId: input.userId,
      delta: change.type === 'credit' ? change.amountCents : -change.amountCents,
      spendDelta,
      now,
      entryId,
      type: change.type,
      method: input.method,
      amountCents: change.amountCents,
      description: input.description,
      ...common,
    };
    return {
      entryId,
      entryStatementIndex: 1,
      statements: input.onlyIf
        ? [...amountStatements(db, values, input.onlyIf)]
        : [reusableBalanceUpdate(db, values), reusableLedgerInsert(db, values)],
    };
  }

  const target = change.balanceCents;
  if (!Number.isSafeInteger(target) || target < 0) {
    throw new RangeError(`target balance must be a non-negative integer of cents, got ${target}`);
  }
  return {
    entryId,
    entryStatementIndex: 0,
    statements: [
      insertLedgerEntryFromUser(
        db,
        {
          id: param(entryId),
          userId: sql`${users.id}`,
          type: sql`CASE WHEN ${target} > ${users.balanceCents} THEN 'credit' ELSE 'debit' END`,
          status: param('completed'),
          method: param(input.method),
          amountCents: sql`ABS(${target} - ${users.balanceCents})`,
          balanceAfterCents: param(target),
          description: param(input.description),
          reference: param(common.reference),
          adminId: param(common.adminId),
          reason: param(common.reason),
          idempotencyKey: param(common.idempotencyKey),
          createdAt: param(now),
          updatedAt: param(now),
          completedAt: param(now),
        },
        sql`${users.id} = ${input.userId} AND ${users.balanceCents} <> ${target}`,
      ).returning(),
      db
        .update(users)
        .set({ balanceCents: target, updatedAt: now })
        .where(sql`${users.id} = ${input.userId} AND ${users.balanceCents} <> ${target}`),
    ],
  };
}

/** Maps the schema's refusals of a balance-change batch to the error taxonomy; anything else is rethrown. */
export function balanceChangeError(err: unknown): ApiError | undefined {
  if (isCheckViolation(err, 'users_balance_non_negative') || isCheckViolation(err, 'balance_after_non_negative')) {
    return new ApiError('insufficient_funds', INSUFFICIENT_FUNDS_MESSAGE);
  }
  if (isCheckViolation(err, 'ledger_entries_balance_after_iff_completed')) {
    return new ApiError('not_found', USER_NOT_FOUND_MESSAGE);
  }
  return undefined;
}

async function entryByKey(db: Db, key: string): Promise<LedgerEntryRow | undefined> {
  const [row] = await db.select().from(ledgerEntries).where(eq(ledgerEntries.idempotencyKey, key)).limit(1);
  return row;
}

/**
 * The one way money moves between a user's balance and the outside world: changes `users.balance_cents` and writes
 * its ledger row in one atomic batch (plus `alsoRun`, the caller's own statements, in the same batch). Returns the
 * ledger row, or null for a set-change to the balance the user already has (nothing written).
 *
 * Throws 402 `insufficient_funds` when a debit would take the balance below zero (nothing written), 404 when the user
 * does not exist. A retry with the same idempotency key returns the first row without moving money again (409 when the
 * key was used for another user, method or amount).
 */
export async function applyBalanceChange(
  services: Services,
  input: BalanceChangeInput,
  opts: { alsoRun?: BatchItem<'sqlite'>[] } = {},
): Promise<LedgerEntryRow | null> {
  const { db, clock } = services;
  const now = clock.now().toISOString();
  const { entryId, statements, entryStatementIndex } = balanceChangeStatements(db, input, now);
  let results: unknown[];
  try {
    results = await batch(db, [...statements, ...(opts.alsoRun ?? [])]);
  } catch (err) {
    if (input.idempotencyKey && isUniqueViolation(err, 'ledger_entries.idempotency_key')) {
      const first = await entryByKey(db, input.idempotencyKey);
      const change = input.change;
      const same =
        first &&
        first.userId === input.userId &&
        first.method === input.method &&
        (change.kind === 'set' ||
          (first.type === change.type && first.amountCents === change.amountCents && first.status === 'completed'));
      if (same) return first;
      throw new ApiError('conflict', IDEMPOTENCY_CONFLICT_MESSAGE, {
        logMessage: `idempotency key ${input.idempotencyKey}`,
      });
    }
    const mapped = balanceChangeError(err);
    if (mapped) throw mapped;
    throw err;
  }
  const [row] = (results[entryStatementIndex] ?? []) as LedgerEntryRow[];
  if (!row && input.change.kind === 'amount') throw new Error(`ledger entry ${entryId} missing after its batch`);
  return row ?? null;
}
