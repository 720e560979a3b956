import { type ErrorCode, errorStatus } from '@labeldesk/contracts';
import type { Context, ErrorHandler, NotFoundHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { AppEnv } from '../env';
import { ApiError, errorBody, respondError } from '../errors';
import { createLogger, type Logger } from '../lib/logger';

export const MALFORMED_JSON_MESSAGE = 'Request body is not valid JSON';
export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again later.';

const codeByStatus = new Map<number, ErrorCode>(
  (Object.entries(errorStatus) as [ErrorCode, number][])
    // The first code listed for a status wins (e.g. 400 → invalid_input, 401 → unauthorized).
    .reverse()
    .map(([code, status]) => [status, code]),
);

/** The request's logger; a failure before the init middleware ran (none set yet) still gets a line. */
function logOf(c: Context<AppEnv>): Logger {
  return c.get('services')?.log ?? fallbackLog.child({ requestId: c.get('requestId') ?? 'unknown' });
}
const fallbackLog = createLogger();

/**
 * The one error handler: ApiError answers in the house shape; Hono's own HTTPExceptions are mapped by status; anything
 * else is logged with the request id and answered 500 with a generic text (internals never leak).
 */
export const onError: ErrorHandler<AppEnv> = (err, c) => {
  if (err instanceof ApiError) {
    if (err.logMessage) logOf(c).warn('request.refused', { code: err.code, detail: err.logMessage });
    return respondError(c, err);
  }
  if (err instanceof HTTPException && err.status < 500) {
    // Hono's own 4xx (e.g. its JSON parser's 400 'Malformed JSON'); our validators throw ApiError instead.
    const code: ErrorCode = err.status === 400 ? 'malformed_json' : (codeByStatus.get(err.status) ?? 'invalid_input');
    const message = code === 'malformed_json' ? MALFORMED_JSON_MESSAGE : err.message || 'Request rejected';
    return respondError(c, new ApiError(code, message));
  }
  logOf(c).error('request.unhandled_error', { method: c.req.method, path: c.req.path, err });
  return c.json(errorBody('internal_error', INTERNAL_ERROR_MESSAGE), 500);
};

export const notFound: NotFoundHandler<AppEnv> = (c) =>
  c.json(errorBody('not_found', `Route not found: ${c.req.method} ${c.req.path}`), 404);
