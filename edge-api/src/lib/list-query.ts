import { type SQL, sql } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';

/** A parsed contracts `ListQuery`. */
export interface ListQueryInput {
  page: number;
  limit: number;
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

/** `%text%` for LIKE, with the LIKE wildcards in `text` escaped (used with ESCAPE '\'). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `column LIKE %text%` (case-insensitive for ASCII, SQLite's default), wildcards in the text taken literally. */
export function contains(column: SQLiteColumn, text: string): SQL {
  return sql`${column} LIKE ${likePattern(text)} ESCAPE '\\'`;
}

/**
 * The ISO instants bounding a YYYY-MM-DD range (UTC), the end day inclusive: createdAt >= start AND createdAt < end.
 */
export function dayRange(from: string | undefined, to: string | undefined): { start?: string; end?: string } {
  const out: { start?: string; end?: string } = {};
  if (from) out.start = `${from}T00:00:00.000Z`;
  if (to) {
    const next = new Date(`${to}T00:00:00.000Z`);
    next.setUTCDate(next.getUTCDate() + 1);
    out.end = next.toISOString();
  }
  return out;
}

/** Page count for `total` rows: at least 1, so "Page 1 of 1" shows for an empty list. */
export function totalPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
