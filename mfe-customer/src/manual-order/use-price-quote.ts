import { shippingQueries } from '@labeldesk/api-client';
import type { CalculatePriceRequest } from '@labeldesk/contracts';
import { useSettledQuery } from '../common/use-settled-query';
import { PRICE_DEBOUNCE_MS, type PriceQuote, priceQuoteOf } from './price-quote';

/**
 * The live quote for `request` (null while the SPEC §5 price rule is not met): the shared price query, asked once the
 * request has not changed for 500 ms. `reload` asks again for the same request (a 409 'price changed' answer).
 */
export function usePriceQuote(request: CalculatePriceRequest | null): { quote: PriceQuote; reload: () => void } {
  const price = useSettledQuery(request ? shippingQueries.price(request) : null, PRICE_DEBOUNCE_MS);
  return { quote: priceQuoteOf(price.state), reload: price.refetch };
}
