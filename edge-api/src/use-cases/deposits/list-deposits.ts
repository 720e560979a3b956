import { and, count, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries, users } from '../../db/schema';
import type { Services } from '../../env';
import { contains, dayRange, type ListQueryInput } from '../../lib/list-query';

/**
 * Deposits are money that came in from outside: crypto top-ups and admin credits. Admin debits (a balance set lower)
 * are not deposits and are left out (they show in the customer's own transaction history); label refunds are not
 * either (that money was the customer's already).
 */
export const DEPOSIT_METHODS = ['crypto', 'admin_adjustment'] as const;

export interface DepositRow {
  entry: LedgerEntryRow;
  userName: string;
  userEmail: string;
}

/**
 * One page of deposits across all users, newest first, with the totals of everything matching the filters: `search`
 * matches the transaction id, the description or the user's email; `from`/`to` filter by UTC day (end inclusive).
 * `totalDepositsCents` sums the completed ones only.
 */
export async function listDeposits(
  services: Services,
  input: { query: ListQueryInput },
): Promise<{ rows: DepositRow[]; total: number; totalDepositsCents: number }> {
  const { query } = input;
  const conditions: (SQL | undefined)[] = [
    eq(ledgerEntries.type, 'credit'),
    inArray(ledgerEntries.method, DEPOSIT_METHODS),
  ];
  if (query.search) {
    conditions.push(
      or(
        contains(ledgerEntries.id, query.search),
        contains(ledgerEntries.description, query.search),
        contains(users.email, query.search),
      ),
    );
  }
  const range = dayRange(query.from, query.to);
  if (range.start) conditions.push(gte(ledgerEntries.createdAt, range.start));
  if (range.end) conditions.push(lt(ledgerEntries.createdAt, range.end));
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    services.db
      .select({ entry: ledgerEntries, userName: users.name, userEmail: users.email })
      .from(ledgerEntries)
      .innerJoin(users, eq(users.id, ledgerEntries.userId))
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    services.db
      .select({
        n: count(),
        completed: sql<number>`COALESCE(SUM(CASE WHEN ${ledgerEntries.status} = 'completed' THEN ${ledgerEntries.amountCents} ELSE 0 END), 0)`,
      })
      .from(ledgerEntries)
      .innerJoin(users, eq(users.id, ledgerEntries.userId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0, totalDepositsCents: Number(totals[0]?.completed ?? 0) };
}
