import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireUser } from '../../middleware/auth';
import * as handlers from './webhooks.handlers';
import { webhookRoutes as r } from './webhooks.routes';

/**
 * The webhook endpoints for the web app's API page (/api/webhook-endpoints…, the session's customer, live mode): the
 * same paths, handlers, use-cases and answers as the public API's (mounted by routes/v1/v1.index.ts with a key).
 */
export const webhookEndpointsRouter = new Hono<AppEnv>()
  .post(r.createWebhookEndpoint.path, requireUser, ...handlers.create)
  .get(r.listWebhookEndpoints.path, requireUser, ...handlers.list)
  .patch(r.updateWebhookEndpoint.path, requireUser, ...handlers.update)
  .delete(r.deleteWebhookEndpoint.path, requireUser, ...handlers.remove)
  .post(r.rotateWebhookSecret.path, requireUser, ...handlers.rotate)
  .get(r.listWebhookDeliveries.path, requireUser, ...handlers.deliveries)
  .post(r.replayWebhookDelivery.path, requireUser, ...handlers.replay);
