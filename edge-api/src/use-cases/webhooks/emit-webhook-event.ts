import type { WebhookEventBody, WebhookEventType } from '@labeldesk/contracts';
import { and, eq, isNull } from 'drizzle-orm';
import { webhookEndpoints, webhookMessages } from '../../db/schema';
import type { Services } from '../../env';
import { newId } from '../../lib/ids';
import type { JobMessage } from '../../ports/job-queue';
import { webhookSettingsOf } from './webhook-endpoint-rules';

export interface WebhookEvent {
  userId: string;
  livemode: boolean;
  type: WebhookEventType;
  data: Record<string, unknown>;
}

/** The job of attempt `attempt` of the retry schedule: one per message, endpoint and attempt. */
export const scheduledDeliveryJobId = (messageId: string, endpointId: string, attempt: number) =>
  `whd_${messageId}_${endpointId}_${attempt}`;

/**
 * Records an event and queues one delivery job per subscribed, enabled endpoint of the account and mode (never one job
 * fanning out over endpoints: each endpoint is delivered on its own). An account without such an endpoint costs one
 * indexed read and stores nothing. Called right after the fact is committed; it never throws (a failure to record an
 * event is logged and must not undo or fail the purchase, refund or credit that caused it).
 */
export async function emitWebhookEvent(services: Services, event: WebhookEvent): Promise<string | null> {
  try {
    const endpoints = await services.db
      .select({ id: webhookEndpoints.id, events: webhookEndpoints.events })
      .from(webhookEndpoints)
      .where(
        and(
          eq(webhookEndpoints.userId, event.userId),
          eq(webhookEndpoints.livemode, event.livemode),
          isNull(webhookEndpoints.disabledAt),
        ),
      );
    const targets = endpoints.filter((e) => (JSON.parse(e.events) as string[]).includes(event.type));
    if (targets.length === 0) return null;
    const id = newId('msg');
    const createdAt = services.clock.now().toISOString();
    const body: WebhookEventBody = {
      id,
      type: event.type,
      created_at: createdAt,
      livemode: event.livemode,
      data: event.data,
    };
    await services.db.insert(webhookMessages).values({
      id,
      userId: event.userId,
      livemode: event.livemode,
      type: event.type,
      payload: JSON.stringify(body),
      createdAt,
    });
    const jobs: JobMessage[] = targets.map((t) => ({
      type: 'webhooks.deliver',
      jobId: scheduledDeliveryJobId(id, t.id, 1),
      messageId: id,
      endpointId: t.id,
      attempt: 1,
      trigger: 'scheduled',
    }));
    const first = webhookSettingsOf(services).retryScheduleSeconds[0] ?? 0;
    await services.queue.sendBatch(jobs, first > 0 ? { delaySeconds: first } : undefined);
    return id;
  } catch (err) {
    services.log.error('webhooks.emit_failed', { type: event.type, userId: event.userId, err });
    return null;
  }
}
