import { ListQuery, type Transaction } from '@labeldesk/contracts';

/** Rows per page of the customer's transaction history. */
export const HISTORY_PAGE_SIZE = 10;
/** The search box waits this long after the last key before asking the server. */
export const SEARCH_DEBOUNCE_MS = 300;

export interface HistoryFilters {
  /** Matched by the server against transactionId and description. */
  search: string;
  /** YYYY-MM-DD or null; the end day is inclusive. */
  from: string | null;
  to: string | null;
  page: number;
}

export type HistoryQuery = { ok: true; query: ListQuery } | { ok: false; error: string };

/**
 * The query for GET /api/balance/transactions, checked with the contract's own ListQuery so an inverted date range
 * is refused here with the server's text ('From date cannot be after To date') and never sent.
 */
export function historyQuery(filters: HistoryFilters, limit = HISTORY_PAGE_SIZE): HistoryQuery {
  const query: ListQuery = { page: filters.page, limit };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  const checked = ListQuery.safeParse(query);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? 'Invalid filters' };
  return { ok: true, query };
}

/** True when any filter narrows the history (so an empty page means "nothing matches", not "no history"). */
export function hasHistoryFilters(filters: Pick<HistoryFilters, 'search' | 'from' | 'to'>): boolean {
  return filters.search.trim() !== '' || filters.from !== null || filters.to !== null;
}

/** '+' for money in, '-' for money out: the type decides, whatever sign the amount was sent with. */
export function amountSign(tx: Pick<Transaction, 'type'>): '+' | '-' {
  return tx.type === 'credit' ? '+' : '-';
}

/** The amount with its sign, e.g. '+$25.00' or '-$7.40', given the page's USD formatter. */
export function signedAmount(tx: Pick<Transaction, 'type' | 'amount'>, formatUsd: (n: number) => string): string {
  return `${amountSign(tx)}${formatUsd(Math.abs(tx.amount))}`;
}

/**
 * How the amount is drawn: money that moved is green (in) or red (out); a pending row is dimmed (nothing moved yet)
 * and a failed one dimmed and struck through (nothing will).
 */
export function amountStyle(tx: Pick<Transaction, 'type' | 'status'>): { color: string; struck: boolean } {
  if (tx.status === 'failed') return { color: 'dimmed', struck: true };
  if (tx.status === 'pending') return { color: 'dimmed', struck: false };
  return { color: tx.type === 'credit' ? 'green.7' : 'red.7', struck: false };
}

/** Badge colour per SPEC §4 crypto transaction state. */
export function transactionStatusColor(status: Transaction['status']): 'green' | 'yellow' | 'red' {
  if (status === 'completed') return 'green';
  if (status === 'pending') return 'yellow';
  return 'red';
}

export function capitalize(text: string): string {
  return text ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
