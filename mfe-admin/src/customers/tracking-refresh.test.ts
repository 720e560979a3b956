import { ApiClientError } from '@labeldesk/api-client';
import { TRACKING_REFRESH_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { delayError, progressPercent, refreshFailureText } from './tracking-refresh';

describe('tracking refresh form', () => {
  it('accepts the SPEC ranges and refuses the rest', () => {
    expect(delayError('batch', 500)).toBeNull();
    expect(delayError('batch', 10_000)).toBeNull();
    expect(delayError('batch', 499)).toBe(TRACKING_REFRESH_MESSAGES.batchDelay);
    expect(delayError('batch', '')).toBe(TRACKING_REFRESH_MESSAGES.batchDelay);
    expect(delayError('request', 200)).toBeNull();
    expect(delayError('request', 5001)).toBe(TRACKING_REFRESH_MESSAGES.requestDelay);
    expect(delayError('request', 250.5)).toBe(TRACKING_REFRESH_MESSAGES.requestDelay);
  });

  it('shows the server message, or the SPEC fallback', () => {
    expect(refreshFailureText(new ApiClientError(404, 'not_found', 'User not found'))).toBe(
      'Refresh failed: User not found',
    );
    expect(refreshFailureText(new Error('boom'))).toBe('Error refreshing tracking. Please try again.');
  });

  it('progress in percent', () => {
    expect(progressPercent(5, 20)).toBe(25);
    expect(progressPercent(0, 0)).toBe(100);
  });
});
