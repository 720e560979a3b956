import type { V1UpdateWebhookEndpointRequest } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { checkWebhookUrl, loadOwnEndpoint, presentWebhookEndpoint } from './webhook-endpoint-rules';

/**
 * Changes url, events, description; `disabled: true` stops deliveries (reason manual), `disabled: false` starts them
 * again and forgets the failure streak (whatever disabled it: the owner, a 410 or 3 days of failures).
 */
export async function updateWebhookEndpoint(
  services: Services,
  input: { userId: string; livemode: boolean; endpointId: string; request: V1UpdateWebhookEndpointRequest },
) {
  const row = await loadOwnEndpoint(services, input);
  const { request } = input;
  const url = request.url === undefined ? undefined : await checkWebhookUrl(services, request.url);
  const now = services.clock.now().toISOString();
  const set: Partial<typeof webhookEndpoints.$inferInsert> = { updatedAt: now };
  if (url !== undefined) set.url = url;
  if (request.events !== undefined) set.events = JSON.stringify(request.events);
  if (request.description !== undefined) set.description = request.description || null;
  if (request.disabled === true && row.disabledAt === null) {
    set.disabledAt = now;
    set.disabledReason = 'manual';
  } else if (request.disabled === false) {
    set.disabledAt = null;
    set.disabledReason = null;
    set.failingSince = null;
  }
  const [updated] = await services.db
    .update(webhookEndpoints)
    .set(set)
    .where(eq(webhookEndpoints.id, row.id))
    .returning();
  return presentWebhookEndpoint(updated ?? row);
}
