import type { Context } from 'hono';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { createWebhookEndpoint } from '../../use-cases/webhooks/create-webhook-endpoint';
import { deleteWebhookEndpoint } from '../../use-cases/webhooks/delete-webhook-endpoint';
import { listWebhookDeliveries } from '../../use-cases/webhooks/list-webhook-deliveries';
import { listWebhookEndpoints } from '../../use-cases/webhooks/list-webhook-endpoints';
import { replayWebhookDelivery } from '../../use-cases/webhooks/replay-webhook-delivery';
import { rotateWebhookSecret } from '../../use-cases/webhooks/rotate-webhook-secret';
import { updateWebhookEndpoint } from '../../use-cases/webhooks/update-webhook-endpoint';
import { requireJsonBody } from '../v1/v1.routes';
import { webhookValidators as v } from './webhooks.routes';

const factory = createFactory<AppEnv>();

/**
 * The key's owner and mode: endpoints and events of a test key are apart from the live ones. The web app's API page
 * (a session, no key) manages the customer's live endpoints.
 */
const owner = (c: Context<AppEnv>) => {
  const key = c.get('apiKey') as AppEnv['Variables']['apiKey'] | undefined;
  return { userId: c.get('user').id, livemode: key ? key.mode === 'live' : true };
};
const ok = <T>(c: Context<AppEnv>, data: T) => ({ status: 'success' as const, livemode: owner(c).livemode, data });

export const create = factory.createHandlers(requireJsonBody, v.create, async (c) => {
  const data = await createWebhookEndpoint(c.get('services'), { ...owner(c), request: c.req.valid('json') });
  return c.json(ok(c, data), 201);
});

export const list = factory.createHandlers(async (c) => {
  return c.json(ok(c, await listWebhookEndpoints(c.get('services'), owner(c))), 200);
});

export const update = factory.createHandlers(v.endpointId, requireJsonBody, v.update, async (c) => {
  const data = await updateWebhookEndpoint(c.get('services'), {
    ...owner(c),
    endpointId: c.req.valid('param').endpoint_id,
    request: c.req.valid('json'),
  });
  return c.json(ok(c, data), 200);
});

export const remove = factory.createHandlers(v.endpointId, async (c) => {
  const data = await deleteWebhookEndpoint(c.get('services'), {
    ...owner(c),
    endpointId: c.req.valid('param').endpoint_id,
  });
  return c.json(ok(c, data), 200);
});

export const rotate = factory.createHandlers(v.endpointId, async (c) => {
  const data = await rotateWebhookSecret(c.get('services'), {
    ...owner(c),
    endpointId: c.req.valid('param').endpoint_id,
  });
  return c.json(ok(c, data), 200);
});

export const deliveries = factory.createHandlers(v.endpointId, v.deliveriesQuery, async (c) => {
  const data = await listWebhookDeliveries(c.get('services'), {
    ...owner(c),
    endpointId: c.req.valid('param').endpoint_id,
    limit: c.req.valid('query').limit,
  });
  return c.json(ok(c, data), 200);
});

export const replay = factory.createHandlers(v.deliveryId, async (c) => {
  const data = await replayWebhookDelivery(c.get('services'), {
    ...owner(c),
    deliveryId: c.req.valid('param').delivery_id,
  });
  return c.json(ok(c, data), 202);
});
