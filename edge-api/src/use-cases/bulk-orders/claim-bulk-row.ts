import { and, asc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import {
  bulkOrders,
  type OrderRow,
  orderAttempts,
  orders,
  providerApiOf,
  providerBreakers,
  shippingApis,
  shippingServices,
} from '../../db/schema';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { batch, reusableStatement } from '../../ports/database';
import { type FailoverPlan, type ReadResults, readPlan } from '../provider-failover/failover-plan';

/**
 * What a bulk row needs before its provider is asked, in ONE batch (one transaction, one commit) instead of three
 * round trips (the row's claim, its API config, the purchase plan's batch): a bulk row is the engine's unit of work,
 * and at 10,000 rows each commit and each statement built per row is paid 10,000 times.
 *
 * The batch claims the row (purchase_attempts + 1, only while it is processing and its bulk order not stopped), reads
 * its API config, records the live purchase's attempt on that API (`unknown`, before the call) and reads the plan's
 * breaker, earlier attempts and failover targets — each statement names the order by id and reads what it needs of
 * it from the row itself, so nothing depends on a read made before the batch. The attempt is recorded only when the
 * claim happened (`changes()` of the claim, in the same transaction), for a live order still inside the
 * reconciliation window (an older row is refunded without asking, as before) whose API still exists (a deleted one
 * refunds the row without asking, as before). Every statement is built once per
 * database (reusableStatement) and only filled in per row.
 */

const p = (name: string): SQL => sql`${sql.placeholder(name)}`;
/** The claimed order's own column, read in the statement that needs it (the order is named by placeholder `id`). */
const orderColumn = (column: SQL) => sql`(SELECT ${column} FROM ${orders} WHERE ${orders.id} = ${p('id')})`;
const providerApiIdOfOrder = orderColumn(sql`COALESCE(${orders.providerApiId}, ${orders.apiId})`);

const claimRow = reusableStatement((db) =>
  db
    .update(orders)
    .set({ purchaseAttempts: sql`${orders.purchaseAttempts} + 1`, updatedAt: p('now') })
    .where(
      and(
        eq(orders.id, p('id')),
        eq(orders.status, 'processing'),
        sql`NOT EXISTS (SELECT 1 FROM ${bulkOrders} WHERE ${bulkOrders.id} = ${orders.bulkOrderId} AND ${bulkOrders.stoppedAt} IS NOT NULL)`,
      ),
    )
    .returning(),
);

const apiConfigOfOrder = reusableStatement((db) =>
  db.select().from(shippingApis).where(eq(shippingApis.id, providerApiIdOfOrder)).limit(1),
);

/** The attempt on the order's current API (providerApiOf: the provider API, else the chosen one). */
const recordAttempt = reusableStatement((db) =>
  db
    .insert(orderAttempts)
    .select(
      db
        .select({
          id: sql<string>`${p('attemptId')}`.as('id'),
          orderId: orders.id,
          apiId: sql<string>`COALESCE(${orders.providerApiId}, ${orders.apiId})`.as('api_id'),
          apiName: sql<string>`CASE WHEN ${orders.providerApiId} IS NOT NULL
            THEN COALESCE(${orders.providerApiName}, ${orders.apiName}) ELSE ${orders.apiName} END`.as('api_name'),
          outcome: sql<'unknown'>`'unknown'`.as('outcome'),
          error: sql<null>`NULL`.as('error'),
          createdAt: sql<string>`${p('now')}`.as('created_at'),
        })
        .from(orders)
        .where(
          and(
            eq(orders.id, p('id')),
            sql`changes() = 1`,
            eq(orders.livemode, true),
            sql`${orders.createdAt} >= ${p('windowStart')}`,
            sql`EXISTS (SELECT 1 FROM ${shippingApis} WHERE ${shippingApis.id} = COALESCE(${orders.providerApiId}, ${orders.apiId}))`,
          ),
        ),
    )
    .returning({ id: orderAttempts.id }),
);

const earlierAttempt = reusableStatement((db) =>
  db
    .select({ id: orderAttempts.id })
    .from(orderAttempts)
    .where(
      and(
        eq(orderAttempts.orderId, p('id')),
        ne(orderAttempts.id, p('attemptId')),
        inArray(orderAttempts.outcome, ['unknown', 'bought']),
      ),
    )
    .limit(1),
);

const breakerOfOrderApi = reusableStatement((db) =>
  db
    .select({
      failures: providerBreakers.failures,
      openUntil: providerBreakers.openUntil,
      probeUntil: providerBreakers.probeUntil,
    })
    .from(providerBreakers)
    .where(eq(providerBreakers.apiId, providerApiIdOfOrder))
    .limit(1),
);

/** failover-plan's targetsQuery, with the order's carrier, service and APIs read from the order row itself. */
const targetsOfOrder = reusableStatement((db) =>
  db
    .select({
      id: shippingApis.id,
      name: shippingApis.name,
      keyCiphertext: shippingApis.keyCiphertext,
      baseUrl: shippingApis.baseUrl,
      kind: shippingApis.kind,
      maxWeight: shippingServices.maxWeight,
      weightUnit: shippingServices.weightUnit,
      failures: providerBreakers.failures,
      openUntil: providerBreakers.openUntil,
      probeUntil: providerBreakers.probeUntil,
    })
    .from(shippingServices)
    .innerJoin(shippingApis, eq(shippingApis.id, shippingServices.apiId))
    .innerJoin(orders, eq(orders.id, p('id')))
    .leftJoin(providerBreakers, eq(providerBreakers.apiId, shippingApis.id))
    .where(
      and(
        eq(shippingServices.carrier, orders.carrier),
        eq(shippingServices.serviceCode, orders.serviceCode),
        eq(shippingServices.enabled, true),
        eq(shippingServices.active, true),
        eq(shippingApis.enabled, true),
        or(eq(shippingApis.failoverTarget, true), eq(shippingApis.id, orders.apiId)),
        ne(shippingApis.id, sql`COALESCE(${orders.providerApiId}, ${orders.apiId})`),
      ),
    )
    .orderBy(asc(shippingApis.priority), asc(shippingApis.createdAt), asc(shippingApis.id)),
);

export interface ClaimedBulkRow {
  order: OrderRow;
  /** The order's API config as the batch read it (undefined: the API was deleted). */
  api: ShippingApiRow | undefined;
  /** A live order's plan with its attempt recorded; null for a test order or a row past the reconciliation window. */
  plan: FailoverPlan | null;
}

/**
 * Claims an open bulk row and plans its purchase in one batch (see above). Null when the row was not claimed (settled,
 * in reconciliation, its bulk order stopped, or unknown): the caller reads it and decides as before.
 */
export async function claimBulkRow(
  services: Services,
  input: { orderId: string; now: Date; windowStart: string },
): Promise<ClaimedBulkRow | null> {
  const { db } = services;
  const attemptId = newId('att');
  const values = { id: input.orderId, now: input.now.toISOString(), attemptId, windowStart: input.windowStart };
  const [claimed, apis, recorded, ...reads] = await batch(db, [
    claimRow(db, values),
    apiConfigOfOrder(db, values),
    recordAttempt(db, values),
    earlierAttempt(db, values),
    breakerOfOrderApi(db, values),
    targetsOfOrder(db, values),
  ] as const);
  const order = claimed[0];
  if (!order) return null;
  const api = apis[0];
  if (recorded.length === 0) return { order, api, plan: null };
  const first = providerApiOf(order);
  return { order, api, plan: { attemptId, ...readPlan(order, first.id, reads as unknown as ReadResults) } };
}
