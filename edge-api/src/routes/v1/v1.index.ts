import { Hono } from 'hono';
import type { AppEnv } from '../../env';
import { requireApiKey } from '../../middleware/api-key';
import { apiReferenceRouter } from '../api-reference/api-reference.index';
import { voidOrderForApiKey } from '../order-void/order-void.handlers';
import { voidRoutes } from '../order-void/order-void.routes';
import * as webhooks from '../webhooks/webhooks.handlers';
import { webhookRoutes } from '../webhooks/webhooks.routes';
import * as handlers from './v1.handlers';
import { v1DocRoutes, v1Routes } from './v1.routes';

/**
 * Every /api/v1 route but the OpenAPI document and the interactive reference (routes/api-reference) needs an API key
 * and counts against its limit (middleware/api-key.ts).
 */
export const v1Router = new Hono<AppEnv>()
  // Public: the document and the reference page (no key needed to read how to call us).
  .get(v1DocRoutes.openapi, ...handlers.openapi)
  .route('/', apiReferenceRouter)
  .use('*', requireApiKey)
  .get(v1Routes.user.path, ...handlers.user)
  .get(v1Routes.services.path, ...handlers.services)
  .post(v1Routes.rates.path, ...handlers.rates)
  .post(v1Routes.createLabel.path, ...handlers.createLabel)
  .get(v1Routes.listOrders.path, ...handlers.listOrders)
  .get(v1Routes.order.path, ...handlers.order)
  .post(voidRoutes.voidOrder.path, ...voidOrderForApiKey)
  .get(v1Routes.label.path, ...handlers.label)
  .post(v1Routes.createBulkLabels.path, ...handlers.createBulkLabels)
  .get(v1Routes.listBulkOrders.path, ...handlers.listBulkOrders)
  .get(v1Routes.bulkOrder.path, ...handlers.bulkOrder)
  .post(v1Routes.cancelBulkOrder.path, ...handlers.cancelBulkOrder)
  .get(v1Routes.bulkLabels.path, ...handlers.bulkLabels)
  .post(webhookRoutes.createWebhookEndpoint.path, ...webhooks.create)
  .get(webhookRoutes.listWebhookEndpoints.path, ...webhooks.list)
  .patch(webhookRoutes.updateWebhookEndpoint.path, ...webhooks.update)
  .delete(webhookRoutes.deleteWebhookEndpoint.path, ...webhooks.remove)
  .post(webhookRoutes.rotateWebhookSecret.path, ...webhooks.rotate)
  .get(webhookRoutes.listWebhookDeliveries.path, ...webhooks.deliveries)
  .post(webhookRoutes.replayWebhookDelivery.path, ...webhooks.replay);
