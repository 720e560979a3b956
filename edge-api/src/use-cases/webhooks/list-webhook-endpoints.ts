import { and, asc, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { presentWebhookEndpoint } from './webhook-endpoint-rules';

/** The caller's endpoints of one key mode, oldest first (no secrets). */
export async function listWebhookEndpoints(services: Services, input: { userId: string; livemode: boolean }) {
  const rows = await services.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.userId, input.userId), eq(webhookEndpoints.livemode, input.livemode)))
    .orderBy(asc(webhookEndpoints.id));
  return rows.map(presentWebhookEndpoint);
}
