import { ApiClientError } from '@labeldesk/api-client';
import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { keyForSubmit, newIdempotencyKey, outcomeUnknown } from './idempotency';

describe('keyForSubmit', () => {
  let n = 0;
  const fresh = () => `key-${++n}`;

  it('makes a new key for a first attempt', () => {
    expect(keyForSubmit(null, '{"a":1}', fresh)).toMatch(/^key-\d+$/);
  });

  it('reuses the open key when the same body is retried', () => {
    expect(keyForSubmit({ key: 'k1', body: '{"a":1}' }, '{"a":1}', fresh)).toBe('k1');
  });

  it('makes a new key when the form changed since the unknown attempt', () => {
    const key = keyForSubmit({ key: 'k1', body: '{"a":1}' }, '{"a":2}', fresh);
    expect(key).not.toBe('k1');
  });
});

describe('outcomeUnknown', () => {
  const inProgress = ORDER_MESSAGES.idempotencyInProgress;

  it('keeps the key after a network error, an unreadable answer or a 5xx', () => {
    expect(outcomeUnknown(new ApiClientError(0, 'network_error', 'Network error'), inProgress)).toBe(true);
    expect(outcomeUnknown(new ApiClientError(200, 'bad_response', 'Unexpected'), inProgress)).toBe(true);
    expect(outcomeUnknown(new ApiClientError(503, 'upstream_unavailable', 'down'), inProgress)).toBe(true);
    expect(outcomeUnknown(new TypeError('boom'), inProgress)).toBe(true);
  });

  it('keeps the key while the server is still working on it', () => {
    expect(outcomeUnknown(new ApiClientError(409, 'conflict', inProgress), inProgress)).toBe(true);
  });

  it('ends the attempt on a definite refusal', () => {
    expect(outcomeUnknown(new ApiClientError(402, 'insufficient_funds', 'Insufficient balance'), inProgress)).toBe(
      false,
    );
    expect(outcomeUnknown(new ApiClientError(400, 'invalid_input', 'Name is required'), inProgress)).toBe(false);
    expect(outcomeUnknown(new ApiClientError(409, 'conflict', ORDER_MESSAGES.priceChanged('$7.25')), inProgress)).toBe(
      false,
    );
    expect(outcomeUnknown(new ApiClientError(502, 'upstream_error', 'refused'), inProgress)).toBe(false);
  });
});

describe('newIdempotencyKey', () => {
  const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

  it('uses crypto.randomUUID when the page has it', () => {
    expect(newIdempotencyKey()).toMatch(UUID_V4);
  });

  it('makes a UUID v4 from random bytes where randomUUID is missing (plain http)', () => {
    const keys = new Set(
      Array.from({ length: 50 }, () => newIdempotencyKey({ getRandomValues: (a) => crypto.getRandomValues(a) })),
    );
    expect(keys.size).toBe(50);
    for (const key of keys) expect(key).toMatch(UUID_V4);
  });
});
