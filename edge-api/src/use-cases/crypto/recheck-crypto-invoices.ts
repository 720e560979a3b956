import { and, asc, eq, gte, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { ledgerEntries, ledgerSettlements } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { type ReconcileAction, reconcileCryptoInvoice } from './reconcile-crypto-invoice';

/** Invoices are re-checked this long after they were opened (a missed webhook still credits within it). */
export const RECHECK_WINDOW_MS = 48 * 60 * 60_000;
/** Invoices looked at per run, and processor calls in flight at once. */
export const RECHECK_BATCH_SIZE = 200;
const CONCURRENCY = 4;

export interface RecheckSummary {
  checked: number;
  byAction: Partial<Record<ReconcileAction, number>>;
  /** Invoices the processor could not answer for this time. */
  unavailable: number;
}

/**
 * The safety net behind the webhook: re-reads every crypto top-up younger than `maxAgeMs` that is pending, failed (a
 * late payment can still complete it) or was credited while expired (the rest may still arrive), and settles it
 * through the same use-case as the webhook and the refresh button. Safe to run any number of times, concurrently with
 * webhooks: the settlement credits each payment once.
 */
export async function recheckCryptoInvoices(
  services: Services,
  input: { maxAgeMs?: number; limit?: number } = {},
): Promise<RecheckSummary> {
  const since = new Date(services.clock.now().getTime() - (input.maxAgeMs ?? RECHECK_WINDOW_MS)).toISOString();
  const candidates = await services.db
    .select({ reference: ledgerEntries.reference })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.method, 'crypto'),
        isNotNull(ledgerEntries.requestedCents),
        gte(ledgerEntries.createdAt, since),
        or(
          inArray(ledgerEntries.status, ['pending', 'failed']),
          // Credited while expired (a partial payment): the rest may still arrive late.
          sql`EXISTS (SELECT 1 FROM ${ledgerSettlements} WHERE ${ledgerSettlements.reference} = ${ledgerEntries.reference}
            AND ${ledgerSettlements.processorState} LIKE 'Expired/%')`,
        ),
      ),
    )
    .orderBy(asc(ledgerEntries.createdAt))
    .limit(input.limit ?? RECHECK_BATCH_SIZE);

  const summary: RecheckSummary = { checked: 0, byAction: {}, unavailable: 0 };
  const queue = candidates.map((c) => c.reference).filter((r): r is string => r !== null);
  const worker = async () => {
    for (let invoiceId = queue.shift(); invoiceId !== undefined; invoiceId = queue.shift()) {
      try {
        const result = await reconcileCryptoInvoice(services, { invoiceId, source: 'recheck' });
        summary.checked += 1;
        summary.byAction[result.action] = (summary.byAction[result.action] ?? 0) + 1;
      } catch (err) {
        if (err instanceof ApiError && (err.code === 'upstream_unavailable' || err.code === 'upstream_error')) {
          summary.unavailable += 1;
          continue;
        }
        throw err;
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return summary;
}
