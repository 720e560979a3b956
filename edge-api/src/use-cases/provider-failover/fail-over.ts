import { and, eq, inArray, sql } from 'drizzle-orm';
import { type OrderRow, orderAttempts, orders } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import { breakerFailureUpsert, noteBreakerOpened } from './circuit-breaker';
import { recordAttemptAfterMove } from './failover-plan';

export interface FailOverInput {
  order: OrderRow;
  /** The API the purchase leaves, and its attempt (recorded `unknown` before the call). */
  from: string;
  attemptId: string;
  /** `failed_over`: it failed before anything was bought; `skipped`: its breaker was open, it was not asked. */
  outcome: 'failed_over' | 'skipped';
  error: string;
  /** A failure to count on the breaker of the API it leaves (its log message); none for a skip. */
  breakerFailure?: string | undefined;
  to: { id: string; name: string };
}

/**
 * The bookkeeping of one failover in one batch (one round trip, atomic; it is all a failover adds to a purchase besides
 * the failed call): moves the open order to the next API (compare-and-set on the API it leaves), records the attempt
 * there before it is asked — only when the move happened (`changes()` of the move, in the same transaction) —, settles
 * the attempt it leaves and counts the failure on that API's breaker. Returns the new attempt's id, or null when the
 * order was settled or moved meanwhile (then only the settled attempt and the breaker changed).
 */
export async function failOver(services: Services, input: FailOverInput): Promise<string | null> {
  const next = newId('att');
  const [move, recordNext] = moveOrder(services, {
    order: input.order,
    from: input.from,
    to: input.to,
    next,
    now: services.clock.now().toISOString(),
  });
  const settle = services.db
    .update(orderAttempts)
    .set({ outcome: input.outcome, error: input.error })
    .where(eq(orderAttempts.id, input.attemptId));
  const nowIso = services.clock.now().toISOString();
  const failure = input.breakerFailure;
  const upsert = failure ? [breakerFailureUpsert(services, input.from, failure, nowIso)] : [];
  const [moved, , , breaker] = await batch(services.db, [move, recordNext, settle, ...upsert] as const);
  if (breaker) await noteBreakerOpened(services, input.from, breaker, nowIso);
  return moved.length > 0 ? next : null;
}

/**
 * Moves an open order from one API to the next (compare-and-set on the API it leaves) and records the attempt there
 * before it is asked, only when the move happened: two statements, for a batch (the move answers its id, or nothing).
 */
function moveOrder(
  services: Services,
  m: { order: OrderRow; from: string; to: { id: string; name: string }; next: string; now: string },
) {
  const move = services.db
    .update(orders)
    .set({ providerApiId: m.to.id, providerApiName: m.to.name, updatedAt: m.now })
    .where(
      and(
        eq(orders.id, m.order.id),
        inArray(orders.status, ['processing', 'pending_reconciliation']),
        sql`COALESCE(${orders.providerApiId}, ${orders.apiId}) = ${m.from}`,
      ),
    )
    .returning({ id: orders.id });
  return [move, recordAttemptAfterMove(services, { orderId: m.order.id, next: m.next, now: m.now })] as const;
}
