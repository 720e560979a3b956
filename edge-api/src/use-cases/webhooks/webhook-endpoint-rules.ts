import { WEBHOOK_MESSAGES, type WebhookEndpoint, type WebhookEventType } from '@labeldesk/contracts';
import { and, eq } from 'drizzle-orm';
import { type WebhookEndpointRow, webhookEndpoints } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { assertSafeUrl, UnsafeUrlError, type UrlPolicy } from '../../lib/ssrf';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../../lib/webhook-settings';

/** What every webhook use-case shares: the URL rule, the secret box binding, reading an own endpoint, the presenter. */

export const webhookSettingsOf = (services: Services): WebhookSettings =>
  services.config.webhooks ?? DEFAULT_WEBHOOK_SETTINGS;

/** The providers' SSRF guard, with the webhook setting: https and public addresses unless ALLOW_PRIVATE_WEBHOOK_URLS. */
export function webhookUrlPolicy(services: Services): UrlPolicy {
  return {
    allowPrivate: webhookSettingsOf(services).allowPrivateUrls,
    resolve: services.webhookHttp?.resolve,
    label: 'Webhook URL',
    allowQuery: true,
    privateSetting: 'ALLOW_PRIVATE_WEBHOOK_URLS',
  };
}

/** The URL as it will be called, or 400 naming `url` (nothing is saved). */
export async function checkWebhookUrl(services: Services, url: string): Promise<string> {
  try {
    return await assertSafeUrl(url, webhookUrlPolicy(services));
  } catch (err) {
    if (!(err instanceof UnsafeUrlError)) throw err;
    throw new ApiError('invalid_input', err.message, { details: [{ path: 'url', message: err.message }] });
  }
}

/** Secrets are sealed bound to their endpoint and slot, so a sealed value copied elsewhere does not open. */
export const secretBinding = (endpointId: string, slot: 'current' | 'previous') =>
  `webhook-secret:${endpointId}:${slot}`;

export async function loadOwnEndpoint(
  services: Services,
  input: { userId: string; livemode: boolean; endpointId: string },
): Promise<WebhookEndpointRow> {
  const [row] = await services.db
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.id, input.endpointId),
        eq(webhookEndpoints.userId, input.userId),
        eq(webhookEndpoints.livemode, input.livemode),
      ),
    )
    .limit(1);
  if (!row) throw new ApiError('not_found', WEBHOOK_MESSAGES.notFound);
  return row;
}

export function presentWebhookEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as WebhookEventType[],
    description: row.description,
    livemode: row.livemode,
    disabled: row.disabledAt !== null,
    disabledReason: row.disabledReason as WebhookEndpoint['disabledReason'],
    disabledAt: row.disabledAt,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
  };
}
