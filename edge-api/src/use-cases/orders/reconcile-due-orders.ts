import { and, asc, eq, isNull, lt, or } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { RECONCILE_DELAY_SECONDS, reconcileOrder } from './reconcile-order';

/** A `processing` order older than this lost its request between phase 1 and phase 2 (a crash or a restart). */
export const STUCK_PROCESSING_MS = 2 * 60_000;
/**
 * A bulk row waits in the job queue (its engine limits how many run at once), so `processing` is normal for it; the
 * sweep only takes one over when nothing touched it for this long (its job died), as a safety net beside
 * bulk.resume-due, which queues such rows again.
 */
export const STUCK_BULK_ROW_MS = 30 * 60_000;
/** Orders looked at per sweep; the rest wait for the next one. */
export const RECONCILE_BATCH_SIZE = 50;
/** Provider calls in flight at once. */
const CONCURRENCY = 4;

export interface ReconcileSweepSummary {
  checked: number;
  completed: number;
  refunded: number;
  /** Still without an answer from the provider. */
  pending: number;
  errors: number;
}

export interface ReconcileSweepInput {
  limit?: number | undefined;
  /**
   * Set by a Node process at start-up (the start of this process, ISO 8601): purchases still `processing` that were
   * created before it were left by a process that died between the two phases (kill -9, a crash), since the embedded
   * default is the only process on its database. They are settled now, whatever their age, instead of once they are
   * STUCK_PROCESSING_MS old and the next 5-minute sweep comes. Bulk rows are not taken here: the jobs the dead process
   * left running are taken up at once by the restarted runner (reclaimOnStart), each in its API's lane.
   */
  leftBefore?: string | undefined;
}

/** Which orders a sweep takes: see reconcileDueOrders and ReconcileSweepInput.leftBefore. */
function dueCondition(services: Services, input: ReconcileSweepInput) {
  if (input.leftBefore !== undefined) {
    return and(eq(orders.status, 'processing'), isNull(orders.bulkOrderId), lt(orders.createdAt, input.leftBefore));
  }
  const now = services.clock.now().getTime();
  const cutoff = new Date(now - STUCK_PROCESSING_MS).toISOString();
  const bulkCutoff = new Date(now - STUCK_BULK_ROW_MS).toISOString();
  return or(
    eq(orders.status, 'pending_reconciliation'),
    and(
      eq(orders.status, 'processing'),
      lt(orders.createdAt, cutoff),
      or(isNull(orders.bulkOrderId), lt(orders.updatedAt, bulkCutoff)),
    ),
  );
}

/**
 * The periodic `orders.reconcile-due` job, so no purchase is stranded: every order in `pending_reconciliation` (its
 * own job may have given up) and every order still `processing` STUCK_PROCESSING_MS after it was created (a bulk row:
 * untouched for STUCK_BULK_ROW_MS), oldest first, at most `limit`, each through reconcileOrder (which asks the
 * provider with the order's own Idempotency-Key, or looks the purchase up first, so nothing is bought twice).
 * With `leftBefore` (the Node start-up run), the purchases a dead process left in `processing` instead; those still
 * without an answer get their own reconcile job (backoff from 10 s), as a purchase whose answer was lost does.
 */
export async function reconcileDueOrders(
  services: Services,
  input: ReconcileSweepInput = {},
): Promise<ReconcileSweepSummary> {
  const due = await services.db
    .select({ id: orders.id })
    .from(orders)
    .where(dueCondition(services, input))
    .orderBy(asc(orders.createdAt))
    .limit(input.limit ?? RECONCILE_BATCH_SIZE);

  const summary: ReconcileSweepSummary = { checked: 0, completed: 0, refunded: 0, pending: 0, errors: 0 };
  const queue = due.map((row) => row.id);
  const worker = async () => {
    for (let orderId = queue.shift(); orderId !== undefined; orderId = queue.shift()) {
      try {
        const outcome = await reconcileOrder(services, { orderId });
        summary.checked += 1;
        if (outcome?.kind === 'completed') summary.completed += 1;
        else if (outcome?.kind === 'failed') summary.refunded += 1;
        else if (outcome?.kind === 'pending') {
          summary.pending += 1;
          if (input.leftBefore !== undefined) {
            await services.queue.send(
              { type: 'orders.reconcile', jobId: newId('job'), orderId },
              { delaySeconds: RECONCILE_DELAY_SECONDS },
            );
          }
        }
      } catch (err) {
        summary.errors += 1;
        services.log.error('order.reconcile_failed', { orderId, err });
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, queue.length) }, worker));
  return summary;
}
