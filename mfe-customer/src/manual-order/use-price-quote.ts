import { shippingQueries } from '@labeldesk/api-client';
import type { CalculatePriceRequest } from '@labeldesk/contracts';
import { useDebouncedValue, useQuery } from '@labeldesk/ui';
import { useMemo } from 'react';
import { PRICE_DEBOUNCE_MS, type PriceQuote, priceQuoteOf } from './price-quote';

/**
 * The live quote for `request` (null while the SPEC §5 price rule is not met): the shared price query, keyed on the
 * request as it stood 500 ms after it last changed. A request left behind by a change is aborted by the library (its
 * query lost its observer). `reload` asks again for the same request (a 409 'price changed' answer).
 */
export function usePriceQuote(request: CalculatePriceRequest | null): { quote: PriceQuote; reload: () => void } {
  // Debounced as text: an equal form is the same value however often the page re-renders.
  const body = request ? JSON.stringify(request) : null;
  const [debounced] = useDebouncedValue(body, PRICE_DEBOUNCE_MS);
  const asked = useMemo(() => (debounced ? (JSON.parse(debounced) as CalculatePriceRequest) : null), [debounced]);
  const settled = body !== null && debounced === body;
  const price = useQuery({ ...shippingQueries.price(asked ?? NOTHING_ASKED), enabled: settled });
  return {
    quote: priceQuoteOf({
      requested: body !== null,
      settled,
      data: price.data,
      error: price.error,
      isFetching: price.isFetching,
    }),
    reload: () => void price.refetch(),
  };
}

/** The key of the (disabled) query before anything was asked. */
const NOTHING_ASKED = {} as CalculatePriceRequest;
