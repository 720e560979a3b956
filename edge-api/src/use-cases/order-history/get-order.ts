import type { LabelFormat, OrderAttempt } from '@labeldesk/contracts';
import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { type OrderRow, orderAttempts, orders, type User, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { labelFormatsOf } from '../label-settings/label-formats-of';
import { inCallersMode, type ModeCaller } from '../test-mode/test-mode';

export type OrderOwner = Pick<User, 'id' | 'name' | 'email' | 'createdAt' | 'isAdmin'>;

/**
 * One order the caller may read: their own, or any order for an admin. Anyone else's order answers exactly like an
 * order that does not exist (404 'Order not found'), so ids cannot be probed. Failed purchases are readable too. A
 * test order is read only by a test key (ModeCaller): sessions see live orders only.
 */
export async function getReadableOrder(
  services: Services,
  input: { orderId: string; caller: ModeCaller },
): Promise<OrderRow> {
  const [row] = await services.db.select().from(orders).where(eq(orders.id, input.orderId)).limit(1);
  if (!row || (row.userId !== input.caller.id && !input.caller.isAdmin) || !inCallersMode(row, input.caller)) {
    throw new ApiError('not_found', ORDER_MESSAGES.orderNotFound);
  }
  return row;
}

/**
 * GET /api/orders/{id}: the order, the formats its label can be had in, and its owner for an admin caller (SPEC §3
 * userDetails are admin-only).
 */
export async function getOrder(
  services: Services,
  input: { orderId: string; caller: ModeCaller },
): Promise<{ row: OrderRow; labelFormats: LabelFormat[]; owner?: OrderOwner; attempts?: OrderAttempt[] }> {
  const row = await getReadableOrder(services, input);
  const labelFormats = (await labelFormatsOf(services, [row])).get(row.id) ?? [];
  if (!input.caller.isAdmin) return { row, labelFormats };
  const [[owner], attempts] = await Promise.all([
    services.db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        createdAt: users.createdAt,
        isAdmin: users.isAdmin,
      })
      .from(users)
      .where(eq(users.id, row.userId))
      .limit(1),
    listOrderAttempts(services, row.id),
  ]);
  return owner ? { row, labelFormats, owner, attempts } : { row, labelFormats, attempts };
}

/** Every provider API asked for an order's label, oldest first (admin order details). */
export async function listOrderAttempts(services: Services, orderId: string): Promise<OrderAttempt[]> {
  const rows = await services.db
    .select()
    .from(orderAttempts)
    .where(eq(orderAttempts.orderId, orderId))
    .orderBy(asc(orderAttempts.id))
    .limit(100);
  return rows.map((r) => ({ apiId: r.apiId, apiName: r.apiName, outcome: r.outcome, error: r.error, at: r.createdAt }));
}
