import { ApiClientError } from '@labeldesk/api-client';
import { REFRESH_DELAYS, TRACKING_REFRESH_MESSAGES, type TrackingRefreshRun } from '@labeldesk/contracts';

/** How often the screen asks for a running refresh's progress. */
export const REFRESH_POLL_MS = 1500;

/** SPEC §5 ranges: null when fine, else the text shown under the field (the server says the same). */
export function delayError(kind: 'batch' | 'request', value: string | number): string | null {
  const n = typeof value === 'number' ? value : Number(value);
  const range = REFRESH_DELAYS[kind];
  if (value === '' || !Number.isInteger(n) || n < range.min || n > range.max) {
    return kind === 'batch' ? TRACKING_REFRESH_MESSAGES.batchDelay : TRACKING_REFRESH_MESSAGES.requestDelay;
  }
  return null;
}

/**
 * SPEC §8: a server answer with a message → 'Refresh failed: {server message}'; anything else (network, a 500, a run
 * that failed) → 'Error refreshing tracking. Please try again.'.
 */
export function refreshFailureText(error: unknown): string {
  const generic = new Set(['network_error', 'bad_response', 'internal_error']);
  if (error instanceof ApiClientError && !generic.has(error.code) && error.message) {
    return `Refresh failed: ${error.message}`;
  }
  return TRACKING_REFRESH_MESSAGES.failed;
}

/** Progress in percent (0-100) of a run. */
export function progressPercent(processed: number, total: number): number {
  if (total <= 0) return 100;
  return Math.min(100, Math.round((processed / total) * 100));
}

/**
 * The refetchInterval of a run's query: every REFRESH_POLL_MS while it runs; stops once it completed or failed, and
 * after a failed poll (the error is shown; the admin can start again).
 */
export function runPollInterval(
  run: Pick<TrackingRefreshRun, 'status'> | undefined,
  pollFailed: boolean,
): number | false {
  return run?.status === 'running' && !pollFailed ? REFRESH_POLL_MS : false;
}

/**
 * The one error line of the modal, the latest cause first: starting the refresh failed; following it failed; the run
 * this modal watched ended failed; the customer's statistics could not be loaded. Null when all is well. (A failed run
 * found on opening is said by the run's own line, 'Last refresh failed', not as an error.)
 */
export function refreshErrorText(causes: {
  start: unknown;
  poll: unknown;
  watchedRunFailed: boolean;
  stats: unknown;
}): string | null {
  if (causes.start) return refreshFailureText(causes.start);
  if (causes.poll) return refreshFailureText(causes.poll);
  if (causes.watchedRunFailed) return TRACKING_REFRESH_MESSAGES.failed;
  if (causes.stats) return refreshFailureText(causes.stats);
  return null;
}
