import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv, Services } from '../env';
import { newId } from '../lib/ids';

/** Builds (or returns) the services a request works with; each entry decides how (bindings on Workers, singletons on Node). */
export type ServicesFactory = (c: Context) => Services | Promise<Services>;
/** Resolves the caller's IP for throttling; undefined when the runtime cannot tell. */
export type ClientIpResolver = (c: Context) => string | undefined;

/** Workers default: Cloudflare sets `cf-connecting-ip` and clients cannot forge it there. */
export const cfConnectingIp: ClientIpResolver = (c) => c.req.header('cf-connecting-ip')?.trim() || undefined;

/**
 * The first middleware: a request id (echoed as `X-Request-Id`), the client IP and the request's services, whose
 * logger writes the request id on every line.
 * Model: unkey `pkg/middleware/init.ts`.
 */
export function init(opts: { services: ServicesFactory; clientIp?: ClientIpResolver }): MiddlewareHandler<AppEnv> {
  const resolveIp = opts.clientIp ?? cfConnectingIp;
  return async (c, next) => {
    const requestId = newId('req');
    c.set('requestId', requestId);
    c.header('X-Request-Id', requestId);
    c.set('clientIp', resolveIp(c) ?? 'unknown');
    const services = await opts.services(c);
    c.set('services', { ...services, log: services.log.child({ requestId }) });
    await next();
  };
}
