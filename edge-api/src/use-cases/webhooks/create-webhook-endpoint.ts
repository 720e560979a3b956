import { MAX_WEBHOOK_ENDPOINTS, type V1CreateWebhookEndpointRequest, WEBHOOK_MESSAGES } from '@labeldesk/contracts';
import { and, count, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newId } from '../../lib/ids';
import { newWebhookSecret } from '../../lib/webhook-signature';
import { checkWebhookUrl, presentWebhookEndpoint, secretBinding } from './webhook-endpoint-rules';

/** A new endpoint of the key's mode; its secret is answered this once (and on rotation), sealed at rest. */
export async function createWebhookEndpoint(
  services: Services,
  input: { userId: string; livemode: boolean; request: V1CreateWebhookEndpointRequest },
) {
  const url = await checkWebhookUrl(services, input.request.url);
  const [existing] = await services.db
    .select({ n: count() })
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, input.userId), eq(webhookEndpoints.livemode, input.livemode)));
  if ((existing?.n ?? 0) >= MAX_WEBHOOK_ENDPOINTS) throw new ApiError('conflict', WEBHOOK_MESSAGES.tooMany);
  const id = newId('we');
  const secret = newWebhookSecret();
  const now = services.clock.now().toISOString();
  const [row] = await services.db
    .insert(webhookEndpoints)
    .values({
      id,
      userId: input.userId,
      livemode: input.livemode,
      url,
      events: JSON.stringify(input.request.events),
      description: input.request.description || null,
      secretSealed: await services.providerKeys.encrypt(secret, secretBinding(id, 'current')),
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned no row');
  services.log.info('webhooks.endpoint_created', { endpointId: id, userId: input.userId, livemode: input.livemode });
  return { ...presentWebhookEndpoint(row), secret };
}
