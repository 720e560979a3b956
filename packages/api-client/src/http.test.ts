import { afterEach, describe, expect, it } from 'vitest';
import { ApiClientError, errorMessage, requestText } from './http';

describe('errorMessage', () => {
  it("shows the server's message for an error it explains", () => {
    const err = new ApiClientError(402, 'insufficient_funds', 'Insufficient balance. Please add funds first.');
    expect(errorMessage(err, 'Failed to create order and shipping label')).toBe(
      'Insufficient balance. Please add funds first.',
    );
  });

  it("uses the screen's fallback for network failures, unreadable answers and bare 500s", () => {
    const fallback = 'Failed to load order statistics';
    expect(errorMessage(new ApiClientError(0, 'network_error', 'Network error'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiClientError(200, 'bad_response', 'Unexpected response'), fallback)).toBe(fallback);
    expect(errorMessage(new ApiClientError(500, 'internal_error', 'Internal server error'), fallback)).toBe(fallback);
    expect(errorMessage(new Error('boom'), fallback)).toBe(fallback);
  });
});

describe('requestText', () => {
  const realFetch = globalThis.fetch;
  const answer = (status: number, body: string, type: string) => {
    globalThis.fetch = (async () => new Response(body, { status, headers: { 'Content-Type': type } })) as typeof fetch;
  };
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('resolves to the text of a CSV answer', async () => {
    answer(200, 'rowIndex,error\r\n3,Street address is required', 'text/csv');
    await expect(requestText('/api/orders/bulk/blk_1/failed-csv')).resolves.toBe(
      'rowIndex,error\r\n3,Street address is required',
    );
  });

  it('throws the error body of a refusal as an ApiClientError', async () => {
    answer(
      404,
      JSON.stringify({ error: { code: 'not_found', message: 'Bulk order not found', details: [] } }),
      'application/json',
    );
    const error = await requestText('/api/orders/bulk/blk_x/failed-csv').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiClientError);
    expect(error).toMatchObject({ status: 404, code: 'not_found', message: 'Bulk order not found' });
  });
});
