import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError, invalidInput } from '../errors';
import { MALFORMED_JSON_MESSAGE } from './error-handler';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

/**
 * The one zod validation hook: a body that is not JSON answers 400 `malformed_json`; a body that fails the schema
 * answers 400 `invalid_input` with every issue in `details`. Handlers read the parsed value with `c.req.valid('json')`.
 */
export function jsonBody<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  return async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      throw new ApiError('invalid_input', 'Request body must be JSON (Content-Type: application/json)', {
        details: [{ path: '', message: 'Content-Type must be application/json' }],
      });
    }
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      throw new ApiError('malformed_json', MALFORMED_JSON_MESSAGE);
    }
    const parsed = await schema.safeParseAsync(raw);
    if (!parsed.success) throw invalidInput(parsed.error);
    c.req.addValidatedData('json', parsed.data as object);
    await next();
  };
}

/** Path parameters through a zod schema (400 `invalid_input` on failure); read with `c.req.valid('param')`. */
export function pathParams<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { param: z.input<T> }; out: { param: z.output<T> } }> {
  return async (c, next) => {
    const parsed = await schema.safeParseAsync(c.req.param());
    if (!parsed.success) throw invalidInput(parsed.error);
    c.req.addValidatedData('param', parsed.data as object);
    await next();
  };
}

/** Query parameters through a zod schema (400 `invalid_input` on failure); read with `c.req.valid('query')`. */
export function queryParams<T extends z.ZodType>(
  schema: T,
): MiddlewareHandler<AppEnv, string, { in: { query: z.input<T> }; out: { query: z.output<T> } }> {
  return async (c, next) => {
    const parsed = await schema.safeParseAsync(c.req.query());
    if (!parsed.success) throw invalidInput(parsed.error);
    c.req.addValidatedData('query', parsed.data as object);
    await next();
  };
}
