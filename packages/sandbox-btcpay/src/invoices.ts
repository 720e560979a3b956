import { type NetworkFeeMode, netPaidSats, PAYMENT_METHOD_ID, paidSats, toPaymentModel } from './accounting';
import { newBtcpayId, newFakeAddress, newFakePaymentId } from './ids';
import { centsToSats } from './money';
import type { CheckoutRecord, InvoiceRecord, InvoiceStatus, PaymentRecord, StateStore } from './state';

/** Webhook event types a BTCPay store emits for invoices (Greenfield names). */
export const INVOICE_EVENT_TYPES = [
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
export type InvoiceEventType = (typeof INVOICE_EVENT_TYPES)[number];

/** Something that happened to an invoice; the webhook layer turns it into one delivery per subscribed webhook. */
export interface InvoiceEvent {
  type: InvoiceEventType;
  invoice: InvoiceRecord;
  /** Type-specific fields (overPaid, partiallyPaid, manuallyMarked, afterExpiration, payment...). */
  extra: Record<string, unknown>;
}

/** A sandbox action that the invoice's state does not allow (paying a settled invoice, expiring a paid one...). */
export class InvoiceActionError extends Error {
  constructor(
    readonly code: 'invalid-state' | 'invalid-amount',
    message: string,
  ) {
    super(message);
    this.name = 'InvoiceActionError';
  }
}

export interface CreateInvoiceInput {
  amountCents: number;
  metadata: Record<string, unknown>;
  checkout: CheckoutRecord;
  additionalSearchTerms: string[];
}

export interface InvoiceEngineConfig {
  now: () => number;
  settlementDelayMs: () => number;
  rateE8: () => bigint;
  /** The store's network fee setting: when it applies, and the fee of one payment in satoshis. */
  networkFee: () => { mode: NetworkFeeMode; sats: number };
  emit: (event: InvoiceEvent) => void;
}

/** Statuses BTCPay lets a merchant mark this invoice as (`availableStatusesForManualMarking`). */
export function markableStatuses(invoice: InvoiceRecord): InvoiceStatus[] {
  const open = invoice.status === 'New' || invoice.status === 'Processing' || invoice.status === 'Expired';
  const out: InvoiceStatus[] = [];
  if (open || (invoice.status === 'Invalid' && invoice.additionalStatus === 'Marked')) out.push('Settled');
  if (open || (invoice.status === 'Settled' && invoice.additionalStatus === 'Marked')) out.push('Invalid');
  return out;
}

/**
 * The invoice state machine, following BTCPay's InvoiceWatcher: New → Processing (paid in full, PaidOver if more)
 * → Settled (payments confirmed); New → Expired at expiry (PaidPartial kept when something was paid); Expired + full
 * payment → additionalStatus PaidLate; manual marking → Settled/Invalid with additionalStatus Marked.
 */
export class InvoiceEngine {
  constructor(
    private readonly store: StateStore,
    private readonly config: InvoiceEngineConfig,
  ) {}

  get invoices(): InvoiceRecord[] {
    return this.store.state.invoices;
  }

  find(id: string): InvoiceRecord | undefined {
    return this.invoices.find((invoice) => invoice.id === id);
  }

  create(storeId: string, input: CreateInvoiceInput): InvoiceRecord {
    const now = this.config.now();
    const rateE8 = this.config.rateE8();
    const expiresAt = now + Math.round(input.checkout.expirationMinutes * 60_000);
    const invoice: InvoiceRecord = {
      id: newBtcpayId(),
      storeId,
      amountCents: input.amountCents,
      currency: 'USD',
      metadata: input.metadata,
      checkout: input.checkout,
      additionalSearchTerms: input.additionalSearchTerms,
      createdAt: now,
      expiresAt,
      monitoringExpiresAt: expiresAt + Math.round(input.checkout.monitoringMinutes * 60_000),
      status: 'New',
      additionalStatus: 'None',
      archived: false,
      rateE8: rateE8.toString(),
      dueSats: centsToSats(input.amountCents, rateE8),
      destination: newFakeAddress(),
      keyPathIndex: this.store.state.nextKeyPathIndex++,
      promptFeeSats: this.config.networkFee().mode === 'Always' ? this.config.networkFee().sats : 0,
      payments: [],
    };
    this.invoices.push(invoice);
    this.config.emit({ type: 'InvoiceCreated', invoice, extra: {} });
    return invoice;
  }

  /**
   * Records an on-chain payment of `sats` (gross) to the invoice's address and moves the invoice on. As BTCPay's
   * NBXplorerListener: the payment carries the fee the invoice asked for when it arrived, and under
   * MultiplePaymentsOnly the first payment switches the fee on for every later one. The invoice is paid once what the
   * store received net of those fees covers it.
   */
  pay(invoice: InvoiceRecord, sats: number): PaymentRecord {
    if (!Number.isInteger(sats) || sats <= 0) throw new InvoiceActionError('invalid-amount', 'Nothing to pay');
    if (invoice.status !== 'New' && invoice.status !== 'Expired') {
      throw new InvoiceActionError('invalid-state', `A ${invoice.status} invoice does not accept payments`);
    }
    const now = this.config.now();
    if (invoice.status === 'Expired' && now > invoice.monitoringExpiresAt) {
      throw new InvoiceActionError('invalid-state', 'The invoice is no longer monitored for payments');
    }
    const payment: PaymentRecord = {
      id: newFakePaymentId(),
      receivedAt: now,
      sats,
      feeSats: invoice.promptFeeSats,
      status: 'Processing',
      settleAt: now + this.config.settlementDelayMs(),
      destination: invoice.destination,
    };
    invoice.payments.push(payment);
    const fee = this.config.networkFee();
    if (fee.mode === 'MultiplePaymentsOnly' && invoice.promptFeeSats === 0) invoice.promptFeeSats = fee.sats;
    this.config.emit({
      type: 'InvoiceReceivedPayment',
      invoice,
      extra: paymentEventFields(invoice, payment),
    });

    const paid = netPaidSats(invoice);
    const fullyPaid = paid >= invoice.dueSats;
    if (invoice.status === 'New') {
      if (fullyPaid) {
        invoice.status = 'Processing';
        invoice.additionalStatus = paid > invoice.dueSats ? 'PaidOver' : 'None';
        this.config.emit({
          type: 'InvoiceProcessing',
          invoice,
          extra: { overPaid: invoice.additionalStatus === 'PaidOver' },
        });
      } else {
        invoice.additionalStatus = 'PaidPartial';
      }
    } else if (fullyPaid) {
      if (invoice.additionalStatus !== 'PaidLate') {
        invoice.additionalStatus = 'PaidLate';
        this.config.emit({ type: 'InvoicePaidAfterExpiration', invoice, extra: { afterExpiration: true } });
      }
    } else {
      invoice.additionalStatus = 'PaidPartial';
    }
    this.sweepInvoice(invoice, now);
    return payment;
  }

  /** Moves the expiry to now (BTCPay's cheat-mode "expire"); the invoice expires on the spot. */
  expireNow(invoice: InvoiceRecord): void {
    if (invoice.status !== 'New') {
      throw new InvoiceActionError('invalid-state', `A ${invoice.status} invoice cannot expire`);
    }
    const now = this.config.now();
    invoice.monitoringExpiresAt = now + (invoice.monitoringExpiresAt - invoice.expiresAt);
    invoice.expiresAt = now;
    this.sweepInvoice(invoice, now);
  }

  /** Treats every pending payment as confirmed now (BTCPay's cheat-mode "mine blocks"). */
  confirmPayments(invoice: InvoiceRecord): void {
    const now = this.config.now();
    const pending = invoice.payments.filter((p) => p.status === 'Processing');
    if (pending.length === 0) throw new InvoiceActionError('invalid-state', 'No payment is waiting for confirmation');
    for (const payment of pending) payment.settleAt = Math.min(payment.settleAt, now);
    this.sweepInvoice(invoice, now);
  }

  /** Greenfield "mark invoice status": Settled or Invalid, additionalStatus Marked. */
  mark(invoice: InvoiceRecord, status: 'Settled' | 'Invalid'): void {
    if (!markableStatuses(invoice).includes(status)) {
      throw new InvoiceActionError('invalid-state', `A ${invoice.status} invoice cannot be marked ${status}`);
    }
    invoice.status = status;
    invoice.additionalStatus = 'Marked';
    if (status === 'Settled') {
      this.config.emit({ type: 'InvoiceSettled', invoice, extra: { manuallyMarked: true, overPaid: false } });
    } else {
      this.config.emit({ type: 'InvoiceInvalid', invoice, extra: { manuallyMarked: true } });
    }
  }

  /** Applies everything that is due by now: expiries, confirmations, settlement, failure to confirm. */
  sweep(): boolean {
    const now = this.config.now();
    let changed = false;
    for (const invoice of this.invoices) {
      if (this.sweepInvoice(invoice, now)) changed = true;
    }
    return changed;
  }

  private sweepInvoice(invoice: InvoiceRecord, now: number): boolean {
    let changed = false;
    if (invoice.status === 'New' && now >= invoice.expiresAt) {
      invoice.status = 'Expired';
      const partiallyPaid = paidSats(invoice) > 0;
      this.config.emit({ type: 'InvoiceExpired', invoice, extra: { partiallyPaid } });
      if (partiallyPaid) {
        this.config.emit({ type: 'InvoiceExpiredPaidPartial', invoice, extra: { afterExpiration: true } });
      }
      changed = true;
    }
    for (const payment of invoice.payments) {
      if (payment.status === 'Processing' && now >= payment.settleAt) {
        payment.status = 'Settled';
        this.config.emit({
          type: 'InvoicePaymentSettled',
          invoice,
          extra: paymentEventFields(invoice, payment),
        });
        changed = true;
      }
    }
    if (invoice.status === 'Processing') {
      if (invoice.payments.every((p) => p.status !== 'Processing')) {
        invoice.status = 'Settled';
        this.config.emit({
          type: 'InvoiceSettled',
          invoice,
          extra: { manuallyMarked: false, overPaid: invoice.additionalStatus === 'PaidOver' },
        });
        changed = true;
      } else if (now > invoice.monitoringExpiresAt) {
        invoice.status = 'Invalid';
        this.config.emit({ type: 'InvoiceInvalid', invoice, extra: { manuallyMarked: false } });
        changed = true;
      }
    }
    return changed;
  }
}

function paymentEventFields(invoice: InvoiceRecord, payment: PaymentRecord): Record<string, unknown> {
  return {
    afterExpiration: invoice.status === 'Expired' || invoice.status === 'Invalid',
    paymentMethodId: PAYMENT_METHOD_ID,
    payment: toPaymentModel(payment),
  };
}
