import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import {
  type OrderAttemptOutcome,
  type OrderRow,
  orderAttempts,
  orders,
  providerBreakers,
  shippingApis,
  shippingServices,
} from '../../db/schema';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { readPackage } from '../../lib/presenters/order';
import { batch, type Db, reusableStatement } from '../../ports/database';
import type { ProviderError } from '../../ports/label-provider';
import { type BreakerSnapshot, likelyOpen, noteBreaker } from './circuit-breaker';

/** An API a purchase may be bought through, with what the failover needs to know about it. */
export interface PurchaseApi {
  api: Pick<ShippingApiRow, 'id' | 'name' | 'keyCiphertext' | 'baseUrl' | 'kind'>;
  breaker: BreakerSnapshot;
}

/** What the purchase knows before it asks the first provider: one batch, one round trip. */
export interface FailoverPlan {
  /** The attempt recorded (as `unknown`) before the call; settled after it. */
  attemptId: string;
  /** The breaker of the API asked first. */
  breaker: BreakerSnapshot;
  /** An earlier attempt of this order had an unclear outcome (or never finished): a label may exist; no failover. */
  mayHaveLabel: boolean;
  /** Other APIs selling the same carrier service within its weight, in failover order. */
  targets: PurchaseApi[];
  /**
   * Set when the chosen API's breaker was open and the plan skipped it in its own write (see planPurchase): the order
   * now stands on this API, and `attemptId` is its attempt there.
   */
  skippedTo?: PurchaseApi;
}

const OZ_PER_LB = 16;

function weightFits(
  pkg: { weight: number; weightUnit: 'lbs' | 'oz' },
  svc: { maxWeight: number | null; weightUnit: 'lbs' | 'oz' },
) {
  if (svc.maxWeight === null || svc.maxWeight <= 0) return true;
  const inOz = (w: number, unit: 'lbs' | 'oz') => (unit === 'oz' ? w : w * OZ_PER_LB);
  return inOz(pkg.weight, pkg.weightUnit) <= inOz(svc.maxWeight, svc.weightUnit) + 1e-9;
}

/** The plan's reads: an earlier attempt that may have left a label, the first API's breaker, the failover targets. */
function planReads(services: Services, order: OrderRow, firstId: string, exceptAttempt: string) {
  return [
    services.db
      .select({ id: orderAttempts.id })
      .from(orderAttempts)
      .where(
        and(
          eq(orderAttempts.orderId, order.id),
          ne(orderAttempts.id, exceptAttempt),
          inArray(orderAttempts.outcome, ['unknown', 'bought']),
        ),
      )
      .limit(1),
    services.db
      .select({
        failures: providerBreakers.failures,
        openUntil: providerBreakers.openUntil,
        probeUntil: providerBreakers.probeUntil,
      })
      .from(providerBreakers)
      .where(eq(providerBreakers.apiId, firstId))
      .limit(1),
    targetsQuery(services, order, firstId),
  ] as const;
}

/** Other APIs selling the order's carrier service (any weight), with their breakers, in failover order. */
function targetsQuery(services: Services, order: OrderRow, firstId: string) {
  return services.db
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
    .leftJoin(providerBreakers, eq(providerBreakers.apiId, shippingApis.id))
    .where(
      and(
        eq(shippingServices.carrier, order.carrier),
        eq(shippingServices.serviceCode, order.serviceCode),
        eq(shippingServices.enabled, true),
        eq(shippingServices.active, true),
        eq(shippingApis.enabled, true),
        // The chosen API may always take its own order back (after a failover target failed too).
        or(eq(shippingApis.failoverTarget, true), eq(shippingApis.id, order.apiId)),
        ne(shippingApis.id, firstId),
      ),
    )
    .orderBy(asc(shippingApis.priority), asc(shippingApis.createdAt), asc(shippingApis.id));
}

type PlanReads = ReturnType<typeof planReads>;
export type ReadResults = readonly [Awaited<PlanReads[0]>, Awaited<PlanReads[1]>, Awaited<PlanReads[2]>];

/** The targets that fit the parcel, each once, by priority; every breaker seen becomes a hint. */
function fittingTargets(order: OrderRow, targets: ReadResults[2]): PurchaseApi[] {
  const pkg = readPackage(order.packageJson);
  const seen = new Set<string>();
  const fitting: PurchaseApi[] = [];
  for (const t of targets) {
    if (seen.has(t.id)) continue;
    seen.add(t.id);
    const breaker =
      t.failures === null ? null : { failures: t.failures, openUntil: t.openUntil, probeUntil: t.probeUntil };
    noteBreaker(t.id, breaker);
    if (!pkg || !weightFits(pkg, t)) continue;
    fitting.push({
      api: { id: t.id, name: t.name, keyCiphertext: t.keyCiphertext, baseUrl: t.baseUrl, kind: t.kind },
      breaker,
    });
  }
  return fitting;
}

/** The reads' answer. */
export function readPlan(order: OrderRow, firstId: string, [earlier, breakers, targets]: ReadResults) {
  const breaker = breakers[0] ?? null;
  noteBreaker(firstId, breaker);
  return { breaker, mayHaveLabel: earlier.length > 0, targets: fittingTargets(order, targets) };
}

/**
 * Records the attempt on `apiId` before the provider is asked ("record each attempt before the call": a crash mid-call
 * leaves it `unknown`, which forbids a later failover), and reads, in the same batch, the breaker of that API, whether
 * an earlier attempt may have left a label, and the failover targets.
 *
 * When a recent read saw the chosen API's breaker open (likelyOpen, a per-process hint), the one batch plans the skip
 * instead (skipStatements): a skipped API then costs the purchase nothing but a few more statements in the write it
 * makes anyway. The database decides: a stale hint (the breaker closed meanwhile) moves nothing, and the purchase is
 * planned as usual in a second batch.
 */
export async function planPurchase(
  services: Services,
  order: OrderRow,
  first: { id: string; name: string },
): Promise<FailoverPlan> {
  const now = services.clock.now();
  if (likelyOpen(first.id, now)) {
    const skipped = newId('att'); // ids sort by time: the skip comes first
    const attemptId = newId('att');
    const [targets, moved] = await batch(services.db, [
      targetsQuery(services, order, first.id),
      ...skipStatements(services, { order, first, skipped, next: attemptId, now: now.toISOString() }),
    ] as const);
    const fitting = fittingTargets(order, targets);
    const to = fitting.find((t) => t.api.id === moved[0]?.providerApiId);
    if (to) {
      const rest = fitting.slice(fitting.indexOf(to) + 1);
      return { attemptId, breaker: to.breaker, mayHaveLabel: false, targets: rest, skippedTo: to };
    }
    // Not moved: the breaker closed meanwhile (or the order is not one to move): planned as usual below.
  }
  const attemptId = newId('att');
  const [, ...reads] = await batch(services.db, [
    services.db.insert(orderAttempts).values({
      id: attemptId,
      orderId: order.id,
      apiId: first.id,
      apiName: first.name,
      outcome: 'unknown',
      createdAt: now.toISOString(),
    }),
    ...planReads(services, order, first.id, attemptId),
  ] as const);
  return { attemptId, ...readPlan(order, first.id, reads) };
}

/**
 * The skip of an API whose breaker is open, as statements that decide it themselves (they run after planReads in the
 * same batch): the order moves to the first failover target, by the same rules and order as planReads' targets, only
 * when the chosen API's breaker is open now, no earlier attempt may have left a label, and the order is still open
 * on the chosen API; then the attempt there is recorded (`unknown`, before it is asked) and the skip on the chosen API.
 * Nothing happens otherwise. The move answers the API it moved to. Built once per database (reusableStatement).
 */
function skipStatements(
  services: Services,
  s: { order: OrderRow; first: { id: string; name: string }; skipped: string; next: string; now: string },
) {
  const { order } = s;
  const pkg = readPackage(order.packageJson);
  const values = {
    orderId: order.id,
    firstId: s.first.id,
    firstName: s.first.name,
    chosenId: order.apiId,
    carrier: order.carrier,
    serviceCode: order.serviceCode,
    pkgOz: pkg ? (pkg.weightUnit === 'oz' ? pkg.weight : pkg.weight * OZ_PER_LB) : null,
    now: s.now,
    skipped: s.skipped,
    next: s.next,
  };
  return [
    moveToFirstTarget(services.db, values),
    recordAttemptAfterMove(services, { orderId: order.id, next: s.next, now: s.now }),
    recordSkip(services.db, values),
  ] as const;
}

const p = (name: string) => sql`${sql.placeholder(name)}`;

/** The first failover target's `column` (planReads' rules and order, the parcel's weight in oz placeholder `pkgOz`). */
function firstTarget(db: Db, column: typeof shippingApis.id | typeof shippingApis.name) {
  const maxOz = sql`(CASE ${shippingServices.weightUnit} WHEN 'oz' THEN ${shippingServices.maxWeight} ELSE ${shippingServices.maxWeight} * ${OZ_PER_LB} END)`;
  return db
    .select({ v: column })
    .from(shippingServices)
    .innerJoin(shippingApis, eq(shippingApis.id, shippingServices.apiId))
    .where(
      and(
        eq(shippingServices.carrier, p('carrier')),
        eq(shippingServices.serviceCode, p('serviceCode')),
        eq(shippingServices.enabled, true),
        eq(shippingServices.active, true),
        eq(shippingApis.enabled, true),
        or(eq(shippingApis.failoverTarget, true), eq(shippingApis.id, p('chosenId'))),
        ne(shippingApis.id, p('firstId')),
        sql`(${shippingServices.maxWeight} IS NULL OR ${shippingServices.maxWeight} <= 0 OR ${p('pkgOz')} <= ${maxOz} + 1e-9)`,
      ),
    )
    .orderBy(asc(shippingApis.priority), asc(shippingApis.createdAt), asc(shippingApis.id))
    .limit(1);
}

const moveToFirstTarget = reusableStatement((db) =>
  db
    .update(orders)
    .set({
      providerApiId: sql`(${firstTarget(db, shippingApis.id)})`,
      providerApiName: sql`(${firstTarget(db, shippingApis.name)})`,
      updatedAt: p('now'),
    })
    .where(
      and(
        eq(orders.id, p('orderId')),
        inArray(orders.status, ['processing', 'pending_reconciliation']),
        sql`COALESCE(${orders.providerApiId}, ${orders.apiId}) = ${p('firstId')}`,
        sql`${p('pkgOz')} IS NOT NULL`,
        sql`EXISTS (SELECT 1 FROM ${providerBreakers} WHERE ${providerBreakers.apiId} = ${p('firstId')}
              AND ${providerBreakers.openUntil} > ${p('now')})`,
        sql`NOT EXISTS (SELECT 1 FROM ${orderAttempts} WHERE ${orderAttempts.orderId} = ${p('orderId')}
              AND ${orderAttempts.outcome} IN ('unknown', 'bought'))`,
        sql`(${firstTarget(db, shippingApis.id)}) IS NOT NULL`,
      ),
    )
    .returning({ providerApiId: orders.providerApiId }),
);

/** The skip on the chosen API, recorded only when the attempt on the target was (the move happened). */
const recordSkip = reusableStatement((db) =>
  db.insert(orderAttempts).select(
    db
      .select({
        id: sql<string>`${p('skipped')}`.as('id'),
        orderId: sql<string>`${p('orderId')}`.as('order_id'),
        apiId: sql<string>`${p('firstId')}`.as('api_id'),
        apiName: sql<string>`${p('firstName')}`.as('api_name'),
        outcome: sql<OrderAttemptOutcome>`'skipped'`.as('outcome'),
        error: sql<string>`'circuit breaker open'`.as('error'),
        createdAt: sql<string>`${p('now')}`.as('created_at'),
      })
      .from(orderAttempts)
      .where(eq(orderAttempts.id, p('next'))),
  ),
);

/** Admin-facing reason of a failed attempt: our text plus what the provider said (status, code), kept short. */
export function attemptError(err: ProviderError | Error | unknown): string {
  if (err && typeof err === 'object' && 'logMessage' in err && typeof err.logMessage === 'string') {
    return err.logMessage.slice(0, 300);
  }
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

/** Settles an attempt by id, built once per database (every live purchase settles one in its completing batch). */
const settleAttemptById = reusableStatement((db) =>
  db
    .update(orderAttempts)
    .set({ outcome: sql`${sql.placeholder('outcome')}`, error: sql`${sql.placeholder('error')}` })
    .where(eq(orderAttempts.id, sql.placeholder('id'))),
);

/** The statement that settles a recorded attempt (for a caller's batch). */
export function settleAttemptStatement(
  services: Services,
  attemptId: string,
  outcome: OrderAttemptOutcome,
  error?: string,
) {
  return settleAttemptById(services.db, { id: attemptId, outcome, error: error ?? null });
}

/** Settles a recorded attempt. */
export async function settleAttempt(
  services: Services,
  attemptId: string,
  outcome: OrderAttemptOutcome,
  error?: string,
): Promise<void> {
  await services.db
    .update(orderAttempts)
    .set({ outcome, error: error ?? null })
    .where(eq(orderAttempts.id, attemptId))
    .run();
}

/**
 * Records the attempt on the API an order was just moved to (the API it now stands on), right after the move in the
 * same batch, and only when the move happened: SQLite's changes() is the number of rows the previous statement of this
 * connection changed (a batch runs on one connection, in one transaction, on libSQL and D1 alike).
 */
export function recordAttemptAfterMove(services: Services, r: { orderId: string; next: string; now: string }) {
  return services.db.insert(orderAttempts).select(
    services.db
      .select({
        id: sql<string>`${r.next}`.as('id'),
        orderId: orders.id,
        apiId: sql<string>`${orders.providerApiId}`.as('api_id'),
        apiName: sql<string>`${orders.providerApiName}`.as('api_name'),
        outcome: sql<OrderAttemptOutcome>`'unknown'`.as('outcome'),
        error: sql<string | null>`NULL`.as('error'),
        createdAt: sql<string>`${r.now}`.as('created_at'),
      })
      .from(orders)
      .where(and(eq(orders.id, r.orderId), sql`changes() = 1`)),
  );
}
