import type { MiddlewareHandler } from 'hono';
import type { z } from 'zod';
import type { AppEnv } from '../env';
import { ApiError, invalidInput } from '../errors';
import { jsonNestsDeeperThan, jsonTooDeepMessage } from '../lib/json-depth';
import { MALFORMED_JSON_MESSAGE } from './error-handler';

const JSON_MEDIA_TYPE = /^application\/([\w.-]+\+)?json$/i;

export const NUL_BYTE_MESSAGE = 'Text must not contain NUL characters (\\u0000)';

function nulRefused(path: string): ApiError {
  return new ApiError('invalid_input', NUL_BYTE_MESSAGE, { details: [{ path, message: NUL_BYTE_MESSAGE }] });
}

/**
 * The path (dotted, as in `details`) of the first string or key in a parsed JSON value that contains a NUL character,
 * or null. SQLite's text functions and C strings stop at a NUL, so such text would be stored cut short: refused.
 * Walked with an explicit stack, depth first in document order, so no body can overflow the call stack.
 */
export function nulPath(value: unknown): string | null {
  // A path is a chain of segments back to the root, joined only when a NUL is found (no copying per level).
  type Path = { segment: string; parent: Path } | null;
  const joined = (path: Path, last?: string): string => {
    const segments = last === undefined ? [] : [last];
    for (let p = path; p !== null; p = p.parent) segments.push(p.segment);
    return segments.reverse().join('.');
  };
  // Each frame is a value to look into, or an object key to check before its value (document order).
  type Frame = { value: unknown; path: Path } | { key: string; path: Path };
  const stack: Frame[] = [{ value, path: null }];
  while (stack.length > 0) {
    const frame = stack.pop() as Frame;
    if ('key' in frame) {
      if (frame.key.includes('\0')) return joined(frame.path, frame.key.replaceAll('\0', '\\u0000'));
      continue;
    }
    const { value: item, path } = frame;
    if (typeof item === 'string') {
      if (item.includes('\0')) return joined(path);
    } else if (Array.isArray(item)) {
      for (let i = item.length - 1; i >= 0; i -= 1)
        stack.push({ value: item[i], path: { segment: String(i), parent: path } });
    } else if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item);
      for (let i = entries.length - 1; i >= 0; i -= 1) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, path: { segment: key, parent: path } }, { key, path });
      }
    }
  }
  return null;
}

/**
 * Refuses a request whose path or query string carries a NUL character (`%00`: the only way one can be in a URL) with
 * 400 `invalid_input`, before any route reads it. JSON bodies are checked by {@link jsonBody}.
 */
export const refuseNulInUrl: MiddlewareHandler<AppEnv> = async (c, next) => {
  const url = c.req.url;
  const at = url.search(/%00/i);
  if (at >= 0) {
    const queryStart = url.indexOf('?');
    throw nulRefused(queryStart >= 0 && at > queryStart ? 'query' : 'path');
  }
  await next();
};

/**
 * The one zod validation hook: a body that is not JSON answers 400 `malformed_json`; one nested deeper than
 * `MAX_JSON_DEPTH` answers 400 `invalid_input` before it is parsed; a string (or key) with a NUL
 * character answers 400 `invalid_input`; a body that fails the schema answers 400 `invalid_input` with every issue in `details`. Handlers read the parsed value with `c.req.valid('json')`.
 */
export function jsonBody<T extends z.ZodType>(
  schema: T,
  opts: {
    /** The error a body that fails the schema answers (default: invalidInput: the first issue, every issue). */
    onInvalid?: (error: z.ZodError) => ApiError;
  } = {},
): MiddlewareHandler<AppEnv, string, { in: { json: z.input<T> }; out: { json: z.output<T> } }> {
  return async (c, next) => {
    const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim() ?? '';
    if (!JSON_MEDIA_TYPE.test(mediaType)) {
      throw new ApiError('invalid_input', 'Request body must be JSON (Content-Type: application/json)', {
        details: [{ path: '', message: 'Content-Type must be application/json' }],
      });
    }
    const text = await c.req.text();
    // Refused before the object graph is built: a deep body costs parse time and stack in every walk over it.
    if (jsonNestsDeeperThan(text)) {
      throw new ApiError('invalid_input', jsonTooDeepMessage(), {
        details: [{ path: '', message: jsonTooDeepMessage() }],
      });
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      throw new ApiError('malformed_json', MALFORMED_JSON_MESSAGE);
    }
    const nulAt = nulPath(raw);
    if (nulAt !== null) throw nulRefused(nulAt);
    const parsed = await schema.safeParseAsync(raw);
    if (!parsed.success) throw (opts.onInvalid ?? invalidInput)(parsed.error);
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

/**
 * Query parameters through a zod schema (400 `invalid_input` on failure, or `onInvalid`'s error); read with
 * `c.req.valid('query')`.
 */
export function queryParams<T extends z.ZodType>(
  schema: T,
  opts: { onInvalid?: (error: z.ZodError) => ApiError } = {},
): MiddlewareHandler<AppEnv, string, { in: { query: z.input<T> }; out: { query: z.output<T> } }> {
  return async (c, next) => {
    const parsed = await schema.safeParseAsync(c.req.query());
    if (!parsed.success) throw (opts.onInvalid ?? invalidInput)(parsed.error);
    c.req.addValidatedData('query', parsed.data as object);
    await next();
  };
}
