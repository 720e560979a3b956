export {
  type ConfirmationRecord,
  CSRF_HEADER,
  createMarketplaceSandbox,
  createMarketplaceSandboxApp,
  type IssuedSession,
  MAX_SHIPMENTS_PER_REQUEST,
  type MarketplaceErrorCode,
  type MarketplaceSandbox,
  type MarketplaceSandboxApp,
  type MarketplaceSandboxOptions,
  ORDER_ID_PATTERN,
  type OrderMark,
  type RateLimit,
} from './sandbox';
export { COOKIES_FILE_NAME } from './signin-page';
