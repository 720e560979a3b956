import { z } from 'zod';

/** Default of BULK_ROW_DEADLINE_HOURS: rows of a bulk order still unbought this long after it was created are refunded. */
export const DEFAULT_BULK_ROW_DEADLINE_HOURS = 24;

/**
 * BULK_ROW_DEADLINE_HOURS as both entries read it (Node: process.env; Workers: a var): whole hours, 1 to 24 (the
 * provider remembers a purchase's Idempotency-Key for 24 hours, and the reconciliation gives up at 23 anyway; a later
 * deadline would never be reached), default 24. Empty counts as unset.
 */
const MESSAGE = 'BULK_ROW_DEADLINE_HOURS must be a whole number of hours from 1 to 24';

export function bulkRowDeadlineHours() {
  return z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : v.trim()) : v),
    z
      .union(
        [
          z.number(),
          z
            .string()
            .regex(/^\d{1,3}$/, MESSAGE)
            .transform(Number),
        ],
        { error: MESSAGE },
      )
      .pipe(z.number().int(MESSAGE).min(1, MESSAGE).max(24, MESSAGE))
      .default(DEFAULT_BULK_ROW_DEADLINE_HOURS),
  );
}
