import { ApiClientError } from '@labeldesk/api-client';
import { REFRESH_DELAYS, TRACKING_REFRESH_MESSAGES } from '@labeldesk/contracts';

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
