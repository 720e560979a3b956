import { WEBHOOK_SECRET_OVERLAP_HOURS } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { newWebhookSecret } from '../../lib/webhook-signature';
import { loadOwnEndpoint, presentWebhookEndpoint, secretBinding } from './webhook-endpoint-rules';

/**
 * A new secret, answered this once. The one it replaces keeps signing beside it for 24 hours (two signatures in
 * `webhook-signature`), so a receiver can switch without missing a delivery. Rotating again within those 24 hours
 * keeps the secret just replaced as the previous one.
 */
export async function rotateWebhookSecret(
  services: Services,
  input: { userId: string; livemode: boolean; endpointId: string },
) {
  const row = await loadOwnEndpoint(services, input);
  const current = await services.providerKeys.decrypt(row.secretSealed, secretBinding(row.id, 'current'));
  const secret = newWebhookSecret();
  const now = services.clock.now();
  const [updated] = await services.db
    .update(webhookEndpoints)
    .set({
      secretSealed: await services.providerKeys.encrypt(secret, secretBinding(row.id, 'current')),
      previousSecretSealed: await services.providerKeys.encrypt(current, secretBinding(row.id, 'previous')),
      previousSecretExpiresAt: new Date(now.getTime() + WEBHOOK_SECRET_OVERLAP_HOURS * 3600_000).toISOString(),
      updatedAt: now.toISOString(),
    })
    // Two rotations at once: only the one that read the current secret wins, the other is told to try again.
    .where(and(eq(webhookEndpoints.id, row.id), eq(webhookEndpoints.secretSealed, row.secretSealed)))
    .returning();
  if (!updated) throw new ApiError('conflict', 'The secret was rotated at the same moment: try again');
  services.log.info('webhooks.secret_rotated', { endpointId: row.id });
  return { ...presentWebhookEndpoint(updated), secret };
}
