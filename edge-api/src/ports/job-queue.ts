import type { BatchItem } from 'drizzle-orm/batch';
import { z } from 'zod';

/**
 * Background jobs. Adapters: Cloudflare Queue (Workers) and a libSQL-backed local runner (Node) that keeps jobs in the
 * same database so none is lost on restart. Every job carries a unique `jobId`; handlers key their effects by it so a
 * redelivery changes nothing.
 */
const userIdField = z.string().min(1).max(100);
const cents = z.number().int().nonnegative();

/**
 * A mail to render and send (the `mail.send` job, src/use-cases/mail/deliver-mail.ts). It names a template and its
 * inputs, never a rendered secret: the password reset token is made by the job itself, so none sits in the queue.
 */
export const MailJob = z.discriminatedUnion('template', [
  z.object({
    template: z.literal('password-reset'),
    /** The address typed on Forgot Password: the job looks the account up (none: nothing is sent). */
    email: z.string().min(1).max(320),
  }),
  z.object({
    template: z.literal('email-verification'),
    /** The account whose address is to be verified: the job makes the token (none when already verified). */
    userId: z.string().min(1).max(100),
  }),
  // Notifications (issue 23): the facts as they were when they happened; the job looks up the address (a deleted
  // account: nothing is sent). Amounts in cents.
  z.object({
    template: z.literal('bulk-order-finished'),
    userId: userIdField,
    bulkOrderId: z.string().min(1),
    status: z.enum(['completed', 'partial', 'failed']),
    orderCount: cents,
    completedCount: cents,
    failedCount: cents,
  }),
  z.object({
    template: z.literal('deposit-credited'),
    userId: userIdField,
    transactionId: z.string().min(1),
    amountCents: cents,
    balanceCents: cents,
  }),
  z.object({ template: z.literal('low-balance'), userId: userIdField, balanceCents: cents, thresholdCents: cents }),
  z.object({
    template: z.literal('label-refunded'),
    userId: userIdField,
    orderId: z.string().min(1),
    carrier: z.string(),
    trackingNumber: z.string(),
    amountCents: cents,
    balanceCents: cents.nullable(),
  }),
  z.object({
    template: z.literal('deposit-attention'),
    /** The admin mailed (one job per admin). */
    userId: userIdField,
    customerEmail: z.string(),
    transactionId: z.string().min(1),
    invoiceId: z.string(),
    reasons: z.array(z.enum(['underpaid', 'overpaid', 'late'])).min(1),
    requestedCents: cents,
    receivedCents: cents,
  }),
  z.object({
    template: z.literal('provider-circuit-opened'),
    userId: userIdField,
    apiId: z.string().min(1),
    apiName: z.string(),
    lastError: z.string(),
    openUntil: z.string(),
  }),
]);
export type MailJob = z.infer<typeof MailJob>;

export const JobMessage = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('maintenance.purge'),
    jobId: z.string(),
    /** Purge records older than this many ms (finished local jobs, expired throttling rows). */
    olderThanMs: z.number().int().positive(),
  }),
  z.object({
    type: z.literal('crypto.recheck'),
    jobId: z.string(),
    /** Re-check pending (and failed) crypto top-ups opened less than this many ms ago. */
    maxAgeMs: z.number().int().positive(),
  }),
  z.object({
    type: z.literal('tracking.refresh'),
    jobId: z.string(),
    /** Orders looked at in this run (least recently checked first). */
    limit: z.number().int().positive().max(1000),
  }),
  z.object({
    type: z.literal('tracking.refresh-user'),
    jobId: z.string(),
    /** An admin's refresh of one customer (tracking_refresh_runs): this job handles one chunk after `cursor`. */
    runId: z.string().min(1),
    /** The last order id the previous chunk looked at (null: the first chunk). A stale redelivery is ignored. */
    cursor: z.string().nullable(),
  }),
  z.object({
    type: z.literal('orders.reconcile'),
    jobId: z.string(),
    /** A purchase whose provider answer was lost: asked again with the same idempotency key until settled. */
    orderId: z.string().min(1),
  }),
  z.object({
    type: z.literal('orders.void-stray-label'),
    /** `voidstray_<orderId>`: one per refunded row. */
    jobId: z.string(),
    /**
     * A row refunded while its purchase may have reached the provider (a stopped bulk order): the label the provider
     * may hold under the order's Idempotency-Key is voided, so nothing stands unpaid.
     */
    orderId: z.string().min(1),
  }),
  z.object({
    type: z.literal('orders.settle-voids'),
    jobId: z.string(),
    /** Voids the provider accepted but settles later (refund pending): asked again in this run, oldest first. */
    limit: z.number().int().positive().max(1000),
  }),
  z.object({
    type: z.literal('orders.reconcile-due'),
    jobId: z.string(),
    /** Open purchases (pending reconciliation, or stuck in processing) settled in this run, oldest first. */
    limit: z.number().int().positive().max(1000),
    /**
     * Node start-up only: the start of the process (ISO 8601). Purchases left `processing` by the process before it
     * (created earlier) are settled now, whatever their age (see reconcileDueOrders).
     */
    leftBefore: z.iso.datetime().optional(),
  }),
  z.object({
    type: z.literal('bulk.buy-row'),
    /** `bulkrow_<orderId>` (see bulkRowJobId): enqueueing one row twice stores it once on Node. */
    jobId: z.string(),
    bulkOrderId: z.string().min(1),
    /** The row (an `orders` row of the bulk order): bought through the purchase's phase 2. */
    orderId: z.string().min(1),
    /** The row's shipping API: the Node runner limits how many rows of one API run at once. */
    apiId: z.string().min(1),
  }),
  z.object({
    type: z.literal('bulk.resume-due'),
    jobId: z.string(),
    /** Bulk orders looked at in this run (oldest first). */
    limit: z.number().int().positive().max(1000),
  }),
  z.object({
    type: z.literal('bulk.combine-labels'),
    /** `bulklabels_{bulkOrderId}` (combineLabelsJob): enqueued once, when the bulk order becomes final. */
    jobId: z.string(),
    /** Builds and stores the combined labels PDF of this bulk order (ids only: the message stays tiny). */
    bulkOrderId: z.string().min(1),
  }),
  z.object({
    type: z.literal('mail.send'),
    /** `mail_…`: also the mail's idempotency key at the transport. */
    jobId: z.string(),
    mail: MailJob,
  }),
  z.object({
    type: z.literal('webhooks.relay-due'),
    jobId: z.string(),
    /** Webhook messages written but never queued (their process died after the commit) queued in this run. */
    limit: z.number().int().positive().max(1000),
    /** Node start-up only: the start of the process; every message written before it is due at once. */
    leftBefore: z.iso.datetime().optional(),
  }),
  z.object({
    type: z.literal('webhooks.deliver'),
    /**
     * `whd_<messageId>_<endpointId>_<attempt>` for the retry schedule (so the next attempt is enqueued once), `whr_…`
     * for a replay. The attempt it makes is recorded under this id: a redelivered job calls the endpoint no more.
     */
    jobId: z.string(),
    /** One event (`msg_…`, the `webhook-id` of every attempt) to one endpoint: a slow endpoint holds up only itself. */
    messageId: z.string().min(1),
    endpointId: z.string().min(1),
    attempt: z.number().int().min(1).max(100),
    trigger: z.enum(['scheduled', 'replay']),
  }),
]);
export type JobMessage = z.infer<typeof JobMessage>;
export type JobType = JobMessage['type'];

/** The lane names of webhook deliveries start with this: the Node runner gives them a slot pool of their own. */
export const WEBHOOK_LANE_PREFIX = 'webhook:';

export interface JobLane {
  name: string;
  kind: 'api' | 'webhook';
}

/**
 * The lane of a job: bulk rows of one provider API share one, deliveries to one webhook endpoint another; every other
 * job runs outside lanes (null). Lane names are distinct: a provider API's id (`api_…`), or WEBHOOK_LANE_PREFIX and
 * the endpoint's id. The Node runner limits how many jobs of one lane run at once; the queue stores the name in
 * `jobs.lane`.
 */
export function jobLane(message: JobMessage): JobLane | null {
  if (message.type === 'bulk.buy-row') return { name: message.apiId, kind: 'api' };
  if (message.type === 'webhooks.deliver') {
    return { name: `${WEBHOOK_LANE_PREFIX}${message.endpointId}`, kind: 'webhook' };
  }
  return null;
}

export interface EnqueueOptions {
  /** Deliver no earlier than this many seconds from now. */
  delaySeconds?: number;
}

export interface JobQueue {
  send(message: JobMessage, options?: EnqueueOptions): Promise<void>;
  sendBatch(messages: JobMessage[], options?: EnqueueOptions): Promise<void>;
}

/**
 * What a handler tells the consumer: done (ack), or try again later (retry with backoff). A retry with `delaySeconds`
 * is a deferral (the provider asked us to wait, e.g. a 429 with Retry-After): it runs again after that delay instead
 * of the backoff, and `slowDown` asks the runner to lower the concurrency of the job's lane for a while.
 */
export type JobOutcome =
  | { kind: 'ack'; lane?: LaneSignal }
  | { kind: 'retry'; reason: string; delaySeconds?: number; slowDown?: boolean };

/**
 * How the remote end of a laned job answered, for a runner that adapts the lane's concurrency (the Node runner's
 * webhook lanes; the Workers queue ignores it): `healthy` (a success, answered fast), `struggling` (a failure, a
 * timeout or a slow answer).
 */
export type LaneSignal = 'healthy' | 'struggling';

/**
 * The Node runner's "this job is done" write, offered to the job's handler so that it can go into the handler's own
 * last write batch: a bulk row then ends with one commit (its outcome and its job together) instead of two. The
 * handler calls `committed()` once a batch holding `doneStatement()` has committed; the runner then writes nothing
 * more for an ack. The Workers consumer acks its messages and offers none.
 */
export interface JobCompletion {
  doneStatement(): BatchItem<'sqlite'>;
  committed(): void;
}

export const MAX_JOB_ATTEMPTS = 5;

/** Exponential backoff in seconds for the given (1-based) attempt: 10, 20, 40, ... capped at 15 minutes. */
export function backoffSeconds(attempt: number): number {
  return Math.min(10 * 2 ** Math.max(0, attempt - 1), 900);
}
