import { eq, sql } from 'drizzle-orm';
import { bulkOrders, NO_LEDGER_ENTRY_PREFIX, orders, testLabelQuota } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isCheckViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { DEFAULT_TEST_LABELS_PER_DAY } from '../../lib/test-mode-settings';

/**
 * Test mode on the live pipeline (README "Test mode"): a TEST key runs the live use-cases; its orders and bulk orders
 * carry `livemode = false` in the same tables. The one condition every web, admin, statistics, export and job read that
 * must see live data only adds (v1 reads filter by the key's mode instead).
 */
export const LIVE_ORDERS = eq(orders.livemode, true);
export const LIVE_BULK_ORDERS = eq(bulkOrders.livemode, true);

/** Where a ledger id would be for a test order or bulk order (no money moves): says so, and is unique. */
export const noLedgerEntryId = (): string => newId(NO_LEDGER_ENTRY_PREFIX);

/** The start of the UTC day `now` is in, and the next one. */
function utcDay(now: Date): { start: Date; next: Date } {
  const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  return { start, next: new Date(start.getTime() + 86_400_000) };
}

export const testQuotaMessage = (limit: number): string =>
  `Test mode allows ${limit.toLocaleString('en-US')} test labels per account per day (UTC). Try again tomorrow, or use your live key.`;

/**
 * TEST_LABELS_PER_DAY, atomically: the statement that reserves `labels` test labels of this UTC day for the account
 * (an UPSERT on test_label_quota), to run FIRST in the db.batch that writes the test orders. When the day's labels
 * (single purchases and bulk rows, failed ones included: each asked the sandbox) would pass the limit, its CHECK fails
 * the whole batch — nothing is written — and testQuotaError turns that into the 429. Requests racing at the limit are
 * serialized by the database: exactly the labels left are made. A batch that fails for another reason (an
 * Idempotency-Key replay) rolls its reservation back with it.
 */
export function reserveTestLabels(services: Services, userId: string, labels: number) {
  const limit = services.config.testLabelsPerDay ?? DEFAULT_TEST_LABELS_PER_DAY;
  const day = utcDay(services.clock.now()).start.toISOString().slice(0, 10);
  return services.db
    .insert(testLabelQuota)
    .values({ userId, day, used: labels, dayLimit: limit })
    .onConflictDoUpdate({
      target: [testLabelQuota.userId, testLabelQuota.day],
      set: { used: sql`${testLabelQuota.used} + excluded.used`, dayLimit: sql`excluded.day_limit` },
    });
}

/** The 429 for a batch refused by reserveTestLabels (Retry-After until the next UTC midnight); undefined otherwise. */
export function testQuotaError(services: Services, userId: string, err: unknown): ApiError | undefined {
  if (!isCheckViolation(err, 'test_label_quota_within_limit')) return undefined;
  const limit = services.config.testLabelsPerDay ?? DEFAULT_TEST_LABELS_PER_DAY;
  const now = services.clock.now();
  const retryAfter = Math.max(1, Math.ceil((utcDay(now).next.getTime() - now.getTime()) / 1000));
  return new ApiError('rate_limited', testQuotaMessage(limit), {
    headers: { 'Retry-After': String(retryAfter) },
    logMessage: `user ${userId}: test label quota (${limit}/day) reached`,
  });
}

/**
 * Who reads an order or bulk order by id: a session (web, admin: live data only) or a v1 key, which reads the data of
 * its own mode (`livemode` false for a test key). Data of the other mode answers 404, like data that does not exist.
 */
export interface ModeCaller {
  id: string;
  isAdmin: boolean;
  /** Default true (sessions). */
  livemode?: boolean;
}

/** Whether a row is of the caller's mode (see ModeCaller). */
export const inCallersMode = (row: { livemode: boolean }, caller: { livemode?: boolean | undefined }): boolean =>
  row.livemode === (caller.livemode ?? true);
