import { and, count, desc, eq, gte, lt, or, type SQL } from 'drizzle-orm';
import { type LedgerEntryRow, ledgerEntries } from '../../db/schema';
import type { Services } from '../../env';
import { contains, dayRange, type ListQueryInput } from '../../lib/list-query';

/**
 * The user's own ledger rows (all statuses), newest first, one page of them. `search` matches the transaction id or
 * the description (case-insensitive); `from`/`to` filter on createdAt by UTC day, the end day inclusive.
 */
export async function listTransactions(
  services: Services,
  input: { userId: string; query: ListQueryInput },
): Promise<{ rows: LedgerEntryRow[]; total: number }> {
  const { query } = input;
  const conditions: (SQL | undefined)[] = [eq(ledgerEntries.userId, input.userId)];
  if (query.search) {
    conditions.push(or(contains(ledgerEntries.id, query.search), contains(ledgerEntries.description, query.search)));
  }
  const range = dayRange(query.from, query.to);
  if (range.start) conditions.push(gte(ledgerEntries.createdAt, range.start));
  if (range.end) conditions.push(lt(ledgerEntries.createdAt, range.end));
  const where = and(...conditions);

  const [rows, totals] = await Promise.all([
    services.db
      .select()
      .from(ledgerEntries)
      .where(where)
      .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    services.db.select({ n: count() }).from(ledgerEntries).where(where),
  ]);
  return { rows, total: totals[0]?.n ?? 0 };
}
