import { lt } from 'drizzle-orm';
import { webhookDeliveries } from '../db/schema';
import type { Services } from '../env';

/** Delivery ids are remembered this long (processors redeliver within hours, not weeks). */
export const WEBHOOK_DELIVERY_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Forgets webhook deliveries received more than `olderThanMs` ago. Idempotent. */
export async function purgeWebhookDeliveries(services: Services, olderThanMs: number): Promise<number> {
  const cutoff = new Date(services.clock.now().getTime() - olderThanMs).toISOString();
  const deleted = await services.db
    .delete(webhookDeliveries)
    .where(lt(webhookDeliveries.receivedAt, cutoff))
    .returning({ id: webhookDeliveries.deliveryId });
  return deleted.length;
}
