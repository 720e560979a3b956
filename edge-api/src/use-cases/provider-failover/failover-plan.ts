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
import { batch } from '../../ports/database';
import type { ProviderError } from '../../ports/label-provider';
import { type BreakerSnapshot, breakerFailureUpsert } from './circuit-breaker';

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

/**
 * Records the attempt on `apiId` before the provider is asked ("record each attempt before the call": a crash mid-call
 * leaves it `unknown`, which forbids a later failover), and reads, in the same batch, the breaker of that API, whether
 * an earlier attempt may have left a label, and the failover targets.
 */
export async function planPurchase(
  services: Services,
  order: OrderRow,
  first: { id: string; name: string },
): Promise<FailoverPlan> {
  const attemptId = newId('att');
  const now = services.clock.now().toISOString();
  const [, earlier, breakers, targets] = await batch(services.db, [
    services.db.insert(orderAttempts).values({
      id: attemptId,
      orderId: order.id,
      apiId: first.id,
      apiName: first.name,
      outcome: 'unknown',
      createdAt: now,
    }),
    services.db
      .select({ id: orderAttempts.id })
      .from(orderAttempts)
      .where(
        and(
          eq(orderAttempts.orderId, order.id),
          ne(orderAttempts.id, attemptId),
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
      .where(eq(providerBreakers.apiId, first.id))
      .limit(1),
    services.db
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
          ne(shippingApis.id, first.id),
        ),
      )
      .orderBy(asc(shippingApis.priority), asc(shippingApis.createdAt), asc(shippingApis.id)),
  ] as const);
  const pkg = readPackage(order.packageJson);
  const seen = new Set<string>();
  const fitting: PurchaseApi[] = [];
  for (const t of targets) {
    if (seen.has(t.id) || !pkg || !weightFits(pkg, t)) continue;
    seen.add(t.id);
    fitting.push({
      api: { id: t.id, name: t.name, keyCiphertext: t.keyCiphertext, baseUrl: t.baseUrl, kind: t.kind },
      breaker: t.failures === null ? null : { failures: t.failures, openUntil: t.openUntil, probeUntil: t.probeUntil },
    });
  }
  return { attemptId, breaker: breakers[0] ?? null, mayHaveLabel: earlier.length > 0, targets: fitting };
}

/** Admin-facing reason of a failed attempt: our text plus what the provider said (status, code), kept short. */
export function attemptError(err: ProviderError | Error | unknown): string {
  if (err && typeof err === 'object' && 'logMessage' in err && typeof err.logMessage === 'string') {
    return err.logMessage.slice(0, 300);
  }
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
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

export interface FailOverInput {
  order: OrderRow;
  /** The API the purchase leaves, and its attempt (recorded `unknown` before the call). */
  from: string;
  attemptId: string;
  /** `failed_over`: it failed before anything was bought; `skipped`: its breaker was open, it was not asked. */
  outcome: 'failed_over' | 'skipped';
  error: string;
  /** A failure to count on the breaker of the API it leaves (its log message); none for a skip. */
  breakerFailure?: string | undefined;
  to: { id: string; name: string };
}

/**
 * The bookkeeping of one failover in one batch (one round trip, atomic; it is all a failover adds to a purchase besides
 * the failed call): moves the open order to the next API (compare-and-set on the API it leaves), records the attempt
 * there before it is asked — only when the move happened (`changes()` of the move, in the same transaction) —, settles
 * the attempt it leaves and counts the failure on that API's breaker. Returns the new attempt's id, or null when the
 * order was settled or moved meanwhile (then only the settled attempt and the breaker changed).
 */
export async function failOver(services: Services, input: FailOverInput): Promise<string | null> {
  const { order, to } = input;
  const next = newId('att');
  const now = services.clock.now().toISOString();
  const move = services.db
    .update(orders)
    .set({ providerApiId: to.id, providerApiName: to.name, updatedAt: now })
    .where(
      and(
        eq(orders.id, order.id),
        inArray(orders.status, ['processing', 'pending_reconciliation']),
        sql`COALESCE(${orders.providerApiId}, ${orders.apiId}) = ${input.from}`,
      ),
    )
    .returning({ id: orders.id });
  // Right after the move: SQLite's changes() is the number of rows the previous statement of this connection changed
  // (a batch runs on one connection, in one transaction, on libSQL and D1 alike).
  const recordNext = services.db.insert(orderAttempts).select(
    services.db
      .select({
        id: sql<string>`${next}`.as('id'),
        orderId: orders.id,
        apiId: sql<string>`${to.id}`.as('api_id'),
        apiName: sql<string>`${to.name}`.as('api_name'),
        outcome: sql<OrderAttemptOutcome>`'unknown'`.as('outcome'),
        error: sql<string | null>`NULL`.as('error'),
        createdAt: sql<string>`${now}`.as('created_at'),
      })
      .from(orders)
      .where(and(eq(orders.id, order.id), sql`changes() = 1`)),
  );
  const settle = services.db
    .update(orderAttempts)
    .set({ outcome: input.outcome, error: input.error })
    .where(eq(orderAttempts.id, input.attemptId));
  const [moved] = input.breakerFailure
    ? await batch(services.db, [
        move,
        recordNext,
        settle,
        breakerFailureUpsert(services, input.from, input.breakerFailure),
      ] as const)
    : await batch(services.db, [move, recordNext, settle] as const);
  return moved.length > 0 ? next : null;
}
