import { errorMessage } from '@labeldesk/api-client';
import type { CalculatePriceResponse } from '@labeldesk/contracts';

/** SPEC §9: the price is recalculated 500 ms after the required fields last changed. */
export const PRICE_DEBOUNCE_MS = 500;
export const PRICE_FAILED = 'Failed to calculate shipping price';

export type PriceQuote =
  /** Something the price needs is missing (SPEC §5 price rule). */
  | { kind: 'idle' }
  /** Waiting for the debounce or for the server. */
  | { kind: 'calculating' }
  | { kind: 'ready'; price: number; estimatedDelivery: string | null }
  | { kind: 'failed'; message: string };

/** Where the price query of the current form stands. */
export interface QuoteQueryState {
  /** The form meets the SPEC §5 price rule (there is something to price). */
  requested: boolean;
  /** The form has not changed for PRICE_DEBOUNCE_MS: the query is the one for this exact form. */
  settled: boolean;
  data: CalculatePriceResponse | undefined;
  error: unknown;
  isFetching: boolean;
}

/**
 * What the price card shows. A price belongs to the exact form it was asked for and is final only once its request
 * settled: while the form is still changing or the price is being asked (again, e.g. after a 409 'price changed'), it
 * is 'calculating', so a stale price is never shown or submitted.
 */
export function priceQuoteOf(state: QuoteQueryState): PriceQuote {
  if (!state.requested) return { kind: 'idle' };
  if (!state.settled || state.isFetching) return { kind: 'calculating' };
  if (state.error) return { kind: 'failed', message: errorMessage(state.error, PRICE_FAILED) };
  if (state.data) return { kind: 'ready', price: state.data.price, estimatedDelivery: state.data.estimatedDelivery };
  return { kind: 'calculating' };
}
