import { and, asc, inArray, isNull, lt } from 'drizzle-orm';
import { type WebhookMessageRow, webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Services } from '../../env';
import type { JobMessage } from '../../ports/job-queue';
import { webhookSettingsOf } from './webhook-endpoint-rules';
import { scheduledDeliveryJobId } from './webhook-outbox';

/** Messages the sweep queues in one run, oldest first. */
export const WEBHOOK_RELAY_BATCH = 500;

/**
 * A message the sweep leaves alone for this long after it was written: the request that wrote it queues it itself
 * right after its batch (the sweep is for the ones whose process died in between).
 */
export const WEBHOOK_RELAY_GRACE_MS = 60_000;

/**
 * The relay of the outbox: queues the delivery jobs of messages not queued yet — one job per enabled endpoint of the
 * account and mode subscribed to the type (never one job fanning out: each endpoint is delivered on its own) — then
 * marks them queued. Jobs first, mark after: a process that dies in between queues them again, under the same job ids
 * (the Node queue stores a job id once; a delivery records its attempt under the job id and makes it once).
 */
async function relay(services: Services, messages: WebhookMessageRow[]): Promise<number> {
  if (messages.length === 0) return 0;
  const accounts = [...new Set(messages.map((m) => m.userId))];
  const endpoints = await services.db
    .select({
      id: webhookEndpoints.id,
      userId: webhookEndpoints.userId,
      livemode: webhookEndpoints.livemode,
      events: webhookEndpoints.events,
    })
    .from(webhookEndpoints)
    .where(and(inArray(webhookEndpoints.userId, accounts), isNull(webhookEndpoints.disabledAt)));
  const jobs: JobMessage[] = messages.flatMap((m) =>
    endpoints
      .filter(
        (e) =>
          e.userId === m.userId && e.livemode === m.livemode && (JSON.parse(e.events) as string[]).includes(m.type),
      )
      .map((e) => ({
        type: 'webhooks.deliver' as const,
        jobId: scheduledDeliveryJobId(m.id, e.id, 1),
        messageId: m.id,
        endpointId: e.id,
        attempt: 1,
        trigger: 'scheduled' as const,
      })),
  );
  if (jobs.length > 0) {
    const first = webhookSettingsOf(services).retryScheduleSeconds[0] ?? 0;
    await services.queue.sendBatch(jobs, first > 0 ? { delaySeconds: first } : undefined);
  }
  await services.db
    .update(webhookMessages)
    .set({ dispatchedAt: services.clock.now().toISOString() })
    .where(
      and(
        inArray(
          webhookMessages.id,
          messages.map((m) => m.id),
        ),
        isNull(webhookMessages.dispatchedAt),
      ),
    );
  return messages.length;
}

/**
 * Queues the messages a use-case's batch just wrote (their ids; ids of messages not written are ignored). Called
 * right after that batch committed; it never throws: the fact is committed, and a message it could not queue is left
 * to the sweep (logged).
 */
export async function relayWebhookMessages(services: Services, messageIds: readonly string[]): Promise<void> {
  if (messageIds.length === 0) return;
  try {
    const messages = await services.db
      .select()
      .from(webhookMessages)
      .where(and(inArray(webhookMessages.id, [...messageIds]), isNull(webhookMessages.dispatchedAt)));
    await relay(services, messages);
  } catch (err) {
    services.log.error('webhooks.relay_failed', { messageIds, err });
  }
}

/**
 * The sweep (`webhooks.relay-due`: every 5 minutes, and once at a Node start-up): messages written but never queued,
 * because the process that wrote them died (or its queue failed) between the commit and the queueing. Those written
 * before `leftBefore` (the start of this process) are all due; otherwise those older than the grace. Returns how many
 * were queued.
 */
export async function relayDueWebhookMessages(
  services: Services,
  opts: { limit: number; leftBefore?: string },
): Promise<number> {
  const due = opts.leftBefore ?? new Date(services.clock.now().getTime() - WEBHOOK_RELAY_GRACE_MS).toISOString();
  const messages = await services.db
    .select()
    .from(webhookMessages)
    .where(and(isNull(webhookMessages.dispatchedAt), lt(webhookMessages.createdAt, due)))
    .orderBy(asc(webhookMessages.createdAt))
    .limit(opts.limit);
  const queued = await relay(services, messages);
  if (queued > 0) services.log.warn('webhooks.relayed_late', { count: queued });
  return queued;
}
