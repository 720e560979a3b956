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
