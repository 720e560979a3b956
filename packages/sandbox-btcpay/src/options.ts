import { NETWORK_FEE_MODES, type NetworkFeeMode } from './accounting';

export interface BtcpaySandboxOptions {
  /** The store id clients must use in /api/v1/stores/{storeId}/… Default `sandbox-store`. */
  storeId?: string;
  /** The Greenfield API key (`Authorization: token <apiKey>`). Default `sandbox-api-key`. */
  apiKey?: string;
  /** Webhook the store calls on invoice events (LabelDesk's POST /api/crypto/webhook). Needs `webhookSecret`. */
  webhookUrl?: string;
  /** Secret of that webhook: deliveries carry `BTCPay-Sig: sha256=HMAC-SHA256(secret, body)`. */
  webhookSecret?: string;
  /** Default invoice lifetime when the request has no checkout.expirationMinutes. Default 15. */
  invoiceExpirationMinutes?: number;
  /** How long after expiry payments are still accepted (BTCPay's monitoring window). Default 1440 (one day). */
  monitoringMinutes?: number;
  /** Delay from a payment to its confirmation (Processing → Settled). Default 2000; 0 settles at once. */
  settlementDelayMs?: number;
  /** BTC/USD rate locked on new invoices, a decimal string. Default "65000.00". */
  btcUsdRate?: string;
  /**
   * The store's network fee mode (BTCPay's `networkFeeMode`): `MultiplePaymentsOnly` (BTCPay's default: every payment
   * after the first pays the fee on top), `Always` or `Never`.
   */
  networkFeeMode?: NetworkFeeMode;
  /** Fee rate in sat/vB; a payment's fee is 100 vbytes at this rate (BTCPay's estimate). Default 10 (1000 sats). */
  networkFeeRate?: number;
  /** Waits between automatic redeliveries of a failed webhook delivery. Default BTCPay's 10 s, 1 min, 6 × 10 min. */
  webhookRetryScheduleMs?: readonly number[];
  /** Timeout of one webhook request. Default 10 000 ms. */
  webhookTimeoutMs?: number;
  /** Base URL of the sandbox as the customer's browser sees it (checkout links, form actions). Default its own URL. */
  publicBaseUrl?: string;
  /** Directory for the persistence file `sandbox-btcpay.json`; without it (or `dataFile`) state is in memory only. */
  dataDir?: string;
  /** Exact persistence file path (wins over `dataDir`). */
  dataFile?: string;
  /** How often expiries and confirmations are applied in the background. Default 1000 ms; 0 disables the timer. */
  sweepIntervalMs?: number;
  /** Receives one line per notable event (webhook results). Default silent. */
  log?: (line: string) => void;
}

export interface ResolvedOptions {
  storeId: string;
  apiKey: string;
  invoiceExpirationMinutes: number;
  monitoringMinutes: number;
  settlementDelayMs: number;
  sweepIntervalMs: number;
  networkFeeMode: NetworkFeeMode;
  /** sat/vB; 0 under `Never`. */
  networkFeeRate: number;
}

/** The sandbox's URLs (webhook, public base) are absolute http(s) URLs. */
export function requireHttpUrl(url: string): void {
  if (!isHttpUrl(url)) throw new Error(`Not an absolute http(s) URL: ${url}`);
}

export function isHttpUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}

export function feeMode(mode: string): NetworkFeeMode {
  const known = NETWORK_FEE_MODES.find((m) => m === mode);
  if (!known) throw new Error(`networkFeeMode must be one of ${NETWORK_FEE_MODES.join(', ')}`);
  return known;
}

export function wholeNonNegative(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) throw new Error(`${name} must be a whole number, 0 or more`);
  return value;
}

export function positive(value: number, name: string): number {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`);
  return value;
}

export function nonNegative(value: number, name: string): number {
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be 0 or more`);
  return value;
}
