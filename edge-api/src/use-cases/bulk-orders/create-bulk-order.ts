import { BULK_MESSAGES, ORDER_MESSAGES } from '@labeldesk/contracts';
import { formatUsd, roundUsdToCents } from '@labeldesk/pricing';
import { and, eq, getTableColumns, type SQL, sql } from 'drizzle-orm';
import { type BulkOrderRow, bulkOrders, type LedgerEntryRow, orders, PENDING_TRACKING_NUMBER } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { idempotentRequest, replayOrConflict, requestHash } from '../../lib/idempotency';
import { newId } from '../../lib/ids';
import { yieldToEventLoop } from '../../lib/yield-to-event-loop';
import { batch } from '../../ports/database';
import { getBalance } from '../balance/get-balance';
import { balanceChangeError, balanceChangeStatements } from '../ledger/apply-balance-change';
import { party, storedPackage } from '../orders/order-columns';
import { estimateDelivery, type OrderService } from '../orders/price-order';
import { testEndpointOf } from '../shipping-apis/connect-provider';
import { noLedgerEntryId, reserveTestLabels, testQuotaError } from '../test-mode/test-mode';
import { BULK_INSERT_CHUNK, type BulkProcessData, bulkRequestHash, checkBulkPurchase } from './bulk-purchase';
import { enqueueBulkRows } from './enqueue-bulk-rows';
import { type BulkRowCounts, countBulkRows } from './settle-bulk-order';
import type { RowChecker, ValidBulkRow } from './validate-bulk-order';

export interface CreateBulkOrderInput {
  userId: string;
  request: BulkProcessData;
  /** The Idempotency-Key header (already checked: 1-255 visible ASCII characters). */
  idempotencyKey?: string | undefined;
  source?: BulkOrderRow['source'];
  /** Reads each row's `data` (default: a CSV row); see RowChecker. */
  checkRow?: RowChecker | undefined;
  /**
   * What an Idempotency-Key is bound to, when it is more than `request` (default: `request`): the public API's
   * `partial: true` buys only the valid orders, and a retry whose rejected orders differ is another request (409).
   */
  requestFingerprint?: unknown;
  /**
   * false: a TEST-key bulk order (README "Test mode"): the same checks, prices, queue and purchases, at the sandbox of
   * the API's kind, within the daily test quota; no hold and no balance check. Default true.
   */
  livemode?: boolean;
}

/** created: written now (201); replayed: the bulk order an earlier request with the same key and body created (200). */
export interface CreateBulkOrderResult {
  kind: 'created' | 'replayed';
  bulkOrder: BulkOrderRow;
  counts: BulkRowCounts;
  balanceCents: number;
}

const holdKey = (bulkOrderId: string): string => `bulk:${bulkOrderId}:hold`;

async function bulkByKey(
  services: Services,
  userId: string,
  livemode: boolean,
  key: string,
): Promise<BulkOrderRow | undefined> {
  const [row] = await services.db
    .select()
    .from(bulkOrders)
    .where(and(eq(bulkOrders.userId, userId), eq(bulkOrders.livemode, livemode), eq(bulkOrders.idempotencyKey, key)))
    .limit(1);
  return row;
}

/** The answer to a replay (same key, same body): the first bulk order as it stands now. */
async function replay(services: Services, first: BulkOrderRow): Promise<CreateBulkOrderResult> {
  return {
    kind: 'replayed',
    bulkOrder: first,
    counts: await countBulkRows(services, first.id),
    balanceCents: await getBalance(services, { userId: first.userId }),
  };
}

/** One order row of the bulk order, as the JSON object json_each reads. */
function orderJson(
  input: { userId: string; bulkOrderId: string; holdEntryId: string; livemode: boolean; now: Date },
  found: OrderService,
  checked: ValidBulkRow,
) {
  const { request, priceCents } = checked;
  const recipient = party(request.recipient);
  const at = input.now.toISOString();
  const orderNumber = checked.row?.orderNumber.trim() ?? '';
  const sku = checked.row?.sku.trim() ?? '';
  return {
    id: newId('ord'),
    user_id: input.userId,
    api_id: found.api.id,
    api_name: found.api.name,
    service_id: found.service.id,
    carrier: found.service.carrier,
    service_name: found.service.name,
    service_code: found.service.serviceCode,
    price_cents: priceCents,
    sender_json: JSON.stringify(party(request.sender)),
    recipient_json: JSON.stringify(recipient),
    package_json: JSON.stringify(storedPackage(request)),
    recipient_name: recipient.name,
    destination: `${recipient.city}, ${recipient.state}`,
    estimated_delivery: estimateDelivery(found.service.transitMaxDays, input.now),
    debit_entry_id: input.holdEntryId,
    livemode: input.livemode ? 1 : 0,
    amazon_order_id: orderNumber || null,
    sku: sku || null,
    reference: request.reference || null,
    bulk_order_id: input.bulkOrderId,
    row_index: checked.rowIndex,
    created_at: at,
    updated_at: at,
  };
}
type OrderJson = ReturnType<typeof orderJson>;

/** What every row of a bulk order starts with, spelled out (SQL constants in the SELECT below, not sent per row). */
const ORDER_DEFAULTS: Record<string, string | number | null> = {
  source: 'bulk',
  status: 'processing',
  delivery_status: 'pending',
  tracking_number: PENDING_TRACKING_NUMBER,
  tracking_events_json: '[]',
  reconcile_attempts: 0,
  purchase_attempts: 0,
};

const sqlLiteral = (value: string | number | null): string =>
  value === null ? 'NULL' : typeof value === 'number' ? String(value) : `'${value.replaceAll("'", "''")}'`;

/**
 * Every column of `orders`, in the table's order (what INSERT … SELECT without a column list fills): a row's own value
 * from its JSON array (`value ->> i`, `columns` naming the array's items), a constant from ORDER_DEFAULTS, else NULL.
 */
const orderSelects = new Map<string, SQL>();
function orderSelectList(columns: readonly string[]): SQL {
  const key = columns.join(',');
  let select = orderSelects.get(key);
  if (!select) {
    select = sql.raw(
      Object.values(getTableColumns(orders))
        .map((column) => {
          const i = columns.indexOf(column.name);
          return i >= 0 ? `value ->> ${i}` : sqlLiteral(ORDER_DEFAULTS[column.name] ?? null);
        })
        .join(', '),
    );
    orderSelects.set(key, select);
  }
  return select;
}

/**
 * Many order rows in ONE statement with ONE bound value: the rows travel as a JSON text of arrays (their own columns
 * only; the rest are constants) and SQLite spreads them (json_each), so a 10,000-row bulk order is twenty statements
 * on libSQL and on D1 (100 bound values at most per statement).
 */
function insertOrderRows(services: Services, rows: OrderJson[]) {
  const first = rows[0];
  if (!first) throw new Error('no order rows to insert');
  const columns = Object.keys(first);
  const json = JSON.stringify(rows.map((row) => Object.values(row)));
  return services.db.insert(orders).select(sql`SELECT ${orderSelectList(columns)} FROM json_each(${json})`);
}

/**
 * POST /api/orders/bulk/process. Every row is checked and priced again on the server (the client's prices and total
 * are never trusted): an invalid row → 400 naming the rows; a repeated rowIndex → 400; a row price or a total that
 * differs from the server's → 409 with the new total. Then ONE batch writes the bulk order, one `orders` row per CSV
 * row (`processing`, source bulk, its debit = the hold) and the hold (a ledger debit of the total, reference = the bulk
 * order, plus total spend): an overdraft fails the whole batch on the users CHECK (402, nothing written). The rows are
 * then queued, one `bulk.buy-row` job each (ids only); a failure to queue is logged — bulk.resume-due finds the rows.
 * An Idempotency-Key makes a retried request answer the first bulk order (another body with it: 409).
 */
export async function createBulkOrder(services: Services, input: CreateBulkOrderInput): Promise<CreateBulkOrderResult> {
  const { request, userId } = input;
  const live = input.livemode ?? true;
  const idempotent = idempotentRequest(input.idempotencyKey, () =>
    input.requestFingerprint === undefined ? bulkRequestHash(request) : requestHash(input.requestFingerprint),
  );
  const replayed = () =>
    replayOrConflict(
      idempotent,
      (key) => bulkByKey(services, userId, live, key),
      (first) => replay(services, first),
    );
  const earlier = await replayed();
  if (earlier) return earlier;

  const { orders: rows, totalPrice, template: selectedTemplate } = request;
  const checked = await checkBulkPurchase(services, { userId, request, checkRow: input.checkRow });
  const { found } = checked;
  const totalCents = checked.totalPriceCents;
  const changed = checked.rows.filter((r, i) => {
    const seenPrice = rows[i]?.price;
    return seenPrice !== undefined && roundUsdToCents(seenPrice) !== r.priceCents;
  });
  if (changed.length > 0 || (totalPrice !== undefined && roundUsdToCents(totalPrice) !== totalCents)) {
    throw new ApiError('conflict', BULK_MESSAGES.totalMismatch(formatUsd(totalCents)), {
      details: changed.map((r) => ({
        path: `orders.${r.rowIndex}.price`,
        message: `Row ${r.rowIndex + 1}: ${ORDER_MESSAGES.priceChanged(formatUsd(r.priceCents))}`,
      })),
    });
  }

  if (!live) {
    // Never the real upstream (503 without a sandbox of the API's kind). The rows are reserved from the daily test
    // quota by the batch below (reserveTestLabels).
    testEndpointOf(services, found.api);
  }

  const { db, clock } = services;
  const now = clock.now();
  const at = now.toISOString();
  const bulkOrderId = newId('blk');
  const holdEntryId = live ? newId('txn') : noLedgerEntryId();
  const ids = { userId, bulkOrderId, holdEntryId, livemode: live, now };
  const orderRows: OrderJson[] = [];
  const inserts = [];
  // The rows and their INSERTs are built in chunks, letting other requests in between.
  for (let i = 0; i < checked.rows.length; i += BULK_INSERT_CHUNK) {
    await yieldToEventLoop();
    const chunk = checked.rows.slice(i, i + BULK_INSERT_CHUNK).map((r) => orderJson(ids, found, r));
    orderRows.push(...chunk);
    inserts.push(insertOrderRows(services, chunk));
  }
  const template = found.service.carrier === 'USPS' ? selectedTemplate?.trim().toUpperCase() || 'BASIC' : null;

  // A test bulk order holds nothing: its rows move no money (README "Test mode").
  const hold = live
    ? balanceChangeStatements(
        db,
        {
          userId,
          change: { kind: 'amount', type: 'debit', amountCents: totalCents },
          method: 'label_purchase',
          description: `Bulk label purchase: ${orderRows.length} × ${found.service.name} (${bulkOrderId})`,
          reference: bulkOrderId,
          idempotencyKey: holdKey(bulkOrderId),
          entryId: holdEntryId,
          addToTotalSpendCents: totalCents,
        },
        at,
      )
    : null;
  let bulkOrder: BulkOrderRow | undefined;
  let balanceAfterCents: number | null | undefined;
  try {
    const quota = live ? [] : [reserveTestLabels(services, userId, orderRows.length)];
    const results = await batch(db, [
      // The bulk order first: a twin request with the same Idempotency-Key fails on its unique index.
      db
        .insert(bulkOrders)
        .values({
          id: bulkOrderId,
          userId,
          source: input.source ?? 'web',
          status: 'processing',
          apiId: found.api.id,
          apiName: found.api.name,
          serviceId: found.service.id,
          carrier: found.service.carrier,
          serviceName: found.service.name,
          template,
          orderCount: orderRows.length,
          totalPriceCents: totalCents,
          holdEntryId,
          livemode: live,
          idempotencyKey: idempotent?.key ?? null,
          requestHash: idempotent?.hash ?? null,
          createdAt: at,
          updatedAt: at,
        })
        .returning(),
      ...quota,
      ...inserts,
      ...(hold?.statements ?? []),
    ]);
    bulkOrder = (results[0] as BulkOrderRow[])[0];
    balanceAfterCents = hold
      ? (results[quota.length + 1 + inserts.length + hold.entryStatementIndex] as LedgerEntryRow[])[0]
          ?.balanceAfterCents
      : await getBalance(services, { userId });
  } catch (err) {
    if (isUniqueViolation(err, 'bulk_orders.idempotency_key')) {
      const twin = await replayed();
      if (twin) return twin;
    }
    throw testQuotaError(services, userId, err) ?? balanceChangeError(err) ?? err;
  }
  if (!bulkOrder || typeof balanceAfterCents !== 'number') {
    throw new Error(`bulk order ${bulkOrderId} or its hold missing after its batch`);
  }

  await enqueueBulkRows(
    services,
    orderRows.map((r) => ({ id: r.id, bulkOrderId, apiId: r.api_id })),
  );
  return {
    kind: 'created',
    bulkOrder,
    counts: { total: orderRows.length, completed: 0, failed: 0, open: orderRows.length },
    balanceCents: balanceAfterCents,
  };
}
