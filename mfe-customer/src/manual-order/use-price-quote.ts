import { api, errorMessage } from '@labeldesk/api-client';
import type { CalculatePriceRequest } from '@labeldesk/contracts';
import { useEffect, useState } from 'react';

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

type Settled = { forKey: string; quote: PriceQuote };

/**
 * The live quote for `request` (null while the SPEC §5 price rule is not met): asked 500 ms after the request last
 * changed, the previous call aborted. A quote belongs to the exact request it was asked for, so a stale price is never
 * shown (or submitted) for a changed form. Bumping `reloadKey` asks again for the same request.
 */
export function usePriceQuote(request: CalculatePriceRequest | null, reloadKey: number): PriceQuote {
  const body = request ? JSON.stringify(request) : null;
  const key = body ? `${reloadKey}:${body}` : null;
  const [settled, setSettled] = useState<Settled | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `request` and `reloadKey`.
  useEffect(() => {
    if (!key || !request) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api.orders.calculatePrice(request, controller.signal).then(
        (res) => setSettled({ forKey: key, quote: { kind: 'ready', ...res } }),
        (e: unknown) => {
          if (controller.signal.aborted) return;
          setSettled({ forKey: key, quote: { kind: 'failed', message: errorMessage(e, PRICE_FAILED) } });
        },
      );
    }, PRICE_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [key]);

  if (!key) return { kind: 'idle' };
  return settled?.forKey === key ? settled.quote : { kind: 'calculating' };
}
