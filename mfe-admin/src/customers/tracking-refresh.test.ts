import { ApiClientError } from '@labeldesk/api-client';
import { TRACKING_REFRESH_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  delayError,
  progressPercent,
  REFRESH_POLL_MS,
  refreshErrorText,
  refreshFailureText,
  runPollInterval,
} from './tracking-refresh';

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

  it('polls a running run every 1.5 s and stops when it is done or a poll failed', () => {
    expect(runPollInterval({ status: 'running' }, false)).toBe(REFRESH_POLL_MS);
    expect(REFRESH_POLL_MS).toBe(1500);
    expect(runPollInterval({ status: 'completed' }, false)).toBe(false);
    expect(runPollInterval({ status: 'failed' }, false)).toBe(false);
    expect(runPollInterval({ status: 'running' }, true)).toBe(false);
    expect(runPollInterval(undefined, false)).toBe(false);
  });

  it('shows one error, the latest cause first', () => {
    const none = { start: null, poll: null, watchedRunFailed: false, stats: null };
    const notFound = new ApiClientError(404, 'not_found', 'User not found');
    const network = new ApiClientError(0, 'network_error', 'Network error');
    expect(refreshErrorText(none)).toBeNull();
    expect(refreshErrorText({ ...none, stats: notFound })).toBe('Refresh failed: User not found');
    expect(refreshErrorText({ ...none, stats: notFound, watchedRunFailed: true })).toBe(
      TRACKING_REFRESH_MESSAGES.failed,
    );
    expect(refreshErrorText({ ...none, poll: network, watchedRunFailed: true })).toBe(TRACKING_REFRESH_MESSAGES.failed);
    expect(refreshErrorText({ ...none, start: notFound, poll: network })).toBe('Refresh failed: User not found');
  });
});
