import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { type OrderRow, orders, type User, users } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { ApiError } from '../../errors';

export type OrderOwner = Pick<User, 'id' | 'name' | 'email' | 'createdAt' | 'isAdmin'>;

/**
 * One order the caller may read: their own, or any order for an admin. Anyone else's order answers exactly like an
 * order that does not exist (404 'Order not found'), so ids cannot be probed. Failed purchases are readable too.
 */
export async function getReadableOrder(
  services: Services,
  input: { orderId: string; caller: Pick<AuthUser, 'id' | 'isAdmin'> },
): Promise<OrderRow> {
  const [row] = await services.db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!row || (row.userId !== input.caller.id && !input.caller.isAdmin)) {
    throw new ApiError('not_found', ORDER_MESSAGES.orderNotFound);
  }
  return row;
}

/** GET /api/orders/{id}: the order, with its owner for an admin caller (SPEC §3 userDetails are admin-only). */
export async function getOrder(
  services: Services,
  input: { orderId: string; caller: Pick<AuthUser, 'id' | 'isAdmin'> },
): Promise<{ row: OrderRow; owner?: OrderOwner }> {
  const row = await getReadableOrder(services, input);
  if (!input.caller.isAdmin) return { row };
  const [owner] = await services.db
    .select({ id: users.id, name: users.name, email: users.email, createdAt: users.createdAt, isAdmin: users.isAdmin })
    .from(users)
    .where(eq(users.id, row.userId))
    .limit(1);
  return owner ? { row, owner } : { row };
}
