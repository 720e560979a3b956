/** Machine-readable reason of a {@link PricingError}. */
export type PricingErrorCode = 'invalid_tier' | 'invalid_cents';

/**
 * Thrown only for input the package cannot read at all (a tier value that is not a number, cents that are not a safe
 * integer). Everything a user can cause — a weight without a tier, an invalid custom rule, a bad price input — comes back
 * as a typed result instead. `message` is safe to show.
 */
export class PricingError extends Error {
  override readonly name = 'PricingError';
  readonly code: PricingErrorCode;

  constructor(code: PricingErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}

export function isPricingError(error: unknown): error is PricingError {
  return error instanceof PricingError;
}
