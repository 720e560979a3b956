import { z } from 'zod';

/**
 * The payment processor that turns crypto into USD top-ups. Adapter: BTCPay Server's Greenfield API over `fetch`
 * (src/adapters/btcpay/greenfield-processor.ts), the same code on Node and Workers. Amounts cross this port in integer
 * cents; the adapter speaks the processor's decimal strings.
 */

/** Invoice states as BTCPay Server names them. */
export const InvoiceStatus = z.enum(['New', 'Processing', 'Settled', 'Expired', 'Invalid']);
export type InvoiceStatus = z.infer<typeof InvoiceStatus>;
export const InvoiceAdditionalStatus = z.enum(['None', 'PaidLate', 'PaidPartial', 'Marked', 'Invalid', 'PaidOver']);
export type InvoiceAdditionalStatus = z.infer<typeof InvoiceAdditionalStatus>;

/** An invoice as the processor reports it (re-read from the processor, never taken from a webhook body). */
export const ProcessorInvoice = z.object({
  id: z.string().min(1),
  storeId: z.string(),
  status: InvoiceStatus,
  additionalStatus: InvoiceAdditionalStatus,
  /** The invoice amount (what was asked), cents. */
  amountCents: z.number().int().nonnegative(),
  currency: z.string(),
  checkoutLink: z.string(),
  /** What we put in when creating it. */
  metadata: z.object({ transactionId: z.string().optional(), userId: z.string().optional() }),
  createdAt: z.string(),
});
export type ProcessorInvoice = z.infer<typeof ProcessorInvoice>;

export const CreateInvoiceInput = z.object({
  amountCents: z.number().int().positive(),
  /** Our ledger entry id, stored in the invoice metadata (with the user id) so a lost reply can be recovered. */
  transactionId: z.string().min(1),
  userId: z.string().min(1),
  /** Where the checkout page sends the customer afterwards (our /balance page). */
  redirectUrl: z.string().url(),
});
export type CreateInvoiceInput = z.infer<typeof CreateInvoiceInput>;

/** Money received on an invoice. */
export interface Received {
  /**
   * USD the store received, in cents: Σ over payment methods of (paid amount − the network fees the payments carried)
   * × rate, computed exactly and rounded once, half away from zero, to the cent. Counts unconfirmed payments too (as
   * the processor does).
   */
  cents: number;
  /** True while any payment is still waiting for confirmation (it could yet turn out invalid). */
  awaitingConfirmation: boolean;
}

/** Greenfield invoice webhook event types. */
export const WEBHOOK_EVENT_TYPES = [
  'InvoiceCreated',
  'InvoiceReceivedPayment',
  'InvoicePaymentSettled',
  'InvoiceProcessing',
  'InvoiceExpired',
  'InvoiceSettled',
  'InvoiceInvalid',
  'InvoiceExpiredPaidPartial',
  'InvoicePaidAfterExpiration',
] as const;

/** A verified webhook delivery, reduced to what we act on. Anything else in the body is ignored. */
export const WebhookEvent = z.object({
  deliveryId: z.string().min(1).max(200),
  /** The processor's event type; unknown types are kept as text and need no action. */
  type: z.string().max(100),
  storeId: z.string().max(200).nullable(),
  invoiceId: z.string().min(1).max(200).nullable(),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

export type PaymentProcessorErrorKind =
  /** Not reachable, timed out, or answered 5xx: try again later (503 upstream_unavailable). */
  | 'unavailable'
  /** Answered, but refused or garbled the request (auth, validation, unexpected body): 502 upstream_error. */
  | 'rejected'
  /** Not configured on this deployment. */
  | 'not_configured';

export class PaymentProcessorError extends Error {
  readonly kind: PaymentProcessorErrorKind;
  constructor(kind: PaymentProcessorErrorKind, message: string, opts: { cause?: unknown } = {}) {
    super(message, { cause: opts.cause });
    this.name = 'PaymentProcessorError';
    this.kind = kind;
  }
}

/** A webhook whose signature is missing or wrong (401, nothing done). */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

export interface PaymentProcessor {
  /** Creates an invoice for `amountCents` USD; throws PaymentProcessorError. */
  createInvoice(input: CreateInvoiceInput): Promise<ProcessorInvoice>;
  /** The invoice as the processor sees it now; null when it does not know the id. */
  getInvoice(invoiceId: string): Promise<ProcessorInvoice | null>;
  /** What the invoice has actually received so far (see `Received`). */
  getReceived(invoiceId: string): Promise<Received>;
  /**
   * Verifies the signature of a raw webhook body (constant time) and parses it. Throws WebhookSignatureError when the
   * signature is missing or wrong, and a ZodError when a signed body is not a webhook.
   */
  verifyWebhook(rawBody: string, headers: { get(name: string): string | null | undefined }): Promise<WebhookEvent>;
}

/** For deployments without a processor: every call fails as `not_configured` (crypto routes answer 503). */
export const unconfiguredPaymentProcessor: PaymentProcessor = {
  createInvoice: async () => {
    throw new PaymentProcessorError('not_configured', 'no payment processor is configured');
  },
  getInvoice: async () => {
    throw new PaymentProcessorError('not_configured', 'no payment processor is configured');
  },
  getReceived: async () => {
    throw new PaymentProcessorError('not_configured', 'no payment processor is configured');
  },
  verifyWebhook: async () => {
    throw new WebhookSignatureError('no webhook secret is configured');
  },
};
