import type { ErrorDetail } from '@labeldesk/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { isCheckViolation, isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import { balanceChangeStatements } from '../ledger/apply-balance-change';
import { notifyOrderRefunded } from '../notifications/notify-customer';
import { noLedgerEntryId } from '../test-mode/test-mode';
import { relayWebhookMessages } from '../webhooks/relay-webhook-messages';
import { orderEvent } from '../webhooks/webhook-events';
import { webhookEventStatements } from '../webhooks/webhook-outbox';
import { failureDetailsText, OPEN_ORDER_STATUSES, readOrder } from './order-rows';

/** Ledger idempotency key of an order's refund: written at most once, whoever (request, job, sweep) gets there. */
export const refundKey = (orderId: string): string => `order:${orderId}:refund`;

/** The order's own conditional update that claims the refund: it must write `entryId` into `refund_entry_id`. */
export type RefundMark = (entryId: string, now: string) => BatchItem<'sqlite'>;

/** The order events of this refund (`order.failed`, `order.refunded`), and the order as the mark leaves it. */
export interface RefundEvents {
  types: ('order.failed' | 'order.refunded')[];
  after: (entryId: string, now: string) => OrderRow;
}

/**
 * The one refund of an order's price, whatever the path (a purchase that failed, a label the customer voided): ONE
 * batch runs `mark` (the order's conditional update writing THIS entry's id into `refund_entry_id`), credits the price
 * back (ledger row `label_refund`, reference = the order, idempotency key `order:<id>:refund`) and takes it off the
 * customer's total spend. Every statement after the mark only applies when the mark wrote this entry's id, so an order
 * that meanwhile moved on (completed, refunded by a racing request, job or sweep) is left alone: the batch is then
 * refused as a whole and nothing is written; the ledger's unique idempotency key refuses a second refund even so.
 * The order events are recorded by the same batch under the same condition (the outbox), and queued after it.
 * Returns the order as it stands afterwards and whether this refund is the one that happened. A test order (livemode
 * false) runs the mark and its events alone: nothing was paid, nothing comes back, `refund_entry_id` names no ledger
 * row, and the events say `livemode: false`.
 */
export async function creditOrderRefund(
  services: Services,
  order: OrderRow,
  reason: string,
  mark: RefundMark,
  events: RefundEvents,
): Promise<{ current: OrderRow; ours: boolean }> {
  const { db, clock } = services;
  const now = clock.now().toISOString();
  const live = order.livemode;
  const entryId = live ? newId('txn') : noLedgerEntryId();
  const markedByUs = sql`EXISTS (SELECT 1 FROM ${orders} WHERE ${orders.id} = ${order.id} AND ${orders.refundEntryId} = ${entryId})`;
  const credit = live
    ? balanceChangeStatements(
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
      )
    : null;
  const after = events.after(entryId, now);
  const recorded = webhookEventStatements(
    db,
    events.types.map((type) => orderEvent(type, after, live, markedByUs)),
    now,
  );
  try {
    await batch(db, [mark(entryId, now), ...(credit?.statements ?? []), ...recorded.statements]);
  } catch (err) {
    // The order was no longer refundable (the condition refused the ledger row), or its refund already exists.
    const resolvedElsewhere =
      isCheckViolation(err, 'ledger_entries_balance_after_iff_completed') ||
      isUniqueViolation(err, 'ledger_entries.idempotency_key');
    if (!resolvedElsewhere) throw err;
  }
  const current = await readOrder(services, order.id);
  if (!current) throw new Error(`order ${order.id} vanished during its refund`);
  const ours = current.refundEntryId === entryId;
  if (ours) {
    await relayWebhookMessages(services, recorded.messageIds);
    await notifyOrderRefunded(services, current, current.livemode);
  }
  return { current, ours };
}

/**
 * A purchase that definitely failed: the refund above, whose mark sets the order `failed` (with the refund entry and
 * the customer-safe reason) only while it is still open. Returns the order as it stands afterwards (failed, or
 * whatever the other path made of it).
 */
export async function refundOrder(
  services: Services,
  order: OrderRow,
  reason: string,
  /** The fields the refusal named (request paths), kept so a replay answers the same body. */
  details?: readonly ErrorDetail[],
): Promise<OrderRow> {
  const { db } = services;
  const failureDetailsJson = failureDetailsText(details);
  const failed = (entryId: string, now: string) =>
    ({ status: 'failed', refundEntryId: entryId, failureReason: reason, failureDetailsJson, updatedAt: now }) as const;
  // The events: the purchase failed and its price came back (only when this refund is the one that happened).
  const { current } = await creditOrderRefund(
    services,
    order,
    reason,
    (entryId, now) =>
      db
        .update(orders)
        .set(failed(entryId, now))
        .where(and(eq(orders.id, order.id), inArray(orders.status, [...OPEN_ORDER_STATUSES]))),
    { types: ['order.failed', 'order.refunded'], after: (entryId, now) => ({ ...order, ...failed(entryId, now) }) },
  );
  return current;
}
