import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

/**
 * `Cache-Control: no-store` on every API answer that did not choose its own caching: balances, orders, addresses and
 * error bodies are one person's data and must not be kept by the browser's cache, a shared proxy or the back/forward
 * cache after logout. Runs around everything else, so errors (401, 404, 413, ...) carry it too.
 */
export const noStore: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
};
