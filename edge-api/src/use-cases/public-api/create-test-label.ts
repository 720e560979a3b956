import { and, eq } from 'drizzle-orm';
import { type TestOrderRow, testOrders } from '../../db/schema/api-keys';
import type { Services } from '../../env';
import { isUniqueViolation } from '../../lib/db-errors';
import { idempotentRequest, replayOrConflict } from '../../lib/idempotency';
import { newId } from '../../lib/ids';
import { type CreateOrderData, orderRequestHash, purchasedColumns } from '../orders/order-columns';
import { pricePurchase } from '../orders/price-purchase';

/** A test tracking number: says TEST, so it can never be mistaken for (or collide with) a carrier's number. */
export function testTrackingNumber(carrier: string): string {
  const digits = Array.from(crypto.getRandomValues(new Uint8Array(12)), (b) => String(b % 10)).join('');
  return `TEST${carrier}${digits}`;
}

async function byKey(services: Services, userId: string, key: string): Promise<TestOrderRow | undefined> {
  const [row] = await services.db
    .select()
    .from(testOrders)
    .where(and(eq(testOrders.userId, userId), eq(testOrders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/**
 * POST /api/v1/create-label with a TEST key: the order is checked and priced exactly as a live purchase
 * (findOrderService + priceOrder: the same refusals, the same price) and its label made by the sandbox renderer, but
 * no money moves — no ledger row, no balance change, no provider purchase — and it is written to `test_orders`, a table
 * no list, count, statistic or job reads. The Idempotency-Key behaves as on live purchases.
 */
export async function createTestLabel(
  services: Services,
  input: {
    userId: string;
    request: CreateOrderData;
    idempotencyKey?: string | undefined;
    /** As createOrder's: the service the request named by id. */
    serviceId?: string | undefined;
  },
): Promise<{ kind: 'created' | 'replayed'; row: TestOrderRow }> {
  const { request, userId } = input;
  const idempotent = idempotentRequest(input.idempotencyKey, () => orderRequestHash(request));
  const replay = () =>
    replayOrConflict(
      idempotent,
      (key) => byKey(services, userId, key),
      async (first) => ({ kind: 'replayed' as const, row: first }),
    );
  const earlier = await replay();
  if (earlier) return earlier;

  const { found, priceCents } = await pricePurchase(services, userId, request, input.serviceId);
  const now = services.clock.now();
  const row: TestOrderRow = {
    id: newId('tord'),
    userId,
    ...purchasedColumns(found, priceCents, request, now),
    trackingNumber: testTrackingNumber(found.service.carrier),
    idempotencyKey: idempotent?.key ?? null,
    requestHash: idempotent?.hash ?? null,
    createdAt: now.toISOString(),
    voidedAt: null,
    voidIdempotencyKey: null,
    bulkOrderId: null,
    rowIndex: null,
  };
  try {
    await services.db.insert(testOrders).values(row);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const twin = await replay();
      if (twin) return twin;
    }
    throw err;
  }
  return { kind: 'created', row };
}
