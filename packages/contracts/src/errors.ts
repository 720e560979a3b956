import { z } from 'zod';

/**
 * The one error taxonomy shared by the API and every client.
 * Each code maps to exactly one HTTP status (see `errorStatus`).
 */
export const ErrorCode = z.enum([
  'invalid_input',
  'malformed_json',
  'payload_too_large',
  'unsupported_media_type',
  'unauthorized',
  'token_expired',
  'forbidden',
  'two_factor_required',
  'not_found',
  'conflict',
  'insufficient_funds',
  'rate_limited',
  'upstream_error',
  'upstream_unavailable',
  'internal_error',
]);
export type ErrorCode = z.infer<typeof ErrorCode>;

export const errorStatus = {
  invalid_input: 400,
  malformed_json: 400,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unauthorized: 401,
  token_expired: 401,
  forbidden: 403,
  two_factor_required: 403,
  not_found: 404,
  conflict: 409,
  insufficient_funds: 402,
  rate_limited: 429,
  upstream_error: 502,
  upstream_unavailable: 503,
  internal_error: 500,
} as const satisfies Record<ErrorCode, number>;

export const ErrorDetail = z.object({
  path: z.string(),
  message: z.string(),
});
export type ErrorDetail = z.infer<typeof ErrorDetail>;

/** Every error body the API sends has exactly this shape. */
export const ErrorBody = z.object({
  error: z.object({
    code: ErrorCode,
    message: z.string(),
    details: z.array(ErrorDetail),
  }),
  /** Present (true) on 401 answers so the client knows to clear its session (SPEC §4). */
  expired: z.boolean().optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
