import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import type { AppEnv } from './env';
import { bodyLimit } from './middleware/body-limit';
import { notFound, onError } from './middleware/error-handler';
import { type ClientIpResolver, init, type ServicesFactory } from './middleware/init';
import { noStore } from './middleware/no-store';
import { refuseNulInUrl } from './middleware/validate';
import { addressesRouter } from './routes/addresses/addresses.index';
import { adminBulkOrdersRouter } from './routes/admin-bulk-orders/admin-bulk-orders.index';
import { adminOrdersRouter } from './routes/admin-orders/admin-orders.index';
import { amazonRouter } from './routes/amazon/amazon.index';
import { apiKeysRouter } from './routes/api-keys/api-keys.index';
import { authRouter } from './routes/auth/auth.index';
import { balanceRouter } from './routes/balance/balance.index';
import { bulkLabelsRouter } from './routes/bulk-labels/bulk-labels.index';
import { bulkOrdersRouter } from './routes/bulk-orders/bulk-orders.index';
import { BULK_BODY_PATHS } from './routes/bulk-orders/bulk-orders.routes';
import { cryptoRouter } from './routes/crypto/crypto.index';
import { customPricingRouter } from './routes/custom-pricing/custom-pricing.index';
import { depositsRouter } from './routes/deposits/deposits.index';
import { faqsRouter } from './routes/faqs/faqs.index';
import { healthRouter } from './routes/health/health.index';
import { labelsRouter } from './routes/labels/labels.index';
import { notificationSettingsRouter } from './routes/notification-settings/notification-settings.index';
import { orderHistoryRouter } from './routes/order-history/order-history.index';
import { orderVoidRouter } from './routes/order-void/order-void.index';
import { ordersRouter } from './routes/orders/orders.index';
import { pricingMarginsRouter } from './routes/pricing-margins/pricing-margins.index';
import { serviceConfigRouter } from './routes/service-config/service-config.index';
import { serviceReportRouter } from './routes/service-report/service-report.index';
import { settingsRouter } from './routes/settings/settings.index';
import { shippingRouter } from './routes/shipping/shipping.index';
import { shippingApisRouter } from './routes/shipping-apis/shipping-apis.index';
import { trackingRouter } from './routes/tracking/tracking.index';
import { usersRouter } from './routes/users/users.index';
import { v1Router } from './routes/v1/v1.index';
import { V1_BULK_BODY_PATH } from './routes/v1/v1.routes';
import { webhookEndpointsRouter } from './routes/webhooks/webhooks.index';

export type { ClientIpResolver, ServicesFactory } from './middleware/init';

/** Request bodies above this answer 413 `payload_too_large`. */
export const MAX_BODY_BYTES = 1024 * 1024;

export interface CreateAppOptions {
  /** Builds the request's services (called once per request by the `init` middleware). */
  services: ServicesFactory;
  /**
   * Resolves the caller's IP for throttling. Default: the `cf-connecting-ip` header (right on Workers, where Cloudflare
   * sets it). The Node entry passes the socket address (or, behind a trusted proxy, the forwarded address).
   */
  clientIp?: ClientIpResolver;
}

/** Every route under /api. */
function apiRoutes() {
  return new Hono<AppEnv>()
    .route('/', healthRouter)
    .route('/', authRouter)
    .route('/', settingsRouter)
    .route('/', notificationSettingsRouter)
    .route('/', faqsRouter)
    .route('/', addressesRouter)
    .route('/', balanceRouter)
    .route('/', cryptoRouter)
    .route('/', usersRouter)
    .route('/', depositsRouter)
    .route('/', shippingRouter)
    .route('/', shippingApisRouter)
    .route('/', serviceConfigRouter)
    .route('/', serviceReportRouter)
    .route('/', customPricingRouter)
    .route('/', amazonRouter)
    .route('/', bulkOrdersRouter)
    .route('/', orderHistoryRouter)
    .route('/', trackingRouter)
    .route('/', adminOrdersRouter)
    .route('/', adminBulkOrdersRouter)
    .route('/', pricingMarginsRouter)
    .route('/', ordersRouter)
    .route('/', orderVoidRouter)
    .route('/', bulkLabelsRouter)
    .route('/', labelsRouter)
    .route('/', apiKeysRouter)
    .route('/', webhookEndpointsRouter)
    .route('/v1', v1Router);
}

/**
 * The one Hono app, for both runtimes: the Workers entry and the Node entry each build their services and hand them
 * in. Every error leaves in the house shape (`ErrorBody`).
 */
export function createApp(opts: CreateAppOptions) {
  const app = new Hono<AppEnv>();
  app.use('*', init(opts));
  app.use('/api/*', noStore);
  app.use('*', secureHeaders());
  const defaultBodyLimit = bodyLimit(MAX_BODY_BYTES);
  // The bulk order calls carry a whole CSV (or up to 10,000 v1 orders) and set their own, larger limit.
  app.use('*', (c, next) =>
    BULK_BODY_PATHS.has(c.req.path) || c.req.path === V1_BULK_BODY_PATH ? next() : defaultBodyLimit(c, next),
  );
  app.use('/api/*', refuseNulInUrl);
  app.onError(onError);
  app.notFound(notFound);
  return app.route('/api', apiRoutes());
}
