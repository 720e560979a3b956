import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { SQLiteInsertSelectQueryBuilder } from 'drizzle-orm/sqlite-core';
import { ledgerEntries, users } from '../../db/schema';
import type { Db } from '../../ports/database';

type EntryKey = keyof typeof ledgerEntries.$inferInsert;

/**
 * `INSERT INTO ledger_entries (...) SELECT ... FROM users WHERE <where>`: one ledger row whose values may be computed
 * from the user's row at that moment (inside a batch), written only when `where` matches. Built with drizzle's
 * insert-select (not raw SQL) so it runs in D1 batches too; `values` names every column it sets, the rest are NULL,
 * and drizzle checks the selection matches the table's columns in order.
 */
export function insertLedgerEntryFromUser(db: Db, values: Partial<Record<EntryKey, SQL>>, where: SQL) {
  const selection: Record<string, SQL.Aliased> = {};
  for (const key of Object.keys(getTableColumns(ledgerEntries)) as EntryKey[]) {
    selection[key] = (values[key] ?? sql`NULL`).as(`v_${key}`);
  }
  // Typed per key at the call site; drizzle checks keys and order at run time (the Record loses the per-key types).
  return db
    .insert(ledgerEntries)
    .select(
      (qb) =>
        qb.select(selection).from(users).where(where) as unknown as SQLiteInsertSelectQueryBuilder<
          typeof ledgerEntries
        >,
    );
}

/** A bound parameter as an SQL expression. */
export function param(value: string | number | null): SQL {
  return value === null ? sql`NULL` : sql`${value}`;
}
