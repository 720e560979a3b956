import { fillPlaceholders, type SQL, sql } from 'drizzle-orm';
import type { BatchItem, BatchResponse } from 'drizzle-orm/batch';
import type { DrizzleD1Database } from 'drizzle-orm/d1';
import type { LibSQLDatabase } from 'drizzle-orm/libsql';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type * as schema from '../db/schema';

export type Schema = typeof schema;

/**
 * The database port. Both adapters (libSQL file/remote on Node and Turso, D1 on Workers) are drizzle sqlite-core
 * databases with the same async query API and `batch`. D1 has no interactive transactions, so every multi-statement
 * change is one `batch` (atomic on both), and money invariants live in CHECK constraints that fail the batch.
 */
export type Db = BaseSQLiteDatabase<'async', unknown, Schema>;

/**
 * The concrete databases the adapters build; each is a `Db`. (`Db` is their common sqlite-core base rather than this
 * union, because TypeScript cannot resolve calls with arguments, like `select({...})`, on a union of the two.)
 */
export type AdapterDb = LibSQLDatabase<Schema> | DrizzleD1Database<Schema>;

/** Runs statements atomically on either adapter. */
export function batch<U extends BatchItem<'sqlite'>, T extends Readonly<[U, ...U[]]>>(
  db: Db,
  statements: T,
): Promise<BatchResponse<T>> {
  // Both adapters (LibSQLDatabase, DrizzleD1Database) implement the same atomic `batch`.
  return (db as unknown as LibSQLDatabase<Schema>).batch(statements);
}

/**
 * One `make(db)` per database, made on first use and kept while the database is: for queries prepared once (drizzle's
 * `.prepare()` with `sql.placeholder`s) and per-database caches on hot paths.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) {
      value = make(db);
      made.set(db, value);
    }
    return value;
  };
}

/**
 * `{ [name]: sql.placeholder(name) }` for each name, wrapped as SQL (which insert values, update sets and sql``
 * templates all take): the values of a statement built once and filled in per use.
 */
export function placeholdersFor<K extends string>(names: readonly K[]): Record<K, SQL> {
  return Object.fromEntries(names.map((name) => [name, sql`${sql.placeholder(name)}`])) as Record<K, SQL>;
}

/** What drizzle's `batch` asks of an item: `_prepare()` (internal, but what both adapters' `batch` call). */
interface PreparableItem {
  _prepare(): PreparedItem;
}
interface PreparedItem {
  getQuery(): { sql: string; params: unknown[] };
}

/**
 * A batch statement for a hot path: built once per database with `sql.placeholder(name)` in place of its values,
 * then only filled in. drizzle builds a query's SQL text on every use (a purchase's hold batch took ~0.5 ms of the
 * event loop to build); `(db, values)` returns an item that `batch` runs and maps exactly as the query it was built
 * from would be (same SQL, same result mapping, on libSQL and D1), with the placeholders' values bound. A missing
 * value throws (drizzle's "No value for placeholder").
 */
export function reusableStatement<Q extends BatchItem<'sqlite'>>(
  build: (db: Db) => Q,
): (db: Db, values: Record<string, unknown>) => Q {
  const built = perDatabase((db) => {
    const prepared = (build(db) as unknown as PreparableItem)._prepare();
    return { prepared, ...prepared.getQuery() };
  });
  return (db, values) => {
    const once = built(db);
    const { prepared, sql: text } = once;
    const params = fillPlaceholders(once.params, values);
    // The prepared query, with this use's parameters: everything else (result mapping, D1's statement) is inherited.
    const item: PreparedItem = Object.create(prepared, {
      getQuery: { value: () => ({ sql: text, params }) },
    });
    return { _prepare: () => item } as unknown as Q;
  };
}
