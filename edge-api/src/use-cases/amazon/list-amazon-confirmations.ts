import type { AmazonConfirmation } from '@labeldesk/contracts';
import { asc, eq } from 'drizzle-orm';
import { type AmazonConfirmationRow, amazonConfirmations } from '../../db/schema';
import type { AuthUser, Services } from '../../env';
import { readableBulkOrder } from '../bulk-orders/bulk-order-reads';

export function presentConfirmation(row: AmazonConfirmationRow): AmazonConfirmation {
  return {
    orderId: row.orderId,
    amazonOrderId: row.amazonOrderId,
    status: row.status,
    reason: row.reason,
    confirmedAt: row.confirmedAt,
    updatedAt: row.updatedAt,
  };
}

/** GET /api/amazon/confirmations/{bulkOrderId}: each order's confirmation state (the owner's bulk order only). */
export async function listAmazonConfirmations(
  services: Services,
  input: { bulkOrderId: string; caller: Pick<AuthUser, 'id'> },
): Promise<AmazonConfirmation[]> {
  await readableBulkOrder(services, {
    bulkOrderId: input.bulkOrderId,
    caller: { id: input.caller.id, isAdmin: false },
  });
  const rows = await services.db
    .select()
    .from(amazonConfirmations)
    .where(eq(amazonConfirmations.bulkOrderId, input.bulkOrderId))
    .orderBy(asc(amazonConfirmations.id));
  return rows.map(presentConfirmation);
}
