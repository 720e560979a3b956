import type { V1CreateWebhookEndpointRequest, V1UpdateWebhookEndpointRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/** The customer's live webhook endpoints and their deliveries (the API page's Webhooks tab). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: string) => [...webhookKeys.all, 'deliveries', endpointId] as const,
};

export const webhookQueries = {
  endpoints: () => query(webhookKeys.endpoints(), () => api.webhooks.list()),
  deliveries: (endpointId: string) =>
    query(webhookKeys.deliveries(endpointId), () => api.webhooks.deliveries(endpointId)),
};

export const webhookMutations = {
  create: mutation((body: V1CreateWebhookEndpointRequest) => api.webhooks.create(body), [webhookKeys.endpoints()]),
  update: mutation(
    (v: { id: string; body: V1UpdateWebhookEndpointRequest }) => api.webhooks.update(v.id, v.body),
    [webhookKeys.endpoints()],
  ),
  remove: mutation((id: string) => api.webhooks.remove(id), [webhookKeys.all]),
  rotateSecret: mutation((id: string) => api.webhooks.rotateSecret(id), [webhookKeys.endpoints()]),
  replay: mutation(
    (v: { deliveryId: string; endpointId: string }) => api.webhooks.replay(v.deliveryId),
    (_data, v) => [webhookKeys.deliveries(v.endpointId)],
  ),
};
