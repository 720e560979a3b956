import { type DepositListResponse, ListQuery, PAGE_SIZES } from '@labeldesk/contracts';

export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** The search box waits this long after the last key before asking the server (SPEC brief: 300 ms). */
export const SEARCH_DEBOUNCE_MS = 300;
/** Page size used to collect every matching row for the export (the largest the API allows). */
export const EXPORT_PAGE_SIZE: PageSize = 100;
/** A guard against a server that never reports the last page: 1,000 pages of 100 rows. */
export const EXPORT_MAX_PAGES = 1000;

export function isPageSize(value: number): value is PageSize {
  return (PAGE_SIZES as readonly number[]).includes(value);
}

export interface DepositFilters {
  /** Matched by the server against transaction id, description and user email. */
  search: string;
  /** YYYY-MM-DD or null; the end day is inclusive. */
  from: string | null;
  to: string | null;
}

export type DepositQuery = { ok: true; query: ListQuery } | { ok: false; error: string };

/**
 * The query for GET /api/admin/deposits, checked with the contract's ListQuery so an inverted range is refused here
 * with the server's own text ('From date cannot be after To date') and never sent.
 */
export function depositQuery(filters: DepositFilters, page: number, limit: PageSize): DepositQuery {
  const query: ListQuery = { page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  const checked = ListQuery.safeParse(query);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? 'Invalid filters' };
  return { ok: true, query };
}

export function hasDepositFilters(filters: DepositFilters): boolean {
  return filters.search.trim() !== '' || filters.from !== null || filters.to !== null;
}

/** What the Total Deposits card says it covers: all time, or the chosen range. */
export function totalPeriodLabel(filters: Pick<DepositFilters, 'from' | 'to'>): string {
  if (filters.from && filters.to) return `${filters.from} to ${filters.to}`;
  if (filters.from) return `Since ${filters.from}`;
  if (filters.to) return `Until ${filters.to}`;
  return 'All time';
}

/**
 * Every deposit matching the filters, newest first as the server orders them: pages of 100 fetched one after another
 * until the server's last page. Used by Export CSV so the file holds all matching rows, not just the page on screen.
 */
export async function fetchAllDeposits(
  fetchPage: (query: ListQuery) => Promise<Pick<DepositListResponse, 'deposits' | 'totalPages'>>,
  filters: DepositFilters,
): Promise<DepositListResponse['deposits']> {
  const all: DepositListResponse['deposits'] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const q = depositQuery(filters, page, EXPORT_PAGE_SIZE);
    if (!q.ok) throw new Error(q.error);
    const res = await fetchPage(q.query);
    // A deposit arriving while we page can shift rows by one: never write the same row twice.
    for (const deposit of res.deposits) {
      if (!seen.has(deposit._id)) {
        seen.add(deposit._id);
        all.push(deposit);
      }
    }
    if (page >= res.totalPages || res.deposits.length === 0) break;
  }
  return all;
}
