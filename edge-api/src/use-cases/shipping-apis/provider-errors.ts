import { ApiError } from '../../errors';
import { ProviderError } from '../../ports/label-provider';

/**
 * A provider failure in the error taxonomy. The message is ours (ProviderError keeps provider text in `logMessage`,
 * which goes to the log only); 503 answers carry Retry-After.
 */
export function providerApiError(err: unknown): ApiError | undefined {
  if (!(err instanceof ProviderError)) return undefined;
  const opts = { logMessage: err.logMessage, cause: err, details: err.details };
  if (err.code === 'upstream_unavailable') {
    const retryAfter = Math.min(Math.max(err.retryAfterSeconds ?? 30, 1), 3600);
    return new ApiError('upstream_unavailable', err.message, {
      ...opts,
      headers: { 'Retry-After': String(retryAfter) },
    });
  }
  return new ApiError(err.code, err.message, opts);
}

/** Runs a provider call, translating its failures into ApiError. */
export async function callProvider<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw providerApiError(err) ?? err;
  }
}
