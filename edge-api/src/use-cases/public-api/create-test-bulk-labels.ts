import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { type TestBulkOrderRow, type TestOrderRow, testBulkOrders, testOrders } from '../../db/schema/api-keys';
import type { Services } from '../../env';
import { isUniqueViolation } from '../../lib/db-errors';
import { idempotentRequest, replayOrConflict } from '../../lib/idempotency';
import { newId } from '../../lib/ids';
import { batch } from '../../ports/database';
import { getBalance } from '../balance/get-balance';
import {
  BULK_INSERT_CHUNK,
  type BulkProcessData,
  bulkRequestHash,
  checkBulkPurchase,
} from '../bulk-orders/bulk-purchase';
import { purchasedColumns } from '../orders/order-columns';
import { checkApiBulkRow } from './check-api-bulk-row';
import { testTrackingNumber } from './create-test-label';

export interface TestBulkLabelsResult {
  kind: 'created' | 'replayed';
  bulkOrder: TestBulkOrderRow;
  /** The caller's balance, untouched. */
  balanceCents: number;
}

async function byKey(services: Services, userId: string, key: string): Promise<TestBulkOrderRow | undefined> {
  const [row] = await services.db
    .select()
    .from(testBulkOrders)
    .where(and(eq(testBulkOrders.userId, userId), eq(testBulkOrders.idempotencyKey, key)))
    .limit(1);
  return row;
}

const TEST_ORDER_COLUMNS = Object.entries(getTableColumns(testOrders));
/** json_extract of every column of `test_orders`, in the table's order (INSERT … SELECT without a column list). */
const TEST_ORDER_SELECT = sql.raw(
  TEST_ORDER_COLUMNS.map(([, column]) => `json_extract(value, '$.${column.name}')`).join(', '),
);

/** Many test orders in one statement with one bound value (D1 allows 100 bound values per statement). */
function insertTestOrderRows(services: Services, rows: TestOrderRow[]) {
  const json = JSON.stringify(
    rows.map((row) =>
      Object.fromEntries(TEST_ORDER_COLUMNS.map(([key, column]) => [column.name, row[key as keyof TestOrderRow]])),
    ),
  );
  return services.db.insert(testOrders).select(sql`SELECT ${TEST_ORDER_SELECT} FROM json_each(${json})`);
}

/**
 * POST /api/v1/create-bulk-labels with a TEST key: the rows are checked and priced exactly as a live bulk order's
 * (checkBulkRows with the same row checker: the same refusals, naming the same rows, and the same prices), then the
 * whole bulk order is written at once — a `test_bulk_orders` row and one `test_orders` specimen per row (a TEST
 * tracking number, the sandbox's specimen label) — with no hold, no ledger row, no provider purchase and no job. It is
 * complete at once. The Idempotency-Key behaves as on live bulk orders (same body: the first answer; another: 409).
 */
export async function createTestBulkLabels(
  services: Services,
  input: { userId: string; request: BulkProcessData; idempotencyKey?: string | undefined },
): Promise<TestBulkLabelsResult> {
  const { request, userId } = input;
  const idempotent = idempotentRequest(input.idempotencyKey, () => bulkRequestHash(request));
  const replay = () =>
    replayOrConflict(
      idempotent,
      (key) => byKey(services, userId, key),
      async (first): Promise<TestBulkLabelsResult> => ({
        kind: 'replayed',
        bulkOrder: first,
        balanceCents: await getBalance(services, { userId }),
      }),
    );
  const earlier = await replay();
  if (earlier) return earlier;

  const checked = await checkBulkPurchase(services, { userId, request, checkRow: checkApiBulkRow });
  const { found } = checked;

  const now = services.clock.now();
  const at = now.toISOString();
  const bulkOrderId = newId('tblk');
  const orderRows: TestOrderRow[] = checked.rows.map((r) => ({
    id: newId('tord'),
    userId,
    ...purchasedColumns(found, r.priceCents, r.request, now),
    trackingNumber: testTrackingNumber(found.service.carrier),
    idempotencyKey: null,
    requestHash: null,
    createdAt: at,
    voidedAt: null,
    voidIdempotencyKey: null,
    bulkOrderId,
    rowIndex: r.rowIndex,
  }));
  const bulkOrder: TestBulkOrderRow = {
    id: bulkOrderId,
    userId,
    apiId: found.api.id,
    apiName: found.api.name,
    serviceId: found.service.id,
    carrier: found.service.carrier,
    serviceName: found.service.name,
    template: found.service.carrier === 'USPS' ? request.template?.trim().toUpperCase() || 'BASIC' : null,
    orderCount: orderRows.length,
    totalPriceCents: checked.totalPriceCents,
    idempotencyKey: idempotent?.key ?? null,
    requestHash: idempotent?.hash ?? null,
    createdAt: at,
  };
  const inserts = [];
  for (let i = 0; i < orderRows.length; i += BULK_INSERT_CHUNK) {
    inserts.push(insertTestOrderRows(services, orderRows.slice(i, i + BULK_INSERT_CHUNK)));
  }
  try {
    // The bulk order first: a twin request with the same Idempotency-Key fails on its unique index.
    await batch(services.db, [services.db.insert(testBulkOrders).values(bulkOrder), ...inserts]);
  } catch (err) {
    if (isUniqueViolation(err)) {
      const twin = await replay();
      if (twin) return twin;
    }
    throw err;
  }
  return { kind: 'created', bulkOrder, balanceCents: await getBalance(services, { userId }) };
}
