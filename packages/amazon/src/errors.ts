import { AMAZON_MESSAGES } from './constants';

/** Machine-readable reason of an {@link AmazonError}; the message is the user-facing SPEC text. */
export type AmazonErrorCode =
  | 'invalid_file'
  | 'no_skus'
  | 'no_grouping_method'
  | 'no_skus_to_group'
  | 'no_products_to_group'
  | 'no_rows';

const MESSAGE_BY_CODE: Record<AmazonErrorCode, string> = {
  invalid_file: AMAZON_MESSAGES.invalidFile,
  no_skus: AMAZON_MESSAGES.noSkus,
  no_grouping_method: AMAZON_MESSAGES.noGroupingMethod,
  no_skus_to_group: AMAZON_MESSAGES.noSkusToGroup,
  no_products_to_group: AMAZON_MESSAGES.noProductsToGroup,
  no_rows: AMAZON_MESSAGES.noRows,
};

/**
 * The only error this package throws on purpose. `message` is the exact text the UI shows (SPEC §5); `code` lets callers
 * branch without comparing strings.
 */
export class AmazonError extends Error {
  override readonly name = 'AmazonError';
  readonly code: AmazonErrorCode;

  constructor(code: AmazonErrorCode) {
    super(MESSAGE_BY_CODE[code]);
    this.code = code;
  }
}

export function isAmazonError(error: unknown): error is AmazonError {
  return error instanceof AmazonError;
}
