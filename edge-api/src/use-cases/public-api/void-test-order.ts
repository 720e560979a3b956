import { VOID_MESSAGES, whyNotVoidable } from '@labeldesk/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { type TestOrderRow, testOrders } from '../../db/schema/api-keys';
import type { OrderRow } from '../../db/schema/orders';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { getTestOrder } from './get-test-order';

/**
 * POST /api/v1/orders/{id}/void with a TEST key: the same rules as a live void (the caller's own test order, else 404;
 * the carrier's window; voided once, then 409, or the first answer again for the same Idempotency-Key), but no
 * provider is asked and no money moves (nothing was charged). The specimen is marked voided.
 */
export async function voidTestOrder(
  services: Services,
  input: { orderId: string; userId: string; idempotencyKey?: string | undefined },
): Promise<{ row: TestOrderRow; replayed: boolean }> {
  const row = await getTestOrder(services, input);
  const settled = (current: TestOrderRow) => {
    if (input.idempotencyKey && current.voidIdempotencyKey === input.idempotencyKey) {
      return { row: current, replayed: true };
    }
    throw new ApiError('conflict', VOID_MESSAGES.alreadyVoided);
  };
  if (row.voidedAt) return settled(row);
  const why = whyNotVoidable(
    {
      status: 'completed',
      voidStatus: null,
      deliveryStatus: 'pending',
      createdAt: row.createdAt,
      carrier: row.carrier as OrderRow['carrier'],
    },
    services.clock.now(),
  );
  if (why) throw new ApiError('conflict', why);
  const [voided] = await services.db
    .update(testOrders)
    .set({ voidedAt: services.clock.now().toISOString(), voidIdempotencyKey: input.idempotencyKey ?? null })
    .where(and(eq(testOrders.id, row.id), isNull(testOrders.voidedAt)))
    .returning();
  if (voided) return { row: voided, replayed: false };
  return settled(await getTestOrder(services, input));
}
