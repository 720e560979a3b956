import { randomBytes } from 'node:crypto';
import { Hono } from 'hono';
import { controlRoutes } from './control-routes';
import { CarrierError } from './errors';
import { type AppEnv, respondError } from './http-helpers';
import { protocolRoutes } from './protocol-routes';
import type { SandboxRuntime } from './runtime';

/** The sandbox's HTTP app: per-catalogue protocol under /catalogues/{id}/v1, controls under /_sandbox. */
export function createCarrierApp(rt: SandboxRuntime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    c.set('requestId', requestId);
    await next();
    c.header('X-Request-Id', requestId);
  });

  app.onError((err, c) => {
    if (err instanceof CarrierError) return respondError(c, err);
    rt.log(`[sandbox-carrier] ${c.req.method} ${c.req.path} failed: ${err instanceof Error ? err.stack : String(err)}`);
    return respondError(c, new CarrierError('internal_error', 'Internal error'));
  });

  app.notFound((c) => respondError(c, new CarrierError('not_found', `No route ${c.req.method} ${c.req.path}`)));

  app.get('/health', (c) => c.json({ ok: true, catalogues: [...rt.catalogues.keys()] }));

  app.route('/catalogues/:catalogueId/v1', protocolRoutes(rt));
  app.route('/_sandbox', controlRoutes(rt));
  return app;
}
