import { BULK_MESSAGES } from '@labeldesk/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { bulkOrders, type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { perDatabase } from '../../ports/database';
import type { JobCompletion } from '../../ports/job-queue';
import { type BuyOrderLabelOptions, buyOrderLabel } from '../orders/buy-order-label';
import { RECONCILE_GAVE_UP_MESSAGE, readOrder } from '../orders/order-rows';
import { RECONCILE_DELAY_SECONDS, RECONCILE_WINDOW_MS } from '../orders/reconcile-order';
import { refundOrder } from '../orders/refund-order';
import { likelyOpen } from '../provider-failover/circuit-breaker';
import { readBulkOrder } from './bulk-order-reads';
import { claimBulkRow } from './claim-bulk-row';
import { noteRowRetry } from './note-row-retry';
import { settleBulkOrder } from './settle-bulk-order';
import { refundStoppedRow, stoppedRowReason } from './stop-bulk-order';

/**
 * What became of one row: bought, refunded, handed to reconciliation (the provider's answer was lost), deferred (the
 * provider rate limited us: ask again after `retryAfterSeconds`), or nothing to do (already settled, unknown order).
 */
export type BulkRowOutcome =
  | { kind: 'completed' | 'failed' | 'pending' | 'settled' | 'missing'; finalized: boolean }
  | { kind: 'deferred'; retryAfterSeconds: number; finalized: false };

/** The row moves from here to settled (bought or refunded); settling it may end its bulk order. */
async function afterSettled(services: Services, order: OrderRow, kind: 'completed' | 'failed' | 'settled') {
  const { finalized } = order.bulkOrderId ? await settleBulkOrder(services, order.bulkOrderId) : { finalized: false };
  return { kind, finalized } as const;
}

/** A row not claimed because its bulk order was stopped: refunded here (the stop's own pass may not have reached it). */
async function refundIfStopped(services: Services, order: OrderRow): Promise<BulkRowOutcome | null> {
  if (order.status !== 'processing' || !order.bulkOrderId) return null;
  const bulk = await readBulkOrder(services, order.bulkOrderId);
  if (!bulk?.stoppedAt || !bulk.stopReason) return null;
  await refundStoppedRow(services, order, stoppedRowReason(services.config, bulk.stopReason));
  const current = (await readOrder(services, order.id)) ?? order;
  return afterSettled(services, current, 'settled');
}

/** The row claim alone, prepared once per database: when the row's API is likely skipped (see buyBulkRow). */
const claimRow = perDatabase((db) =>
  db
    .update(orders)
    .set({ purchaseAttempts: sql`${orders.purchaseAttempts} + 1`, updatedAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        eq(orders.id, sql.placeholder('id')),
        eq(orders.status, 'processing'),
        sql`NOT EXISTS (SELECT 1 FROM ${bulkOrders} WHERE ${bulkOrders.id} = ${orders.bulkOrderId} AND ${bulkOrders.stoppedAt} IS NOT NULL)`,
      ),
    )
    .returning()
    .prepare(),
);

/**
 * The `bulk.buy-row` job: buys ONE row of a bulk order through the purchase's phase 2 (buyOrderLabel, the same
 * use-case as a manual order; the provider's Idempotency-Key is the order id), so a redelivered message, a retried
 * job, a restart mid-row or two consumers racing buy the row at most once:
 * - already settled → nothing bought (the bulk order is settled again, in case the previous run died before that);
 * - its bulk order stopped (cancelled, past its deadline) → not claimed: refunded like the stop's other rows;
 * - in pending_reconciliation → left to the reconcile job;
 * - else purchase_attempts + 1 (only while still processing); older than the reconciliation window (23 h) →
 *   refunded without asking (the provider forgets keys after 24 h); else phase 2 with `onRateLimited: 'defer'`: bought →
 *   completed; refused → refunded (a credit of THIS row's price naming the order); answer lost → pending
 *   reconciliation + a reconcile job; 429 → deferred, the row stays processing and the caller retries it later.
 * After a row settles, settleBulkOrder gives the bulk order its final status once no row is open.
 */
export async function buyBulkRow(
  services: Services,
  input: { orderId: string; apiId?: string | undefined },
  job?: JobCompletion,
): Promise<BulkRowOutcome> {
  const now = services.clock.now();
  const windowStart = new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString();
  // The common case in one batch: the row is still processing and its bulk order not stopped, so count this attempt,
  // take the row as it is, and plan its purchase (claimBulkRow). When this process last saw the row's API's breaker
  // open, the row is claimed alone and planPurchase skips that API in its own batch, as for a single purchase.
  let claimed: OrderRow | undefined;
  let prepared: Pick<BuyOrderLabelOptions, 'api' | 'plan'> = {};
  if (input.apiId && likelyOpen(input.apiId, now)) {
    [claimed] = await claimRow(services.db).all({ id: input.orderId, now: now.toISOString() });
  } else {
    const row = await claimBulkRow(services, { orderId: input.orderId, now, windowStart });
    claimed = row?.order;
    if (row) prepared = { ...(row.api ? { api: row.api } : {}), ...(row.plan ? { plan: row.plan } : {}) };
  }
  if (!claimed) {
    const order = await readOrder(services, input.orderId);
    if (!order) return { kind: 'missing', finalized: false };
    if (order.status === 'completed' || order.status === 'failed') return afterSettled(services, order, 'settled');
    return (await refundIfStopped(services, order)) ?? { kind: 'pending', finalized: false };
  }
  if (now.getTime() - Date.parse(claimed.createdAt) > RECONCILE_WINDOW_MS) {
    const refunded = await refundOrder(services, claimed, RECONCILE_GAVE_UP_MESSAGE);
    return afterSettled(services, refunded, 'settled');
  }

  const outcome = await buyOrderLabel(services, claimed, {
    onRateLimited: 'defer',
    mayExist: claimed.purchaseAttempts > 1,
    ...prepared,
    ...(job ? { job } : {}),
  });
  switch (outcome.kind) {
    case 'completed':
      // Its completing batch saw another row of the bulk order still open: that row's settling finishes it.
      if (outcome.bulkRowsOpen) return { kind: 'completed', finalized: false };
      return afterSettled(services, outcome.order, outcome.kind);
    case 'failed':
      return afterSettled(services, outcome.order, outcome.kind);
    case 'deferred':
      await noteRowRetry(services, claimed.id, BULK_MESSAGES.rowRateLimited, outcome.retryAfterSeconds);
      return { kind: 'deferred', retryAfterSeconds: outcome.retryAfterSeconds, finalized: false };
    case 'pending': {
      if (outcome.order.status === 'completed' || outcome.order.status === 'failed') {
        return afterSettled(services, outcome.order, 'settled');
      }
      await noteRowRetry(services, claimed.id, BULK_MESSAGES.rowUnanswered, RECONCILE_DELAY_SECONDS);
      try {
        await services.queue.send(
          { type: 'orders.reconcile', jobId: newId('job'), orderId: claimed.id },
          { delaySeconds: RECONCILE_DELAY_SECONDS },
        );
      } catch (err) {
        // The periodic sweep (orders.reconcile-due) finds it anyway.
        services.log.error('order.reconcile_not_queued', { orderId: claimed.id, err });
      }
      return { kind: 'pending', finalized: false };
    }
  }
}
