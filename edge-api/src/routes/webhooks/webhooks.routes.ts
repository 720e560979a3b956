import {
  ErrorBody,
  MAX_WEBHOOK_ENDPOINTS,
  V1CreateWebhookEndpointRequest,
  V1UpdateWebhookEndpointRequest,
  V1WebhookDeliveriesQuery,
  V1WebhookDeliveriesResponse,
  V1WebhookDeliveryIdParam,
  V1WebhookEndpointDeletedResponse,
  V1WebhookEndpointIdParam,
  V1WebhookEndpointResponse,
  V1WebhookEndpointSecretResponse,
  V1WebhookEndpointsResponse,
  V1WebhookReplayResponse,
  WEBHOOK_EVENT_TYPES,
} from '@labeldesk/contracts';
import { jsonBody, pathParams, queryParams } from '../../middleware/validate';
import { WEBHOOK_DELIVERY_EXAMPLE, WEBHOOK_ENDPOINT_EXAMPLE } from '../v1/openapi-examples';
import type { V1RouteSpec } from '../v1/v1.routes';

const ok = <T>(data: T) => ({ status: 'success' as const, livemode: true, data });
const SECRET_EXAMPLE = ok({ ...WEBHOOK_ENDPOINT_EXAMPLE, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });

const notFound = { description: 'No such webhook endpoint of yours (in this key mode)', schema: ErrorBody };
const SIGNING =
  'Each delivery is a POST of `{id, type, created_at, livemode, data}` signed as Standard Webhooks define it: headers `webhook-id` (the event id, the same on every retry), `webhook-timestamp` (Unix seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<body>">`, keyed with the base64-decoded part of the secret after `whsec_`; verify with any Standard Webhooks library).';

/** The webhook endpoints of the public API (/api/v1), in the same table format as v1.routes.ts (one source for the document). */
export const webhookRoutes = {
  createWebhookEndpoint: {
    method: 'post',
    path: '/webhook-endpoints',
    summary: 'Add a webhook endpoint',
    description: `Events of your account in this key mode (a live key: live events; a test key: test events) are POSTed to \`url\`: ${WEBHOOK_EVENT_TYPES.map((t) => `\`${t}\``).join(', ')}. The URL must be https on a public address (checked again before every delivery). The answer carries the signing \`secret\` — shown now and on rotation only. ${SIGNING} Retries when the answer is not 2xx within 5 s: after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; 410 Gone disables the endpoint, and so do 3 days of failures. At most ${MAX_WEBHOOK_ENDPOINTS} endpoints per key mode.`,
    body: V1CreateWebhookEndpointRequest,
    bodyExample: {
      url: WEBHOOK_ENDPOINT_EXAMPLE.url,
      events: WEBHOOK_ENDPOINT_EXAMPLE.events,
      description: 'Order sync',
    } satisfies V1CreateWebhookEndpointRequest,
    noCarrier: true,
    responses: {
      201: {
        description: 'Endpoint added (with its secret)',
        schema: V1WebhookEndpointSecretResponse,
        example: SECRET_EXAMPLE,
      },
      409: { description: `Already ${MAX_WEBHOOK_ENDPOINTS} endpoints`, schema: ErrorBody },
    },
  },
  listWebhookEndpoints: {
    method: 'get',
    path: '/webhook-endpoints',
    summary: 'Your webhook endpoints',
    description:
      'The endpoints of this key mode, oldest first, without secrets. `disabled` with `disabledReason` (manual, gone: the endpoint answered 410, failing: 3 days of failed deliveries) and `failingSince`.',
    responses: {
      200: {
        description: 'The endpoints',
        schema: V1WebhookEndpointsResponse,
        example: ok([WEBHOOK_ENDPOINT_EXAMPLE]),
      },
    },
  },
  updateWebhookEndpoint: {
    method: 'patch',
    path: '/webhook-endpoints/:endpoint_id',
    summary: 'Change a webhook endpoint',
    description:
      'Changes `url`, `events` or `description`. `disabled: true` stops deliveries; `disabled: false` starts them again (also after a 410 or 3 days of failures).',
    params: V1WebhookEndpointIdParam,
    body: V1UpdateWebhookEndpointRequest,
    bodyExample: {
      events: ['order.created', 'order.refunded', 'tracking.updated'],
    } satisfies V1UpdateWebhookEndpointRequest,
    noCarrier: true,
    responses: {
      200: { description: 'The endpoint', schema: V1WebhookEndpointResponse, example: ok(WEBHOOK_ENDPOINT_EXAMPLE) },
      404: notFound,
    },
  },
  deleteWebhookEndpoint: {
    method: 'delete',
    path: '/webhook-endpoints/:endpoint_id',
    summary: 'Delete a webhook endpoint',
    description: 'Deletes the endpoint and its delivery history; nothing more is sent to it.',
    params: V1WebhookEndpointIdParam,
    responses: {
      200: {
        description: 'Deleted',
        schema: V1WebhookEndpointDeletedResponse,
        example: ok({ id: WEBHOOK_ENDPOINT_EXAMPLE.id, deleted: true as const }),
      },
      404: notFound,
    },
  },
  rotateWebhookSecret: {
    method: 'post',
    path: '/webhook-endpoints/:endpoint_id/rotate-secret',
    summary: 'Rotate the signing secret',
    description:
      'A new secret, shown in this answer only. For the next 24 hours deliveries carry two signatures (the new secret and the one it replaced), so you can switch without missing one.',
    params: V1WebhookEndpointIdParam,
    noCarrier: true,
    responses: {
      200: {
        description: 'The endpoint with its new secret',
        schema: V1WebhookEndpointSecretResponse,
        example: SECRET_EXAMPLE,
      },
      404: notFound,
    },
  },
  listWebhookDeliveries: {
    method: 'get',
    path: '/webhook-endpoints/:endpoint_id/deliveries',
    summary: 'Delivery attempts of a webhook endpoint',
    description:
      'Every attempt, newest first: event id and type, attempt number, time, HTTP status or error, latency (ms) and up to 1 KiB of the answer.',
    params: V1WebhookEndpointIdParam,
    query: V1WebhookDeliveriesQuery,
    responses: {
      200: {
        description: 'The attempts',
        schema: V1WebhookDeliveriesResponse,
        example: ok([WEBHOOK_DELIVERY_EXAMPLE]),
      },
      404: notFound,
    },
  },
  replayWebhookDelivery: {
    method: 'post',
    path: '/webhook-deliveries/:delivery_id/replay',
    summary: 'Send a delivery again',
    description:
      'Sends the event of this delivery to its endpoint once more, now, with the same `webhook-id` and fresh signatures (one attempt, no retries). 409 while the endpoint is disabled.',
    params: V1WebhookDeliveryIdParam,
    noCarrier: true,
    responses: {
      202: {
        description: 'Queued',
        schema: V1WebhookReplayResponse,
        example: ok({
          eventId: WEBHOOK_DELIVERY_EXAMPLE.eventId,
          endpointId: WEBHOOK_ENDPOINT_EXAMPLE.id,
          queued: true as const,
        }),
      },
      404: { description: 'No such delivery of yours', schema: ErrorBody },
      409: { description: 'The endpoint is disabled', schema: ErrorBody },
    },
  },
} as const satisfies Record<string, V1RouteSpec>;

export const webhookValidators = {
  create: jsonBody(V1CreateWebhookEndpointRequest),
  update: jsonBody(V1UpdateWebhookEndpointRequest),
  endpointId: pathParams(V1WebhookEndpointIdParam),
  deliveryId: pathParams(V1WebhookDeliveryIdParam),
  deliveriesQuery: queryParams(V1WebhookDeliveriesQuery),
};
