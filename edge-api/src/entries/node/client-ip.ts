import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { ClientIpResolver } from '../../middleware/init';

/**
 * The client IP on Node. Directly exposed (trustProxy 0): the socket's address; headers are client-controlled and
 * ignored. Behind n trusted proxies: the n-th X-Forwarded-For entry from the end (the address our own proxy saw),
 * falling back to the socket address.
 */
export function nodeClientIp(trustProxy: number): ClientIpResolver {
  return (c: Context) => {
    if (trustProxy > 0) {
      const hops = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
      const forwarded = hops[hops.length - trustProxy];
      if (forwarded) return forwarded;
    }
    try {
      return getConnInfo(c).remote.address;
    } catch {
      return undefined;
    }
  };
}
