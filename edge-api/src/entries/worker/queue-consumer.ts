import type { Services } from '../../env';
import { backoffSeconds, JobMessage, type JobOutcome } from '../../ports/job-queue';

/** Queue names as configured in wrangler.jsonc. */
export const JOBS_QUEUE = 'labeldesk-jobs';
export const JOBS_DEAD_LETTER_QUEUE = 'labeldesk-jobs-dlq';

export type JobHandler = (services: Services, message: JobMessage) => Promise<JobOutcome>;

/** Cloudflare Queues' longest retry delay (12 hours). */
const MAX_RETRY_DELAY_SECONDS = 12 * 60 * 60;

function errorText(err: unknown): string {
  return err instanceof Error ? `${err.name}: ${err.message}` : String(err);
}

/**
 * Main queue: each message is settled on its own, so one failure never redelivers the rest of the batch.
 * - body not a valid `JobMessage` → logged and acked (poison is never retried);
 * - handler says `ack` → acked; says `retry` or throws → retried after `backoffSeconds(attempts)`, or after the
 *   handler's `delaySeconds` (a provider 429's Retry-After).
 * After `max_retries` Cloudflare moves the message to the dead-letter queue. Model: unkey `src/worker.ts`.
 */
export async function consumeJobs(batch: MessageBatch<unknown>, services: Services, handle: JobHandler): Promise<void> {
  await Promise.all(batch.messages.map((message) => consumeOne(batch.queue, message, services, handle)));
}

async function consumeOne(
  queue: string,
  message: Message<unknown>,
  services: Services,
  handle: JobHandler,
): Promise<void> {
  const parsed = JobMessage.safeParse(message.body);
  if (!parsed.success) {
    services.log.error('job.invalid_message', {
      queue,
      messageId: message.id,
      attempts: message.attempts,
      issues: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
    });
    message.ack();
    return;
  }
  const job = parsed.data;
  let outcome: JobOutcome;
  try {
    outcome = await handle(services, job);
  } catch (err) {
    outcome = { kind: 'retry', reason: errorText(err) };
  }
  if (outcome.kind === 'ack') {
    message.ack();
    return;
  }
  // A deferral (the provider rate limited us: its Retry-After) waits that long; a failure backs off exponentially.
  const delaySeconds =
    outcome.delaySeconds !== undefined
      ? Math.min(MAX_RETRY_DELAY_SECONDS, Math.max(0, Math.ceil(outcome.delaySeconds)))
      : backoffSeconds(message.attempts);
  services.log.warn('job.retry', {
    queue,
    messageId: message.id,
    jobId: job.jobId,
    type: job.type,
    attempts: message.attempts,
    delaySeconds,
    reason: outcome.reason,
  });
  message.retry({ delaySeconds });
}

/** Blob key under which a dead message is kept; the message id makes a redelivery overwrite, not duplicate. */
export function deadLetterKey(queue: string, message: Pick<Message, 'id' | 'timestamp'>): string {
  const day = message.timestamp.toISOString().slice(0, 10);
  const safe = (s: string) => s.replace(/[^A-Za-z0-9._-]/g, '_');
  return `dead-letters/${safe(queue)}/${day}/${safe(message.id)}.json`;
}

/**
 * Dead-letter queue: a job that exhausted its attempts is logged and recorded as JSON in the blob store (R2) for an
 * operator to inspect or replay, then acked. If recording fails the message is retried (DLQ max_retries), so a dead
 * job is not dropped silently.
 */
export async function consumeDeadLetters(batch: MessageBatch<unknown>, services: Services): Promise<void> {
  const encoder = new TextEncoder();
  await Promise.all(
    batch.messages.map(async (message) => {
      const parsed = JobMessage.safeParse(message.body);
      const record = {
        queue: batch.queue,
        messageId: message.id,
        enqueuedAt: message.timestamp.toISOString(),
        deadAt: services.clock.now().toISOString(),
        attempts: message.attempts,
        valid: parsed.success,
        body: message.body,
      };
      const key = deadLetterKey(batch.queue, message);
      services.log.error('job.dead_letter', {
        queue: batch.queue,
        messageId: message.id,
        jobId: parsed.success ? parsed.data.jobId : undefined,
        type: parsed.success ? parsed.data.type : undefined,
        key,
      });
      try {
        await services.blobs.put(key, encoder.encode(JSON.stringify(record)), 'application/json');
        message.ack();
      } catch (err) {
        services.log.error('job.dead_letter_record_failed', { messageId: message.id, key, err: errorText(err) });
        message.retry({ delaySeconds: backoffSeconds(message.attempts) });
      }
    }),
  );
}
