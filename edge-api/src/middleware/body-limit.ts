import type { MiddlewareHandler } from 'hono';
import { bodyLimit as streamingBodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../env';
import { ApiError } from '../errors';

export const payloadTooLargeMessage = (maxSize: number): string =>
  `Request body is too large (limit ${Number((maxSize / (1024 * 1024)).toFixed(1))} MiB)`;
export const PAYLOAD_TOO_LARGE_MESSAGE = payloadTooLargeMessage(1024 * 1024);

/**
 * Refuses request bodies above `maxSize` bytes with 413. A declared Content-Length (and no Transfer-Encoding) is
 * judged from the header alone, without touching `request.body`: on Node, merely reading that property turns
 * @hono/node-server's lightweight request into a full web Request with a stream, which cost a third of a small JSON
 * request's time (and disables its direct body read). Chunked bodies are counted as they stream (hono's bodyLimit).
 */
export function bodyLimit(maxSize: number): MiddlewareHandler<AppEnv> {
  const message = payloadTooLargeMessage(maxSize);
  const tooLarge = (): never => {
    // The rest of the body is never read, so the connection cannot be reused for another request.
    throw new ApiError('payload_too_large', message, { headers: { Connection: 'close' } });
  };
  const streaming = streamingBodyLimit({ maxSize, onError: tooLarge });
  return async (c, next) => {
    const method = c.req.method;
    if (method === 'GET' || method === 'HEAD') return next();
    const length = c.req.header('content-length');
    if (length !== undefined && c.req.header('transfer-encoding') === undefined) {
      if (!/^\d+$/.test(length.trim()) || Number(length) > maxSize) tooLarge();
      return next();
    }
    return streaming(c, next);
  };
}
