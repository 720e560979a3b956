import { V1_LIST_MESSAGES } from '@labeldesk/contracts';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { ApiError } from '../errors';
import type { Db } from '../ports/database';

/**
 * Keyset (cursor) pages of a list ordered newest first by (created_at, id): the page after an item holds the items
 * strictly before it in that order, so rows written while a client walks the list never shift a page (no duplicate,
 * no gap), and a page costs one index range read however deep it is (an OFFSET would read every row before it).
 */

export interface CursorListInput {
  limit: number;
  starting_after?: string | undefined;
  /** ISO instants (UTC): created_at >= created_after AND created_at < created_before. */
  created_after?: string | undefined;
  created_before?: string | undefined;
}

export interface KeysetColumns {
  id: SQLiteColumn;
  createdAt: SQLiteColumn;
}

/** Where the list goes on from: the created_at and id of the `starting_after` item. */
export interface CursorPosition {
  id: string;
  createdAt: string;
}

/** `starting_after` names no item of the caller's in this list (and key mode): 400 naming the parameter. */
export function unknownCursor(): ApiError {
  return new ApiError('invalid_input', V1_LIST_MESSAGES.unknownStartingAfter, {
    details: [{ path: 'starting_after', message: V1_LIST_MESSAGES.unknownStartingAfter }],
  });
}

/** A table listed per account with a cursor: its id, created_at and owner columns. */
export type OwnedKeysetTable = SQLiteTable & KeysetColumns & { userId: SQLiteColumn };

/**
 * Where the list goes on from: the position of `starting_after` among the caller's rows of `table` (null without one).
 * An id that is not one of the caller's rows there → 400 naming the parameter (unknownCursor).
 */
export async function cursorPosition(
  db: Db,
  table: OwnedKeysetTable,
  startingAfter: string | undefined,
  userId: string,
  /** The list's own condition beyond the owner (e.g. the key's mode): a row outside it is no cursor of this list. */
  within?: SQL,
): Promise<CursorPosition | null> {
  if (!startingAfter) return null;
  const [row] = await db
    .select({ id: table.id, createdAt: table.createdAt })
    .from(table)
    .where(and(eq(table.id, startingAfter), eq(table.userId, userId), within))
    .limit(1);
  if (!row) throw unknownCursor();
  return { id: String(row.id), createdAt: String(row.createdAt) };
}

/** The WHERE terms of the created range and of "after the cursor" (newest first). */
export function keysetTerms(columns: KeysetColumns, input: CursorListInput, after: CursorPosition | null): SQL[] {
  const terms: SQL[] = [];
  if (input.created_after) terms.push(gte(columns.createdAt, input.created_after));
  if (input.created_before) terms.push(lt(columns.createdAt, input.created_before));
  if (after) terms.push(sql`(${columns.createdAt}, ${columns.id}) < (${after.createdAt}, ${after.id})`);
  return terms;
}

/**
 * `column = value` that the planner does not answer from an index on the column (SQLite's unary `+`): a status index
 * spans every account, so walking it for one account's page could read the whole table; the account's own
 * (user_id, created_at) index serves the page, and the status is checked on its rows.
 */
export function statusIs(column: SQLiteColumn, value: string): SQL {
  return sql`+${column} = ${value}`;
}

/** Rows read with `limit + 1` → the page, whether more follow, and the cursor of the next page. */
export function cursorPage<T extends { id: string }>(
  rows: T[],
  limit: number,
): { rows: T[]; hasMore: boolean; nextCursor: string | null } {
  const hasMore = rows.length > limit;
  const page = hasMore ? rows.slice(0, limit) : rows;
  return { rows: page, hasMore, nextCursor: hasMore ? (page.at(-1)?.id ?? null) : null };
}
