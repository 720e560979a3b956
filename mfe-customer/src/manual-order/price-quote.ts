import { errorMessage } from '@labeldesk/api-client';
import type { CalculatePriceResponse } from '@labeldesk/contracts';
import { type SettledQueryState, settledOf } from '../common/settled-query';

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
export type QuoteQueryState = SettledQueryState<CalculatePriceResponse>;

/** What the price card shows: the price of the exact form once its request settled (settledOf), so a stale price is
 * never shown or submitted. */
export function priceQuoteOf(state: QuoteQueryState): PriceQuote {
  const settled = settledOf(state);
  if (settled.kind === 'pending') return { kind: 'calculating' };
  if (settled.kind === 'failed') return { kind: 'failed', message: errorMessage(settled.error, PRICE_FAILED) };
  if (settled.kind === 'ready') {
    return { kind: 'ready', price: settled.data.price, estimatedDelivery: settled.data.estimatedDelivery };
  }
  return settled;
}
