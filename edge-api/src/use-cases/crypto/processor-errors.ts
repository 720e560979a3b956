import { ApiError } from '../../errors';
import { PaymentProcessorError } from '../../ports/payment-processor';

export const PROCESSOR_UNAVAILABLE_MESSAGE = 'Payment processor is unavailable. Please try again later.';
export const PROCESSOR_REFUSED_MESSAGE = 'The payment processor could not handle the request. Please try again later.';

/** A processor failure in the error taxonomy: unreachable or unconfigured → 503, refused or garbled → 502. */
export function processorApiError(err: unknown): ApiError | undefined {
  if (!(err instanceof PaymentProcessorError)) return undefined;
  if (err.kind === 'rejected') {
    return new ApiError('upstream_error', PROCESSOR_REFUSED_MESSAGE, { logMessage: err.message, cause: err });
  }
  return new ApiError('upstream_unavailable', PROCESSOR_UNAVAILABLE_MESSAGE, {
    logMessage: err.message,
    cause: err,
    headers: { 'Retry-After': '30' },
  });
}

/** Runs a processor call, translating its failures into ApiError. */
export async function callProcessor<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw processorApiError(err) ?? err;
  }
}
