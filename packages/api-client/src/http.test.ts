import { describe, expect, it } from 'vitest';
import { ApiClientError, errorMessage } from './http';

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
