import { and, eq, inArray, sql } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import { balanceChangeStatements } from '../ledger/apply-balance-change';
import { orderEvent } from '../webhooks/webhook-events';
import { OPEN_ORDER_STATUSES, readOrder } from './order-rows';

/** Ledger idempotency key of an order's refund: written at most once, whoever (request, job, sweep) gets there. */
export const refundKey = (orderId: string): string => `order:${orderId}:refund`;

/**
 * A purchase that definitely failed: ONE batch marks the order `failed` (with the refund entry and the customer-safe
 * reason), credits the price back (ledger row `label_refund`, reference = the order, idempotency key
 * `order:<id>:refund`) and takes it off the customer's total spend. Every statement after the first only applies when
 * the first one marked the order with THIS refund's entry id, so an order that meanwhile completed (or was refunded by
 * a racing job) is left alone: the batch is then refused as a whole and nothing is written. Returns the order as it
 * stands afterwards (failed, or whatever the other path made of it).
 */
export async function refundOrder(services: Services, order: OrderRow, reason: string): Promise<OrderRow> {
  const { db, clock } = services;
  const now = clock.now().toISOString();
  const entryId = newId('txn');
  const markedByUs = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${order.id} AND ${orders.refundEntryId} = ${entryId})`;
  const credit = balanceChangeStatements(
    db,
    {
      userId: order.userId,
      change: { kind: 'amount', type: 'credit', amountCents: order.priceCents },
      method: 'label_refund',
      description: `Refund for order ${order.id}: ${reason}`,
      reference: order.id,
      idempotencyKey: refundKey(order.id),
      entryId,
      onlyIf: markedByUs,
      addToTotalSpendCents: -order.priceCents,
    },
    now,
  );
  try {
    await batch(db, [
      db
        .update(orders)
        .set({ status: 'failed', refundEntryId: entryId, failureReason: reason, updatedAt: now })
        .where(and(eq(orders.id, order.id), inArray(orders.status, [...OPEN_ORDER_STATUSES]))),
      ...credit.statements,
    ]);
  } catch (err) {
    // The order was no longer open (the condition refused the ledger row), or its refund already exists.
    const resolvedElsewhere =
      isCheckViolation(err, 'ledger_entries_balance_after_iff_completed') ||
      isUniqueViolation(err, 'ledger_entries.idempotency_key');
    if (!resolvedElsewhere) throw err;
  }
  const current = await readOrder(services, order.id);
  if (!current) throw new Error(`order ${order.id} vanished during its refund`);
  if (current.refundEntryId === entryId) {
    // This refund is the one that happened (not a racing path's): the purchase failed and its price came back.
    await orderEvent(services, 'order.failed', current);
    await orderEvent(services, 'order.refunded', current);
  }
  return current;
}
