import { type EnqueueOptions, JobMessage, type JobQueue } from '../../ports/job-queue';

/** Cloudflare Queues limits: at most 100 messages per sendBatch, and a delay of at most 12 hours. */
const MAX_BATCH_MESSAGES = 100;
export const MAX_DELAY_SECONDS = 12 * 60 * 60;

function delayOf(options: EnqueueOptions | undefined): number | undefined {
  const delay = options?.delaySeconds;
  if (delay === undefined) return undefined;
  if (!Number.isInteger(delay) || delay < 0 || delay > MAX_DELAY_SECONDS) {
    throw new RangeError(`delaySeconds must be an integer from 0 to ${MAX_DELAY_SECONDS}, got ${delay}`);
  }
  return delay;
}

/**
 * The `JobQueue` port over a Cloudflare Queue producer binding. Messages are validated against `JobMessage` before
 * they leave (a malformed job is a bug at the sender, caught there rather than as poison at the consumer) and sent
 * as JSON so the consumer sees plain objects.
 */
export function cloudflareJobQueue(queue: Queue): JobQueue {
  return {
    async send(message, options) {
      const delaySeconds = delayOf(options);
      const body = JobMessage.parse(message);
      await queue.send(
        body,
        delaySeconds === undefined ? { contentType: 'json' } : { contentType: 'json', delaySeconds },
      );
    },
    async sendBatch(messages, options) {
      const delaySeconds = delayOf(options);
      const bodies = messages.map((m) => JobMessage.parse(m));
      for (let i = 0; i < bodies.length; i += MAX_BATCH_MESSAGES) {
        const chunk = bodies.slice(i, i + MAX_BATCH_MESSAGES).map((body) => ({ body, contentType: 'json' as const }));
        await queue.sendBatch(chunk, delaySeconds === undefined ? undefined : { delaySeconds });
      }
    },
  };
}
