import {
  checkedListQuery,
  type DepositListResponse,
  type ListFilterInput,
  ListQuery,
  type PAGE_SIZES,
} from '@labeldesk/contracts';

export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 10;
/** Page size used to collect every matching row for the export (the largest the API allows). */
export const EXPORT_PAGE_SIZE: PageSize = 100;
/** A guard against a server that never reports the last page: 1,000 pages of 100 rows. */
export const EXPORT_MAX_PAGES = 1000;

/** What the Total Deposits card says it covers: all time, or the chosen range. */
export function totalPeriodLabel(filters: Pick<ListFilterInput, 'from' | 'to'>): string {
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
  filters: ListFilterInput,
): Promise<DepositListResponse['deposits']> {
  const all: DepositListResponse['deposits'] = [];
  const seen = new Set<string>();
  for (let page = 1; page <= EXPORT_MAX_PAGES; page++) {
    const q = checkedListQuery(ListQuery, { page, limit: EXPORT_PAGE_SIZE }, filters);
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
