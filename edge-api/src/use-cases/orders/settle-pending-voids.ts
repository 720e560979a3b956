import { VOID_MESSAGES } from '@labeldesk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { errorMessage } from '../../lib/logger';
import { askProviderToVoid, creditVoidRefund } from './void-order';

/** Pending voids asked about per run of the periodic job (oldest first). */
export const SETTLE_VOIDS_BATCH = 100;

export type SettleOutcome = 'refunded' | 'pending' | 'rejected' | 'unavailable';

/**
 * One pending void: the provider is asked again (its void is idempotent and answers where the refund stands). Settled
 * → the price is credited (the void refund, at most once); still pending → asked again next run; refused (the carrier
 * scanned the parcel before the refund settled) → the void is dropped and the label stands again, nothing credited;
 * the provider could not be asked → next run.
 */
export async function settlePendingVoid(services: Services, order: OrderRow): Promise<SettleOutcome> {
  try {
    const label = await askProviderToVoid(services, order);
    if (label.status === 'void_pending') return 'pending';
    if (label.status === 'voided') {
      await creditVoidRefund(services, order, null);
      return 'refunded';
    }
    return reject(services, order, `the provider answered ${label.status}`);
  } catch (err) {
    // The carrier refused the refund (it scanned the parcel); an API removed meanwhile is not a refusal: asked again.
    if (err instanceof ApiError && err.message === VOID_MESSAGES.scanned) {
      return reject(services, order, err.logMessage ?? err.message);
    }
    services.log.warn('order.void_settle_failed', { orderId: order.id, detail: errorMessage(err) });
    return 'unavailable';
  }
}

async function reject(services: Services, order: OrderRow, detail: string): Promise<SettleOutcome> {
  const now = services.clock.now().toISOString();
  await services.db
    .update(orders)
    .set({ voidStatus: null, voidRequestedAt: null, voidIdempotencyKey: null, updatedAt: now })
    .where(and(eq(orders.id, order.id), eq(orders.voidStatus, 'pending')));
  services.log.warn('order.void_rejected', { orderId: order.id, detail });
  return 'rejected';
}

/** The periodic `orders.settle-voids` job: every pending void, oldest first, a bounded batch per run. */
export async function settlePendingVoids(
  services: Services,
  input: { limit: number },
): Promise<Record<SettleOutcome, number>> {
  const rows = await services.db
    .select()
    .from(orders)
    .where(eq(orders.voidStatus, 'pending'))
    .orderBy(asc(orders.voidRequestedAt))
    .limit(input.limit);
  const counts: Record<SettleOutcome, number> = { refunded: 0, pending: 0, rejected: 0, unavailable: 0 };
  for (const row of rows) counts[await settlePendingVoid(services, row)] += 1;
  return counts;
}
