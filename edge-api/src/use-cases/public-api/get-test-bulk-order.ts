import { BULK_MESSAGES, type BulkOrder, type BulkOrderDetailResponse } from '@labeldesk/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { type TestBulkOrderRow, testBulkOrders, testOrders } from '../../db/schema/api-keys';
import type { BulkOrderRow } from '../../db/schema/bulk-orders';
import { users } from '../../db/schema/users';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { NO_BULK_ROWS, presentBulkOrder } from '../../lib/presenters/bulk-order';
import { mergePdfs } from '../bulk-orders/build-combined-labels';
import { presentTestOrder, testLabelPdf } from './get-test-order';

/** A test bulk order the caller owns, or 404 exactly like a live bulk order that does not exist. */
async function readTestBulkOrder(
  services: Services,
  input: { bulkOrderId: string; userId: string },
): Promise<{ row: TestBulkOrderRow; ownerName: string }> {
  const [found] = await services.db
    .select({ row: testBulkOrders, ownerName: users.name })
    .from(testBulkOrders)
    .innerJoin(users, eq(users.id, testBulkOrders.userId))
    .where(and(eq(testBulkOrders.id, input.bulkOrderId), eq(testBulkOrders.userId, input.userId)))
    .limit(1);
  if (!found) throw new ApiError('not_found', BULK_MESSAGES.bulkOrderNotFound);
  return found;
}

function testBulkRows(services: Services, bulkOrderId: string) {
  return services.db
    .select()
    .from(testOrders)
    .where(eq(testOrders.bulkOrderId, bulkOrderId))
    .orderBy(asc(testOrders.rowIndex), asc(testOrders.id));
}

/**
 * GET /api/v1/bulk-orders/{id} with a test key: the caller's test bulk order in the live answer's shape (status
 * completed: every specimen was made when it was created; nothing failed, nothing refunded). Live bulk orders and
 * other customers' test ones answer 404.
 */
export async function getTestBulkOrder(
  services: Services,
  input: { bulkOrderId: string; userId: string },
): Promise<Omit<BulkOrderDetailResponse, 'user'>> {
  const { row, ownerName } = await readTestBulkOrder(services, input);
  const rows = await testBulkRows(services, row.id);
  return {
    bulkOrder: presentTestBulkOrder(row, ownerName, rows.length),
    orders: rows.map((order) => ({
      ...presentTestOrder(order),
      rowIndex: order.rowIndex,
      rowState: 'bought' as const,
      retryReason: null,
      nextAttemptAt: null,
    })),
    failedOrders: [],
  };
}

/**
 * A test bulk order in the live SPEC §3 Bulk order shape: completed (every specimen was made when it was created;
 * nothing failed, nothing refunded) with its `rowCount` specimens.
 */
export function presentTestBulkOrder(row: TestBulkOrderRow, ownerName: string, rowCount: number): BulkOrder {
  const asBulk: BulkOrderRow = {
    ...row,
    carrier: row.carrier as BulkOrderRow['carrier'],
    source: 'api',
    status: 'completed',
    failedOrderCount: 0,
    holdEntryId: '',
    labelsBlobKey: null,
    updatedAt: row.createdAt,
    completedAt: row.createdAt,
    stoppedAt: null,
    stopReason: null,
  };
  const counts = { ...NO_BULK_ROWS, completed: rowCount };
  return presentBulkOrder(asBulk, counts, { id: row.userId, name: ownerName, email: '' });
}

/** GET /api/v1/bulk-labels/{id} with a test key: the specimen labels of the caller's test bulk order, in row order. */
export async function getTestBulkLabels(
  services: Services,
  input: { bulkOrderId: string; userId: string },
): Promise<{ pdf: Uint8Array; labelCount: number }> {
  const { row } = await readTestBulkOrder(services, input);
  const rows = await testBulkRows(services, row.id);
  const pdf = await mergePdfs(rows.length, async (i) => testLabelPdf(rows[i] as (typeof rows)[number]));
  return { pdf, labelCount: rows.length };
}
