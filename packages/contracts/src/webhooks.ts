import { z } from 'zod';

/**
 * Outbound webhooks of the public API (Standard Webhooks): endpoints per account and key mode, their deliveries, and
 * the events they receive. Every event body is `{id, type, created_at, livemode, data}`, signed with the endpoint's
 * secret (`webhook-id`, `webhook-timestamp`, `webhook-signature: v1,<base64 HMAC-SHA256>`).
 */

export const WEBHOOK_EVENT_TYPES = [
  'order.created',
  'order.failed',
  'order.refunded',
  'tracking.updated',
  'bulk_order.completed',
  'balance.credited',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** Endpoints per account and key mode. */
export const MAX_WEBHOOK_ENDPOINTS = 16;
/** How long the previous secret keeps signing beside the new one after a rotation. */
export const WEBHOOK_SECRET_OVERLAP_HOURS = 24;

export const WEBHOOK_MESSAGES = {
  notFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Webhook delivery not found',
  tooMany: `At most ${MAX_WEBHOOK_ENDPOINTS} webhook endpoints per account and key mode`,
  disabled: 'The webhook endpoint is disabled: enable it (PATCH with "disabled": false) before replaying',
} as const;

const events = z
  .array(WebhookEventType)
  .min(1, 'Choose at least one event')
  .max(WEBHOOK_EVENT_TYPES.length)
  .transform((list) => [...new Set(list)]);

const url = z.string().trim().min(1, 'URL is required').max(2048, 'URL must be at most 2048 characters');
const description = z.string().trim().max(500, 'Description must be at most 500 characters');

export const V1CreateWebhookEndpointRequest = z.strictObject({ url, events, description: description.optional() });
export type V1CreateWebhookEndpointRequest = z.infer<typeof V1CreateWebhookEndpointRequest>;

export const V1UpdateWebhookEndpointRequest = z
  .strictObject({
    url: url.optional(),
    events: events.optional(),
    description: description.nullable().optional(),
    /** false re-enables a disabled endpoint (its failure streak is forgotten); true stops deliveries. */
    disabled: z.boolean().optional(),
  })
  .refine((b) => Object.keys(b).length > 0, 'Send at least one of url, events, description, disabled');
export type V1UpdateWebhookEndpointRequest = z.infer<typeof V1UpdateWebhookEndpointRequest>;

export const V1WebhookEndpointIdParam = z.object({ endpoint_id: z.string().trim().min(1).max(100) });
export const V1WebhookDeliveryIdParam = z.object({ delivery_id: z.string().trim().min(1).max(100) });
export const V1WebhookDeliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  events: z.array(WebhookEventType),
  description: z.string().nullable(),
  livemode: z.boolean(),
  disabled: z.boolean(),
  /** manual (you), gone (the endpoint answered 410), failing (every attempt failed for 3 days). */
  disabledReason: z.enum(['manual', 'gone', 'failing']).nullable(),
  disabledAt: z.string().nullable(),
  /** The first failed attempt since the last success; null while deliveries succeed. */
  failingSince: z.string().nullable(),
  createdAt: z.string(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** Shown on creation and on rotation only. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({ secret: z.string().startsWith('whsec_') });
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const WebhookDelivery = z.object({
  id: z.string(),
  /** The event (`msg_…`): the `webhook-id` header of every attempt. */
  eventId: z.string(),
  eventType: z.string(),
  endpointId: z.string(),
  attempt: z.number().int(),
  trigger: z.enum(['scheduled', 'replay']),
  attemptedAt: z.string(),
  succeeded: z.boolean(),
  /** The endpoint's HTTP status; null when no answer came (see `error`). */
  responseStatus: z.number().int().nullable(),
  error: z.string().nullable(),
  latencyMs: z.number().int(),
  /** At most 1 KiB of the answer's body. */
  responseBody: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ status: z.literal('success'), livemode: z.boolean(), data });

export const V1WebhookEndpointResponse = envelope(WebhookEndpoint);
export const V1WebhookEndpointSecretResponse = envelope(WebhookEndpointWithSecret);
export const V1WebhookEndpointsResponse = envelope(z.array(WebhookEndpoint));
export const V1WebhookEndpointDeletedResponse = envelope(z.object({ id: z.string(), deleted: z.literal(true) }));
export const V1WebhookDeliveriesResponse = envelope(z.array(WebhookDelivery));
export const V1WebhookReplayResponse = envelope(
  z.object({ eventId: z.string(), endpointId: z.string(), queued: z.literal(true) }),
);

/** The body of every webhook request. */
export const WebhookEventBody = z.object({
  id: z.string(),
  type: WebhookEventType,
  created_at: z.string(),
  livemode: z.boolean(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookEventBody = z.infer<typeof WebhookEventBody>;
