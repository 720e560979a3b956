import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { loadOwnEndpoint } from './webhook-endpoint-rules';

/** Deletes the endpoint and its delivery history; queued deliveries to it find no endpoint and stop. */
export async function deleteWebhookEndpoint(
  services: Services,
  input: { userId: string; livemode: boolean; endpointId: string },
) {
  const row = await loadOwnEndpoint(services, input);
  await services.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
  services.log.info('webhooks.endpoint_deleted', { endpointId: row.id, userId: input.userId });
  return { id: row.id, deleted: true as const };
}
