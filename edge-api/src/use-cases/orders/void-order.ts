import { VOID_MESSAGES, whyNotVoidable } from '@labeldesk/contracts';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import { type OrderRow, orders, providerApiOf } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { PROVIDER_ERROR_MESSAGES, ProviderError, type ProviderLabel } from '../../ports/label-provider';
import { removeStaleLabelDocuments } from '../bulk-orders/remove-stale-label-documents';
import { getReadableOrder } from '../order-history/get-order';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { providerApiError } from '../shipping-apis/provider-errors';
import type { ModeCaller } from '../test-mode/test-mode';
import { creditOrderRefund } from './refund-order';

/** The refund's reason in the ledger ("Refund for order ord_…: Label voided"). */
export const VOID_REFUND_REASON = 'Label voided';

export interface VoidOutcome {
  /** `refunded`: the price came back now; `pending`: the provider settles the refund later (credited then). */
  kind: 'refunded' | 'pending';
  order: OrderRow;
  /** The same Idempotency-Key voided this order before: its answer again, nothing asked or moved. */
  replayed: boolean;
  /** Credited by this request (0 while pending and on a replay). */
  refundedCents: number;
}

const outcomeOf = (order: OrderRow, replayed: boolean, refundedCents = 0): VoidOutcome => ({
  kind: order.voidStatus === 'refunded' ? 'refunded' : 'pending',
  order,
  replayed,
  refundedCents,
});

/** The same key already voided this order (it may have been settled since): its answer, nothing done again. */
function replayOf(order: OrderRow, idempotencyKey: string | undefined): VoidOutcome | null {
  if (!idempotencyKey || order.voidStatus === null || order.voidIdempotencyKey !== idempotencyKey) return null;
  return outcomeOf(order, true);
}

/** Asks the API the label was bought through to void it; its refusals in the error taxonomy. */
export async function askProviderToVoid(services: Services, order: OrderRow): Promise<ProviderLabel> {
  const api = await findApiConfig(services, providerApiOf(order).id);
  if (!api) throw new ApiError('conflict', VOID_MESSAGES.apiGone, { logMessage: `order ${order.id}: api gone` });
  if (!order.providerLabelId) throw new Error(`completed order ${order.id} has no provider label`);
  const provider = await connectProvider(services, api, { livemode: order.livemode });
  try {
    return await provider.voidLabel(order.providerLabelId);
  } catch (err) {
    if (err instanceof ProviderError && err.code === 'conflict') {
      throw new ApiError('conflict', VOID_MESSAGES.scanned, { logMessage: err.logMessage });
    }
    if (err instanceof ProviderError && err.code === 'not_found') {
      throw new ApiError('upstream_error', PROVIDER_ERROR_MESSAGES.labelNotFound, { logMessage: err.logMessage });
    }
    throw providerApiError(err) ?? err;
  }
}

/**
 * Credits a voided label's price back (the purchase refund's batch and rules: one `label_refund` entry per order,
 * whoever gets there first) and marks the order voided and refunded, its parcel `cancelled`. Only an order that is
 * still a bought label not refunded yet (not voided, or its void pending) is marked. Fires `order.refunded` when this
 * call is the refund that happened.
 */
export async function creditVoidRefund(
  services: Services,
  order: OrderRow,
  idempotencyKey: string | null,
): Promise<{ current: OrderRow; ours: boolean }> {
  const { db } = services;
  const voided = (entryId: string, now: string) => ({
    voidStatus: 'refunded' as const,
    refundEntryId: entryId,
    deliveryStatus: 'cancelled' as const,
    voidRequestedAt: order.voidRequestedAt ?? now,
    voidIdempotencyKey: order.voidIdempotencyKey ?? idempotencyKey,
    updatedAt: now,
  });
  // `order.refunded` is recorded by the refund's batch, when it is the refund that happened.
  const result = await creditOrderRefund(
    services,
    order,
    VOID_REFUND_REASON,
    (entryId, now) =>
      db
        .update(orders)
        .set({
          ...voided(entryId, now),
          voidRequestedAt: sql`COALESCE(${orders.voidRequestedAt}, ${now})`,
          voidIdempotencyKey: sql`COALESCE(${orders.voidIdempotencyKey}, ${idempotencyKey})`,
        })
        .where(
          and(
            eq(orders.id, order.id),
            eq(orders.status, 'completed'),
            isNull(orders.refundEntryId),
            or(isNull(orders.voidStatus), eq(orders.voidStatus, 'pending')),
          ),
        ),
    { types: ['order.refunded'], after: (entryId, now) => ({ ...order, ...voided(entryId, now) }) },
  );
  return result;
}

/** Records a void the provider accepted but settles later: nothing is credited until it does (settle-pending-voids). */
async function markVoidPending(services: Services, order: OrderRow, idempotencyKey: string | null): Promise<boolean> {
  const now = services.clock.now().toISOString();
  const marked = await services.db
    .update(orders)
    .set({ voidStatus: 'pending', voidRequestedAt: now, voidIdempotencyKey: idempotencyKey, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.status, 'completed'), isNull(orders.voidStatus)))
    .returning({ id: orders.id });
  return marked.length === 1;
}

/**
 * POST /api/orders/{id}/void and /api/v1/orders/{id}/void: voids a bought label through the provider it was bought
 * from and refunds its price. The caller's own order (an admin: any order; anyone else's is 404 like a missing one),
 * inside the void window (VOID_WINDOW_DAYS, parcel not moving): else 409 and nothing is asked or moved. The provider
 * voids at once (refunded now) or accepts the void and settles it later (pending: credited by the settle sweep when it
 * is accepted). Concurrent voids may all ask the provider (its void is idempotent), but only one refund can be written
 * (the order's conditional mark and the ledger's unique refund key): the others answer 409, or the first answer when
 * they carry the same Idempotency-Key.
 */
export async function voidOrder(
  services: Services,
  input: { orderId: string; caller: ModeCaller; idempotencyKey?: string | undefined },
): Promise<VoidOutcome> {
  const key = input.idempotencyKey ?? null;
  const order = await getReadableOrder(services, input);
  const replay = replayOf(order, input.idempotencyKey);
  if (replay) return replay;
  const why = whyNotVoidable(order, services.clock.now());
  if (why) throw new ApiError('conflict', why);

  const label = await askProviderToVoid(services, order);
  if (label.status === 'created') {
    throw new ApiError('upstream_error', PROVIDER_ERROR_MESSAGES.rejected, {
      logMessage: `order ${order.id}: the provider answered the void of ${label.labelId} with a live label`,
    });
  }
  if (label.status === 'voided') {
    const { current, ours } = await creditVoidRefund(services, order, key);
    if (ours) {
      services.log.info('order.voided', { orderId: order.id, refundedCents: order.priceCents });
      if (order.bulkOrderId) await removeStaleLabelDocuments(services, order.bulkOrderId);
      // A test order moved no money: voided through the sandbox, nothing refunded (its order.refunded says livemode false).
      return outcomeOf(current, false, order.livemode ? order.priceCents : 0);
    }
    return replayOf(current, input.idempotencyKey) ?? lostRace(current);
  }
  if (await markVoidPending(services, order, key)) {
    services.log.info('order.void_pending', { orderId: order.id, labelId: label.labelId });
    // A label being voided is left out of the combined documents already (boughtRows): theirs are stale now.
    if (order.bulkOrderId) await removeStaleLabelDocuments(services, order.bulkOrderId);
    const current = await getReadableOrder(services, input);
    return outcomeOf(current, false);
  }
  const current = await getReadableOrder(services, input);
  return replayOf(current, input.idempotencyKey) ?? lostRace(current);
}

/** Another request voided the order between our read and our write: the 409 it now deserves. */
function lostRace(current: OrderRow): never {
  throw new ApiError('conflict', whyNotVoidable(current, new Date(0)) ?? VOID_MESSAGES.alreadyVoided);
}
