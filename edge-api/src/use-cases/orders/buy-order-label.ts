import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { maxWeightMessage } from '@labeldesk/pricing';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type OrderAttemptOutcome, type OrderRow, orders, providerApiOf } from '../../db/schema';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { batch, placeholdersFor, reusableStatement } from '../../ports/database';
import type { JobCompletion } from '../../ports/job-queue';
import {
  type LabelProvider,
  PROVIDER_ERROR_MESSAGES,
  ProviderError,
  type PurchasedLabel,
} from '../../ports/label-provider';
import { notifyLabelBought } from '../notifications/notify-customer';
import {
  breakerDirty,
  breakerState,
  claimProbe,
  recordBreakerFailure,
  recordBreakerSuccess,
} from '../provider-failover/circuit-breaker';
import { failOver } from '../provider-failover/fail-over';
import {
  attemptError,
  type FailoverPlan,
  type PurchaseApi,
  planPurchase,
  settleAttempt,
  settleAttemptStatement,
} from '../provider-failover/failover-plan';
import { connectProvider } from '../shipping-apis/connect-provider';
import { findApiConfig } from '../shipping-apis/get-api-config';
import { providerApiError } from '../shipping-apis/provider-errors';
import { relayWebhookMessages } from '../webhooks/relay-webhook-messages';
import { orderEventData } from '../webhooks/webhook-events';
import { changedRowEventStatement } from '../webhooks/webhook-outbox';
import { labelRequestFor, requestPathOf } from './label-request';
import { failedOrderError, labelBlobKey, OPEN_ORDER_STATUSES, openBulkRow, readOrder } from './order-rows';
import { refundOrder } from './refund-order';

/**
 * Phase 2 of a purchase, shared by the request, the reconciliation job and the sweep: ask the provider for the label
 * of an open order (its Idempotency-Key is the order id, so asking again returns the label it may already have made)
 * and settle the order by the answer:
 * - a label → stored in the blob store, order `completed` (conditional on it still being open);
 * - a definite refusal (invalid_input, upstream_error, not_found, conflict; or the API config is gone or its key
 *   unreadable) → refunded at once (see refundOrder);
 * - no answer (upstream_unavailable: timeout, network, 5xx after the adapter's retries; or any unexpected error) →
 *   `pending_reconciliation`: the caller schedules reconciliation;
 * - an answer that may hide a label we cannot use (ProviderError.outcomeUnknown: a 2xx we cannot read, a 500) →
 *   `pending_reconciliation` too, with `unusableAnswer`: reconciliation asks again and, if the answer is still
 *   unusable, voids the label before it refunds (reconcile-order.ts, void-and-refund-order.ts).
 * Every effect is conditional or keyed, so running it twice, or concurrently, settles the order once.
 */
export type LabelOutcome =
  /** A bulk row: `bulkRowsOpen` tells whether another row of its bulk order was still open when this one completed. */
  | { kind: 'completed'; order: OrderRow; bulkRowsOpen?: boolean }
  | { kind: 'failed'; order: OrderRow; error: ApiError }
  | {
      kind: 'pending';
      order: OrderRow;
      /** Set when the provider answered but we could not use the answer: a label may exist (`labelId` if named). */
      unusableAnswer?: { labelId: string | undefined };
    }
  /** Only with `onRateLimited: 'defer'`: the provider rate limited us (429); the order is untouched, still open. */
  | { kind: 'deferred'; order: OrderRow; retryAfterSeconds: number };

/** The outcome an order already stands at (for a settled order), or pending while it is open. */
export function outcomeOf(order: OrderRow): LabelOutcome {
  if (order.status === 'completed') return { kind: 'completed', order };
  if (order.status === 'failed') return { kind: 'failed', order, error: failedOrderError(order) };
  return { kind: 'pending', order };
}

/** Customer-safe text of a definite provider refusal (weight over the maximum: the SPEC §5 text). */
function refusalError(order: OrderRow, err: ProviderError): ApiError {
  if (err.providerCode === 'weight_exceeds_max') {
    const message = maxWeightMessage({ name: order.serviceName, maxWeight: err.maxWeight?.value ?? null });
    if (message) return new ApiError('invalid_input', message, { logMessage: err.logMessage, cause: err });
  }
  const refused = providerApiError(err) ?? new ApiError('upstream_error', err.message);
  if (refused.details.length === 0) return refused;
  // The provider names its own request's fields: the answer names the customer's (recipient.zip, not to.zip).
  const details = refused.details.map((d) => ({ ...d, path: requestPathOf(d.path) }));
  return new ApiError(refused.code, refused.message, {
    details,
    logMessage: refused.logMessage,
    headers: refused.headers,
    cause: err,
  });
}

async function markPending(
  services: Services,
  order: OrderRow,
  why: string,
  unusableAnswer?: { labelId: string | undefined },
): Promise<LabelOutcome> {
  services.log.warn('order.outcome_unknown', { orderId: order.id, detail: why });
  const now = services.clock.now().toISOString();
  const [row] = await services.db
    .update(orders)
    .set({
      status: 'pending_reconciliation',
      reconcileAttempts: sql`${orders.reconcileAttempts} + 1`,
      updatedAt: now,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .returning();
  if (row) return { kind: 'pending', order: row, ...(unusableAnswer ? { unusableAnswer } : {}) };
  const current = await readOrder(services, order.id);
  return current ? outcomeOf(current) : { kind: 'pending', order };
}

async function fail(services: Services, order: OrderRow, error: ApiError): Promise<LabelOutcome> {
  if (error.logMessage) services.log.warn('order.purchase_refused', { orderId: order.id, detail: error.logMessage });
  const row = await refundOrder(services, order, error.message, error.details);
  return row.status === 'failed' ? { kind: 'failed', order: row, error } : outcomeOf(row);
}

/** What completing an order sets. */
const COMPLETED_COLUMNS = [
  'status',
  'trackingNumber',
  'providerLabelId',
  'providerCostCents',
  'labelBlobKey',
  'estimatedDelivery',
  'completedAt',
  'updatedAt',
] as const satisfies readonly (keyof OrderRow)[];
type CompletedColumns = Pick<OrderRow, (typeof COMPLETED_COLUMNS)[number]>;

/**
 * Completes an order that is still open, built once per database (every purchase runs it). Only the id comes back
 * (the order is wide, and returning it costs as much as the update): the row is the open order the caller holds plus
 * what this update set.
 */
const completeOpenOrder = reusableStatement((db) =>
  db
    .update(orders)
    .set(placeholdersFor(COMPLETED_COLUMNS))
    .where(and(eq(orders.id, sql.placeholder('id')), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .returning({ id: orders.id }),
);

async function complete(
  services: Services,
  order: OrderRow,
  label: PurchasedLabel,
  provider: LabelProvider,
  /** The live purchase's attempt, settled `bought` by the same batch (one commit, not two). */
  attemptId: string | null,
  /** The job this purchase runs in: marked done by the same batch (the job ends with the purchase either way). */
  job: JobCompletion | undefined,
): Promise<LabelOutcome> {
  // The order completes without waiting for the PDF to be stored (file systems and object stores take from a few to
  // tens of ms, on every purchase). The label route reads the stored copy when it is there and otherwise fetches the
  // PDF from the provider and stores it, so a write that is late, fails, or dies with the process costs one provider
  // call later, never a label. waitUntil keeps the write alive after the answer (a Worker may stop otherwise).
  const blobKey = labelBlobKey(order.id);
  services.waitUntil(
    services.blobs.put(blobKey, label.pdf, 'application/pdf').catch((err: unknown) => {
      services.log.warn('order.label_not_stored', { orderId: order.id, err });
    }),
  );
  const now = services.clock.now().toISOString();
  const completed = {
    status: 'completed' as const,
    trackingNumber: label.trackingNumber,
    providerLabelId: label.labelId,
    providerCostCents: label.priceCents,
    labelBlobKey: blobKey,
    estimatedDelivery: label.estimatedDelivery ?? order.estimatedDelivery,
    completedAt: now,
    updatedAt: now,
  } satisfies CompletedColumns;
  // `order.created` is recorded by the same batch, only when its update completed the order (the outbox).
  const event = changedRowEventStatement(
    services.db,
    {
      type: 'order.created',
      userId: order.userId,
      livemode: order.livemode,
      data: orderEventData({ ...order, ...completed }),
    },
    now,
  );
  const { bulkOrderId } = order;
  const [[updated], written, ...rest] = await batch(services.db, [
    completeOpenOrder(services.db, { ...completed, id: order.id }),
    event.statement,
    // A bulk row asks here, not in a round trip of its own, whether its bulk order still has an open row.
    ...(bulkOrderId ? [openBulkRow(services.db, { bulkOrderId })] : []),
    ...(attemptId ? [settleAttemptStatement(services, attemptId, 'bought')] : []),
    ...(job ? [job.doneStatement()] : []),
  ]);
  job?.committed();
  const row: OrderRow | undefined = updated ? { ...order, ...completed } : undefined;
  if (row) {
    if ((written as unknown[]).length > 0) await relayWebhookMessages(services, [event.messageId]);
    await notifyLabelBought(services, row, row.livemode);
    const bulkRowsOpen = bulkOrderId ? (rest[0] as unknown[]).length > 0 : undefined;
    return { kind: 'completed', order: row, ...(bulkRowsOpen === undefined ? {} : { bulkRowsOpen }) };
  }

  // Settled by another path in the meantime.
  const current = await readOrder(services, order.id);
  if (!current) throw new Error(`order ${order.id} vanished while it was completed`);
  if (current.status !== 'completed' || current.providerLabelId !== label.labelId) {
    // Refunded (or completed with another label): the label in hand must not stand unpaid.
    try {
      await provider.voidLabel(label.labelId);
      services.log.warn('order.late_label_voided', { orderId: order.id, labelId: label.labelId });
    } catch (err) {
      services.log.error('order.late_label_not_voided', { orderId: order.id, labelId: label.labelId, err });
    }
  }
  return outcomeOf(current);
}

/** The order was settled or moved by another path while this one failed over: its outcome as it stands now. */
async function settledMeanwhile(services: Services, order: OrderRow): Promise<LabelOutcome> {
  const now = await readOrder(services, order.id);
  return now ? outcomeOf(now) : { kind: 'pending', order };
}

/** Where a caller wants to know how long the provider took (the purchase reports it as Server-Timing). */
export type ProviderTiming = { providerMs?: number };

export interface BuyOrderLabelOptions {
  timing?: ProviderTiming;
  /** The order's API config when the caller has just read it (the purchase); otherwise it is read here. */
  api?: Pick<ShippingApiRow, 'id' | 'keyCiphertext' | 'baseUrl' | 'kind'>;
  /**
   * 'defer' (the bulk engine): a provider 429 leaves the order as it is and answers `deferred` with the provider's
   * Retry-After, so the caller asks again later instead of parking the order in reconciliation. Default: a 429 is an
   * unknown outcome like any other unavailability.
   */
  onRateLimited?: 'defer';
  /**
   * An earlier attempt may have reached the provider (reconciliation, sweep, a redelivered bulk row): providers without
   * idempotent purchases are asked for it before anything is bought. Default: unless the order is still `processing`.
   */
  mayExist?: boolean;
  /**
   * A live order's plan when the caller has just made it in a batch of its own (a bulk row: claimBulkRow), attempt
   * recorded; otherwise planPurchase makes it here.
   */
  plan?: FailoverPlan;
  /** The job this purchase runs in (the Node runner): its "done" goes into the batch that completes the order. */
  job?: JobCompletion;
}

/** A test order's "plan": the API it was priced on (through its sandbox), nothing recorded. */
const TEST_PLAN: FailoverPlan = { attemptId: '', breaker: null, mayHaveLabel: false, targets: [] };

/** Wait after a 429 without a Retry-After. */
export const DEFAULT_RATE_LIMIT_WAIT_SECONDS = 5;

/** Phase 2 for an open order (a settled order is returned as it stands). */
export async function buyOrderLabel(
  services: Services,
  order: OrderRow,
  opts: BuyOrderLabelOptions = {},
): Promise<LabelOutcome> {
  if (order.status === 'completed' || order.status === 'failed') return outcomeOf(order);
  const timing = opts.timing ?? {};

  const first = providerApiOf(order);
  const api = opts.api?.id === first.id ? opts.api : await findApiConfig(services, first.id);
  if (!api) {
    const gone = new ApiError('not_found', ORDER_MESSAGES.serviceNotFound, {
      logMessage: `api config ${first.id} no longer exists`,
    });
    return fail(services, order, gone);
  }

  // A test order goes to the sandbox of its API's kind (connectProvider): no failover, no attempt rows, no breaker.
  const live = order.livemode;
  const plan = live ? (opts.plan ?? (await planPurchase(services, order, first))) : TEST_PLAN;
  const settle = (id: string, outcome: OrderAttemptOutcome, error?: string) =>
    live ? settleAttempt(services, id, outcome, error) : Promise.resolve();
  // After an unclear outcome anywhere, a label may exist: this order is only ever asked for where it went.
  const targets = plan.mayHaveLabel ? [] : [...plan.targets];
  let current: PurchaseApi = plan.skippedTo ?? { api: { ...api, name: first.name }, breaker: plan.breaker };
  let attemptId = plan.attemptId;
  let open = order;
  if (plan.skippedTo) {
    services.log.warn('order.failover', { orderId: open.id, fromApiId: first.id, toApiId: current.api.id });
    open = { ...open, providerApiId: current.api.id, providerApiName: current.api.name };
  }

  /**
   * Settles the attempt on the current API (`failed_over`, counting the failure on its breaker, or `skipped`), moves the
   * purchase to the next target and records the attempt there before it is asked: one batch (failOver).
   */
  const moveOn = async (
    outcome: 'failed_over' | 'skipped',
    error: string,
    breakerFailure?: string,
  ): Promise<LabelOutcome | null> => {
    const next = targets.shift();
    if (!next) throw new Error('no failover target');
    const nextAttempt = await failOver(services, {
      order: open,
      from: current.api.id,
      attemptId,
      outcome,
      error,
      breakerFailure,
      to: next.api,
    });
    if (nextAttempt === null) return settledMeanwhile(services, open);
    services.log.warn('order.failover', { orderId: open.id, fromApiId: current.api.id, toApiId: next.api.id });
    open = { ...open, providerApiId: next.api.id, providerApiName: next.api.name };
    attemptId = nextAttempt;
    current = next;
    return null;
  };

  for (;;) {
    const state = breakerState(current.breaker, services.clock.now());
    if (state !== 'closed' && targets.length > 0) {
      const probing = state === 'half_open' && (await claimProbe(services, current.api.id));
      if (!probing) {
        const settled = await moveOn('skipped', `circuit breaker ${state.replace('_', '-')}`);
        if (settled) return settled;
        continue;
      }
    }
    // With no other API to take it, an open breaker does not stop the purchase: it is asked as before.

    let provider: LabelProvider;
    let label: PurchasedLabel;
    try {
      provider = await connectProvider(services, current.api, { livemode: live });
      const started = performance.now();
      try {
        label = await provider.createLabel({
          ...labelRequestFor(open, { mayExist: opts.mayExist ?? open.status !== 'processing' }),
          failFast: targets.length > 0,
        });
      } finally {
        timing.providerMs = performance.now() - started;
      }
    } catch (err) {
      if (err instanceof ApiError) {
        // The key cannot be read: nothing was asked.
        await settle(attemptId, 'refused', err.logMessage ?? err.message);
        return fail(services, open, err);
      }
      if (!(err instanceof ProviderError)) {
        return markPending(services, open, err instanceof Error ? `${err.name}: ${err.message}` : String(err));
      }
      if (err.nothingBought) {
        if (targets.length > 0) {
          const settled = await moveOn('failed_over', attemptError(err), err.logMessage);
          if (settled) return settled;
          continue;
        }
        if (live) await recordBreakerFailure(services, current.api.id, err.logMessage);
        await settle(attemptId, 'not_bought', attemptError(err));
        if (err.httpStatus === 429 && opts.onRateLimited === 'defer') {
          // A 429 bought nothing (the provider checks its limit first), so asking again later is safe.
          return {
            kind: 'deferred',
            order: open,
            retryAfterSeconds: err.retryAfterSeconds ?? DEFAULT_RATE_LIMIT_WAIT_SECONDS,
          };
        }
        return markPending(services, open, err.logMessage);
      }
      // Unclear: the attempt stays `unknown` (a label may exist) and reconciliation takes over.
      if (err.code === 'upstream_unavailable' || err.outcomeUnknown) {
        await settle(attemptId, 'unknown', attemptError(err));
        return markPending(services, open, err.logMessage, err.outcomeUnknown);
      }
      await settle(attemptId, 'refused', attemptError(err));
      if (breakerDirty(current.breaker)) await recordBreakerSuccess(services, current.api.id);
      return fail(services, open, refusalError(open, err));
    }
    if (label.status !== 'created') await settle(attemptId, 'refused');
    if (breakerDirty(current.breaker)) await recordBreakerSuccess(services, current.api.id);
    if (label.status !== 'created') {
      // A replay of a label voided since (a reconciliation voided an unusable one): nothing stands, nothing is billed.
      return fail(
        services,
        open,
        new ApiError('upstream_error', PROVIDER_ERROR_MESSAGES.rejected, {
          logMessage: `label ${label.labelId} is voided at the provider`,
        }),
      );
    }
    return complete(services, open, label, provider, live ? attemptId : null, opts.job);
  }
}
