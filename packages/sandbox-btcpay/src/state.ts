import { closeSync, existsSync, fsyncSync, mkdirSync, openSync, readFileSync, renameSync, writeSync } from 'node:fs';
import { dirname } from 'node:path';

/** Invoice status, exactly as Greenfield spells it. */
export type InvoiceStatus = 'New' | 'Processing' | 'Settled' | 'Expired' | 'Invalid';
/** Greenfield's `additionalStatus` (BTCPay's exception status). */
export type AdditionalStatus = 'None' | 'PaidLate' | 'PaidPartial' | 'Marked' | 'Invalid' | 'PaidOver';
export type PaymentStatus = 'Processing' | 'Settled' | 'Invalid';

export interface PaymentRecord {
  id: string;
  receivedAt: number;
  /** Gross: what was sent, the fee included. */
  sats: number;
  /** The network fee this payment paid (the invoice's promptFeeSats when it arrived); 0 in state files before it. */
  feeSats: number;
  status: PaymentStatus;
  /** When the payment counts as confirmed (ms, sandbox clock). */
  settleAt: number;
  destination: string;
}

export interface CheckoutRecord {
  speedPolicy: string;
  paymentMethods: string[];
  defaultPaymentMethod: string | null;
  lazyPaymentMethods: boolean;
  expirationMinutes: number;
  monitoringMinutes: number;
  paymentTolerance: number;
  redirectURL: string | null;
  redirectAutomatically: boolean;
  defaultLanguage: string | null;
}

export interface InvoiceRecord {
  id: string;
  storeId: string;
  amountCents: number;
  currency: 'USD';
  metadata: Record<string, unknown>;
  checkout: CheckoutRecord;
  additionalSearchTerms: string[];
  createdAt: number;
  expiresAt: number;
  monitoringExpiresAt: number;
  status: InvoiceStatus;
  additionalStatus: AdditionalStatus;
  archived: boolean;
  /** BTC/USD rate locked at creation, scaled by 1e8, as a decimal string (BigInt does not survive JSON). */
  rateE8: string;
  /** The invoice amount in satoshis at the locked rate, rounded up. */
  dueSats: number;
  destination: string;
  keyPathIndex: number;
  /**
   * BTCPay's `PaymentPrompt.PaymentMethodFee`: the network fee the next payment carries. Under MultiplePaymentsOnly it
   * is 0 until the first payment arrives; 0 in state files before it.
   */
  promptFeeSats: number;
  payments: PaymentRecord[];
}

export interface WebhookRecord {
  id: string;
  storeId: string;
  url: string;
  secret: string;
  enabled: boolean;
  automaticRedelivery: boolean;
  authorizedEvents: { everything: boolean; specificEvents: string[] };
  /** The webhook configured through the sandbox options / `setWebhook` (LabelDesk's), as opposed to one made over the API. */
  managed: boolean;
}

export type DeliveryStatus = 'HttpSuccess' | 'HttpError' | 'Failed';

export interface DeliveryRecord {
  id: string;
  webhookId: string;
  invoiceId: string;
  type: string;
  originalDeliveryId: string;
  isRedelivery: boolean;
  /** When the delivery was created (ms). */
  createdAt: number;
  /** When the request was sent (ms). */
  sentAt: number;
  status: DeliveryStatus;
  httpCode: number | null;
  errorMessage: string | null;
  /** The exact request body that was signed and sent. */
  body: string;
}

export interface SandboxState {
  version: 1;
  invoices: InvoiceRecord[];
  webhooks: WebhookRecord[];
  deliveries: DeliveryRecord[];
  nextKeyPathIndex: number;
}

/** At most this many deliveries are kept (oldest dropped first), so the file stays small. */
export const MAX_DELIVERIES = 2000;

export function emptyState(): SandboxState {
  return { version: 1, invoices: [], webhooks: [], deliveries: [], nextKeyPathIndex: 0 };
}

/** Holds the state in memory and, when given a file, mirrors it there with atomic writes (temp file, fsync, rename). */
export class StateStore {
  readonly state: SandboxState;

  constructor(private readonly file: string | null) {
    this.state = file ? load(file) : emptyState();
  }

  save(): void {
    if (this.state.deliveries.length > MAX_DELIVERIES) {
      this.state.deliveries.splice(0, this.state.deliveries.length - MAX_DELIVERIES);
    }
    if (!this.file) return;
    mkdirSync(dirname(this.file), { recursive: true });
    const temp = `${this.file}.${process.pid}.tmp`;
    const fd = openSync(temp, 'w', 0o600);
    try {
      writeSync(fd, JSON.stringify(this.state));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, this.file);
  }
}

function load(file: string): SandboxState {
  if (!existsSync(file)) return emptyState();
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  if (!isState(parsed)) {
    throw new Error(`${file} is not a sandbox-btcpay state file (version 1)`);
  }
  // Files written before network fees were modelled: no fee was charged.
  for (const invoice of parsed.invoices) {
    invoice.promptFeeSats ??= 0;
    for (const payment of invoice.payments) payment.feeSats ??= 0;
  }
  return parsed;
}

function isState(value: unknown): value is SandboxState {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Partial<Record<keyof SandboxState, unknown>>;
  return (
    candidate.version === 1 &&
    Array.isArray(candidate.invoices) &&
    Array.isArray(candidate.webhooks) &&
    Array.isArray(candidate.deliveries) &&
    typeof candidate.nextKeyPathIndex === 'number'
  );
}
