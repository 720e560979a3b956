import { type ErrorBody, type ErrorCode, type ErrorDetail, errorStatus } from '@labeldesk/contracts';
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { ZodError } from 'zod';

/**
 * The one error type of the API. `message` is user-facing text; `logMessage` (optional) is for the log only and never
 * sent. Model: unkey `pkg/errors/http.ts`.
 */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetail[];
  readonly logMessage: string | undefined;
  /** Extra headers the answer must carry (e.g. Retry-After). */
  readonly headers: Record<string, string>;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: ErrorDetail[]; logMessage?: string; headers?: Record<string, string>; cause?: unknown } = {},
  ) {
    super(message, { cause: opts.cause });
    this.name = 'ApiError';
    this.code = code;
    this.details = opts.details ?? [];
    this.logMessage = opts.logMessage;
    this.headers = opts.headers ?? {};
  }

  get status(): ContentfulStatusCode {
    return errorStatus[this.code];
  }
}

export function zodDetails(error: ZodError): ErrorDetail[] {
  return error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message }));
}

/** A validation failure: the first issue's text is the message (what a form shows), all issues are details. */
export function invalidInput(error: ZodError): ApiError {
  const details = zodDetails(error);
  return new ApiError('invalid_input', details[0]?.message ?? 'Invalid input', { details });
}

export function errorBody(code: ErrorCode, message: string, details: ErrorDetail[] = []): ErrorBody {
  const body: ErrorBody = { error: { code, message, details } };
  if (code === 'token_expired' || code === 'unauthorized') body.expired = true;
  return body;
}

/** Sends an ApiError in the house shape. */
export function respondError(c: Context, err: ApiError): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(errorBody(err.code, err.message, err.details), err.status);
}
