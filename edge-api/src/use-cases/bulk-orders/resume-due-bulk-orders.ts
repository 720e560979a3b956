import { and, asc, eq, sql } from 'drizzle-orm';
import { bulkOrders, orders } from '../../db/schema';
import type { Services } from '../../env';
import { enqueueBulkRows } from './enqueue-bulk-rows';
import { settleBulkOrder } from './settle-bulk-order';

/** A processing bulk order none of whose rows changed for this long has lost its jobs (dead-lettered, never queued). */
export const BULK_IDLE_MS = 3 * 60_000;
/** Bulk orders looked at per run. */
export const BULK_RESUME_BATCH = 20;

export interface BulkResumeSummary {
  checked: number;
  /** Rows queued again. */
  requeued: number;
  /** Bulk orders given their final status here (every row had settled, the status had not followed). */
  finalized: number;
}

/**
 * The periodic `bulk.resume-due` job, so every bulk order finishes: a bulk order still `processing` whose rows have
 * not moved for BULK_IDLE_MS gets its `processing` rows queued again (job id per row and purchase attempt, so a
 * second run before they move queues nothing new on Node), or — when no row is open — its final status. Rows in
 * pending_reconciliation belong to the reconcile job and sweep.
 */
export async function resumeDueBulkOrders(
  services: Services,
  input: { limit?: number | undefined } = {},
): Promise<BulkResumeSummary> {
  const cutoff = new Date(services.clock.now().getTime() - BULK_IDLE_MS).toISOString();
  const idle = await services.db
    .select({ id: bulkOrders.id })
    .from(bulkOrders)
    .where(
      and(
        eq(bulkOrders.status, 'processing'),
        sql`${bulkOrders.createdAt} < ${cutoff}`,
        sql`NOT EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.bulkOrderId} = ${bulkOrders.id}
          AND ${orders.updatedAt} >= ${cutoff})`,
      ),
    )
    .orderBy(asc(bulkOrders.createdAt))
    .limit(input.limit ?? BULK_RESUME_BATCH);

  const summary: BulkResumeSummary = { checked: 0, requeued: 0, finalized: 0 };
  for (const { id } of idle) {
    summary.checked += 1;
    const open = await services.db
      .select({ id: orders.id, apiId: orders.apiId, attempts: orders.purchaseAttempts })
      .from(orders)
      .where(and(eq(orders.bulkOrderId, id), eq(orders.status, 'processing')));
    if (open.length === 0) {
      if ((await settleBulkOrder(services, id)).finalized) summary.finalized += 1;
      continue;
    }
    services.log.warn('bulk.idle_requeued', { bulkOrderId: id, openRows: open.length });
    const attempts = new Map(open.map((r) => [r.id, r.attempts]));
    const queued = await enqueueBulkRows(
      services,
      open.map((r) => ({ id: r.id, bulkOrderId: id, apiId: r.apiId })),
      (r) => attempts.get(r.id) ?? 0,
    );
    if (queued) summary.requeued += open.length;
  }
  return summary;
}
