import { ApiClientError } from '@labeldesk/api-client';
import { describe, expect, it } from 'vitest';
import { PRICE_FAILED, priceQuoteOf, type QuoteQueryState } from './price-quote';

const answer = { price: 12.34, estimatedDelivery: '2026-11-29' };
const state = (over: Partial<QuoteQueryState>): QuoteQueryState => ({
  requested: true,
  settled: true,
  data: undefined,
  error: null,
  isFetching: false,
  ...over,
});

describe('priceQuoteOf', () => {
  it('is idle while the form does not meet the price rule, even with an old answer in hand', () => {
    expect(priceQuoteOf(state({ requested: false, data: answer }))).toEqual({ kind: 'idle' });
  });

  it('never shows the previous form’s price while the form is still changing', () => {
    expect(priceQuoteOf(state({ settled: false, data: answer }))).toEqual({ kind: 'calculating' });
  });

  it('is calculating while the price is asked again (after a 409 the old price cannot be submitted)', () => {
    expect(priceQuoteOf(state({ data: answer, isFetching: true }))).toEqual({ kind: 'calculating' });
    expect(priceQuoteOf(state({ isFetching: true }))).toEqual({ kind: 'calculating' });
  });

  it('is the answer once the request for this exact form settled', () => {
    expect(priceQuoteOf(state({ data: answer }))).toEqual({
      kind: 'ready',
      price: 12.34,
      estimatedDelivery: '2026-11-29',
    });
  });

  it("shows the server's error text, else the SPEC's, and a failure wins over an older answer", () => {
    const server = new ApiClientError(400, 'invalid_input', 'Service not available for this route');
    expect(priceQuoteOf(state({ error: server, data: answer }))).toEqual({
      kind: 'failed',
      message: 'Service not available for this route',
    });
    expect(priceQuoteOf(state({ error: new TypeError('Failed to fetch') }))).toEqual({
      kind: 'failed',
      message: PRICE_FAILED,
    });
  });
});
