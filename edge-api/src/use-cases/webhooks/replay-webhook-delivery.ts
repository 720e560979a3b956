import { WEBHOOK_MESSAGES } from '@labeldesk/contracts';
import { and, eq, max } from 'drizzle-orm';
import { webhookAttempts, webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';

/**
 * Sends a delivery's event to its endpoint once more, at once, with the same `webhook-id` (receivers deduplicate by
 * it) and fresh signatures. One attempt, no retries; it is listed with the endpoint's deliveries (trigger replay).
 */
export async function replayWebhookDelivery(
  services: Services,
  input: { userId: string; livemode: boolean; deliveryId: string },
) {
  const [row] = await services.db
    .select({ attempt: webhookAttempts, endpoint: webhookEndpoints })
    .from(webhookAttempts)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookAttempts.endpointId))
    .where(
      and(
        eq(webhookAttempts.id, input.deliveryId),
        eq(webhookEndpoints.userId, input.userId),
        eq(webhookEndpoints.livemode, input.livemode),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError('not_found', WEBHOOK_MESSAGES.deliveryNotFound);
  if (row.endpoint.disabledAt !== null) throw new ApiError('conflict', WEBHOOK_MESSAGES.disabled);
  const [last] = await services.db
    .select({ n: max(webhookAttempts.attempt) })
    .from(webhookAttempts)
    .where(and(eq(webhookAttempts.messageId, row.attempt.messageId), eq(webhookAttempts.endpointId, row.endpoint.id)));
  await services.queue.send({
    type: 'webhooks.deliver',
    jobId: newId('whr'),
    messageId: row.attempt.messageId,
    endpointId: row.endpoint.id,
    attempt: (last?.n ?? row.attempt.attempt) + 1,
    trigger: 'replay',
  });
  return { eventId: row.attempt.messageId, endpointId: row.endpoint.id, queued: true as const };
}
