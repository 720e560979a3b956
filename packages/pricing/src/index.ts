/**
 * @labeldesk/pricing — label prices (SPEC §3, §5, §9) as pure, browser-safe functions: money in integer cents, weights
 * in integer hundredths of the service's unit. Used by the API to charge and by the screens to display. See README.md.
 */
export * from './errors';
export * from './messages';
export * from './money';
export * from './price';
export * from './tiers';
export * from './weight';
