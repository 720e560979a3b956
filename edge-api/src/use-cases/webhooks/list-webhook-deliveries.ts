import type { WebhookDelivery } from '@labeldesk/contracts';
import { desc, eq } from 'drizzle-orm';
import { webhookAttempts, webhookMessages } from '../../db/schema';
import type { Services } from '../../env';
import { loadOwnEndpoint } from './webhook-endpoint-rules';

/** The endpoint's delivery attempts, newest first: event id and type, time, status or error, latency, answer prefix. */
export async function listWebhookDeliveries(
  services: Services,
  input: { userId: string; livemode: boolean; endpointId: string; limit: number },
): Promise<WebhookDelivery[]> {
  const endpoint = await loadOwnEndpoint(services, input);
  const rows = await services.db
    .select({ attempt: webhookAttempts, eventType: webhookMessages.type })
    .from(webhookAttempts)
    .innerJoin(webhookMessages, eq(webhookMessages.id, webhookAttempts.messageId))
    .where(eq(webhookAttempts.endpointId, endpoint.id))
    .orderBy(desc(webhookAttempts.attemptedAt), desc(webhookAttempts.id))
    .limit(input.limit);
  return rows.map(({ attempt: a, eventType }) => ({
    id: a.id,
    eventId: a.messageId,
    eventType,
    endpointId: a.endpointId,
    attempt: a.attempt,
    trigger: a.trigger as WebhookDelivery['trigger'],
    attemptedAt: a.attemptedAt,
    succeeded: a.succeeded,
    responseStatus: a.responseStatus,
    error: a.error,
    latencyMs: a.latencyMs,
    responseBody: a.responseBody,
  }));
}
