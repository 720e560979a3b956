import { and, eq, isNull, sql } from 'drizzle-orm';
import { type WebhookEndpointRow, webhookAttempts, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import { assertSafeUrl, UnsafeUrlError } from '../../lib/ssrf';
import {
  WEBHOOK_FAILING_DISABLE_MS,
  WEBHOOK_FAST_ANSWER_MS,
  WEBHOOK_RESPONSE_BODY_BYTES,
  WEBHOOK_TIMEOUT_MS,
} from '../../lib/webhook-settings';
import { webhookHeaders } from '../../lib/webhook-signature';
import { batch, perDatabase, placeholdersFor, reusableStatement } from '../../ports/database';
import type { JobCompletion, LaneSignal } from '../../ports/job-queue';
import { secretBinding, webhookSettingsOf, webhookUrlPolicy } from './webhook-endpoint-rules';
import { scheduledDeliveryJobId } from './webhook-outbox';

export interface DeliverWebhookInput {
  jobId: string;
  messageId: string;
  endpointId: string;
  attempt: number;
  trigger: 'scheduled' | 'replay';
}

/** What one delivery job did: the endpoint's answer took `latencyMs` (null: it was not called). */
export interface DeliveryOutcome {
  outcome: 'delivered' | 'failed' | 'skipped';
  latencyMs: number | null;
}

interface AttemptResult {
  succeeded: boolean;
  status: number | null;
  error: string | null;
  body: string | null;
  latencyMs: number;
}

/** At most `limit` bytes of the body as text; the rest is never read. */
async function readPrefix(res: Response, limit: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    while (total < limit) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      total += value.byteLength;
    }
  } finally {
    await reader.cancel().catch(() => {});
  }
  const bytes = new Uint8Array(Math.min(total, limit));
  let offset = 0;
  for (const chunk of chunks) {
    const part = chunk.subarray(0, Math.min(chunk.byteLength, bytes.length - offset));
    bytes.set(part, offset);
    offset += part.byteLength;
    if (offset >= bytes.length) break;
  }
  return new TextDecoder().decode(bytes);
}

async function secretsOf(services: Services, endpoint: WebhookEndpointRow, now: Date): Promise<string[]> {
  const secrets = [await services.providerKeys.decrypt(endpoint.secretSealed, secretBinding(endpoint.id, 'current'))];
  if (
    endpoint.previousSecretSealed &&
    endpoint.previousSecretExpiresAt &&
    endpoint.previousSecretExpiresAt > now.toISOString()
  ) {
    secrets.push(
      await services.providerKeys.decrypt(endpoint.previousSecretSealed, secretBinding(endpoint.id, 'previous')),
    );
  }
  return secrets;
}

/** One POST to the endpoint: URL re-checked first (DNS rebinding), 5 s at most, redirects not followed. */
async function attempt(services: Services, endpoint: WebhookEndpointRow, messageId: string, payload: string) {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let url: string;
  try {
    url = await assertSafeUrl(endpoint.url, webhookUrlPolicy(services));
  } catch (err) {
    if (!(err instanceof UnsafeUrlError)) throw err;
    return { succeeded: false, status: null, error: `URL refused: ${err.message}`, body: null, latencyMs: elapsed() };
  }
  const now = services.clock.now();
  const headers = {
    'content-type': 'application/json',
    'user-agent': 'LabelDesk-Webhooks/1',
    ...(await webhookHeaders(
      await secretsOf(services, endpoint, now),
      messageId,
      Math.floor(now.getTime() / 1000),
      payload,
    )),
  };
  const send = services.webhookHttp?.fetch ?? ((u, init) => fetch(u, init));
  try {
    const res = await send(url, {
      method: 'POST',
      redirect: 'manual',
      signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS),
      headers,
      body: payload,
    });
    const body = await readPrefix(res, WEBHOOK_RESPONSE_BODY_BYTES).catch(() => '');
    const ok = res.status >= 200 && res.status < 300;
    return { succeeded: ok, status: res.status, error: null, body, latencyMs: elapsed() } satisfies AttemptResult;
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
    const error = timedOut
      ? `No answer within ${WEBHOOK_TIMEOUT_MS / 1000} s`
      : `Connection failed: ${err instanceof Error ? err.message : String(err)}`;
    return { succeeded: false, status: null, error: error.slice(0, 500), body: null, latencyMs: elapsed() };
  }
}

/**
 * What a delivery job reads, in one query prepared once: the endpoint, the message's payload, and the attempt this job
 * already recorded, if any (a redelivered job). No row: the endpoint or the message is gone.
 */
const deliveryOf = perDatabase((db) =>
  db
    .select({
      endpoint: webhookEndpoints,
      payload: webhookMessages.payload,
      done: { succeeded: webhookAttempts.succeeded, responseStatus: webhookAttempts.responseStatus },
    })
    .from(webhookEndpoints)
    .innerJoin(webhookMessages, eq(webhookMessages.id, sql.placeholder('messageId')))
    .leftJoin(webhookAttempts, eq(webhookAttempts.jobId, sql.placeholder('jobId')))
    .where(eq(webhookEndpoints.id, sql.placeholder('endpointId')))
    .limit(1)
    .prepare(),
);

const ATTEMPT_COLUMNS = [
  'id',
  'jobId',
  'messageId',
  'endpointId',
  'attempt',
  'trigger',
  'attemptedAt',
  'succeeded',
  'responseStatus',
  'error',
  'latencyMs',
  'responseBody',
] as const;

/** The attempt, recorded once per job (built once, for a batch). */
const insertAttempt = reusableStatement((db) =>
  db
    .insert(webhookAttempts)
    .values(placeholdersFor(ATTEMPT_COLUMNS))
    .onConflictDoNothing({ target: webhookAttempts.jobId })
    .returning({ id: webhookAttempts.id }),
);

/**
 * One delivery attempt of one event to one endpoint (the `webhooks.deliver` job), then the next step:
 * - 2xx: delivered; the endpoint's failure streak ends.
 * - 410 Gone: the endpoint is disabled (reason gone) and nothing more is sent to it.
 * - anything else (status, timeout, refused URL, connection error): the next attempt of the schedule is queued with
 *   its delay, the same `webhook-id`; an endpoint failing for 3 days without a success is disabled (reason failing).
 * A replay is one attempt, with no retries. The attempt is recorded under the job id: a redelivered job does not call
 * the endpoint again, it only makes sure the next attempt is queued.
 */
export async function deliverWebhook(
  services: Services,
  input: DeliverWebhookInput,
  /** The Node runner's job: a success marks it done in the batch that records the attempt (one commit). */
  job?: JobCompletion,
): Promise<DeliveryOutcome> {
  const skipped = { outcome: 'skipped', latencyMs: null } as const;
  const { db } = services;
  const log = services.log.child({ messageId: input.messageId, endpointId: input.endpointId, attempt: input.attempt });
  const { jobId, messageId, endpointId } = input;
  const [found] = await deliveryOf(db).all({ jobId, messageId, endpointId });
  if (found?.done) {
    if (!found.done.succeeded) await scheduleNext(services, input, found.done.responseStatus);
    return skipped;
  }
  const endpoint = found?.endpoint;
  if (!found || !endpoint || endpoint.disabledAt !== null) {
    // An attempt is deleted with its endpoint or message (cascade), so a gone one has none recorded either.
    log.info('webhooks.delivery_skipped', { reason: !endpoint ? 'gone' : 'endpoint disabled' });
    return skipped;
  }
  const result = await attempt(services, endpoint, input.messageId, found.payload);
  const now = services.clock.now();
  const recorded = insertAttempt(db, {
    id: newId('wha'),
    jobId: input.jobId,
    messageId: input.messageId,
    endpointId: endpoint.id,
    attempt: input.attempt,
    trigger: input.trigger,
    attemptedAt: now.toISOString(),
    succeeded: result.succeeded ? 1 : 0,
    responseStatus: result.status,
    error: result.error,
    latencyMs: result.latencyMs,
    responseBody: result.body,
  });
  const nowIso = now.toISOString();
  if (result.succeeded) {
    // One commit: the attempt; the end of the endpoint's failure streak, if it has one (an endpoint without one is
    // not written to; a failure recorded meanwhile by a concurrent delivery is cleared by its next success); and on
    // Node the job's done (nothing follows a success that a crash could lose).
    const [inserted] = await batch(db, [
      recorded,
      ...(endpoint.failingSince !== null
        ? [
            db
              .update(webhookEndpoints)
              .set({ failingSince: null, updatedAt: nowIso })
              .where(eq(webhookEndpoints.id, endpoint.id)),
          ]
        : []),
      ...(job ? [job.doneStatement()] : []),
    ]);
    job?.committed();
    if (inserted.length === 0) return skipped; // the same job ran twice at once: the other one goes on
    log.info('webhooks.delivered', { status: result.status, latencyMs: result.latencyMs });
    return { outcome: 'delivered', latencyMs: result.latencyMs };
  }
  // A failure: the job stays running until the next attempt is queued, so a crash before that runs it again (it
  // finds its attempt recorded and queues the next one).
  const [inserted] = await batch(db, [recorded]);
  if (inserted.length === 0) return skipped;
  log.warn('webhooks.attempt_failed', { status: result.status, error: result.error, latencyMs: result.latencyMs });
  const failingSince = endpoint.failingSince ?? nowIso;
  const gone = result.status === 410;
  const tooLong = now.getTime() - Date.parse(failingSince) >= WEBHOOK_FAILING_DISABLE_MS;
  await db
    .update(webhookEndpoints)
    .set({
      failingSince,
      updatedAt: nowIso,
      ...(gone || tooLong ? { disabledAt: nowIso, disabledReason: gone ? 'gone' : 'failing' } : {}),
    })
    .where(and(eq(webhookEndpoints.id, endpoint.id), isNull(webhookEndpoints.disabledAt)));
  if (gone || tooLong) {
    log.warn('webhooks.endpoint_disabled', { reason: gone ? 'gone' : 'failing', failingSince });
    return { outcome: 'failed', latencyMs: result.latencyMs };
  }
  await scheduleNext(services, input, result.status);
  return { outcome: 'failed', latencyMs: result.latencyMs };
}

/**
 * How the endpoint did, for the runner's lane of it: a 2xx within WEBHOOK_FAST_ANSWER_MS is healthy; a failure (any
 * other status, a timeout, a refused URL, a connection error) or a slow answer is struggling; a skip says nothing.
 */
export function webhookLaneSignal(delivery: DeliveryOutcome): LaneSignal | undefined {
  if (delivery.outcome === 'skipped') return undefined;
  const fast = delivery.latencyMs !== null && delivery.latencyMs < WEBHOOK_FAST_ANSWER_MS;
  return delivery.outcome === 'delivered' && fast ? 'healthy' : 'struggling';
}

/** Queues attempt n+1 of the schedule after its delay (not after a replay, a 410, or the last attempt). */
async function scheduleNext(services: Services, input: DeliverWebhookInput, status: number | null): Promise<void> {
  if (input.trigger !== 'scheduled' || status === 410) return;
  const schedule = webhookSettingsOf(services).retryScheduleSeconds;
  if (input.attempt >= schedule.length) {
    services.log.warn('webhooks.attempts_exhausted', { messageId: input.messageId, endpointId: input.endpointId });
    return;
  }
  const next = input.attempt + 1;
  await services.queue.send(
    {
      type: 'webhooks.deliver',
      jobId: scheduledDeliveryJobId(input.messageId, input.endpointId, next),
      messageId: input.messageId,
      endpointId: input.endpointId,
      attempt: next,
      trigger: 'scheduled',
    },
    { delaySeconds: schedule[input.attempt] ?? 0 },
  );
}
