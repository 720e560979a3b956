import { formatSats } from './money';
import type { InvoiceRecord, PaymentRecord } from './state';

/** Greenfield 2.x id of the only payment method the sandbox offers: bitcoin on-chain. */
export const PAYMENT_METHOD_ID = 'BTC-CHAIN';

/**
 * When a store adds the payment-method ("network") fee to an invoice (BTCPay's store setting `networkFeeMode`):
 * `MultiplePaymentsOnly` (BTCPay's default) from the second payment on, `Always` on every payment, `Never`.
 */
export const NETWORK_FEE_MODES = ['MultiplePaymentsOnly', 'Always', 'Never'] as const;
export type NetworkFeeMode = (typeof NETWORK_FEE_MODES)[number];

/** BTCPay prices the network fee of one more payment as a 100-byte transaction at the fee rate (sat/vB). */
export const FEE_VBYTES = 100;

/** Payments that count (BTCPay's "accounted" payments: Processing or Settled). */
function accounted(invoice: InvoiceRecord): PaymentRecord[] {
  return invoice.payments.filter((p) => p.status !== 'Invalid');
}

/** Satoshis sent to the invoice (gross: fees included), confirmed or not, as BTCPay's `paymentMethodPaid`. */
export function paidSats(invoice: InvoiceRecord): number {
  return accounted(invoice).reduce((sum, p) => sum + p.sats, 0);
}

/** Network fees the payments carried (each payment's `fee`). */
export function paidFeeSats(invoice: InvoiceRecord): number {
  return accounted(invoice).reduce((sum, p) => sum + p.feeSats, 0);
}

/** What the store really received: every payment net of its fee (BTCPay's `PaidAmount.Net`). */
export function netPaidSats(invoice: InvoiceRecord): number {
  return paidSats(invoice) - paidFeeSats(invoice);
}

/** True while the net received does not cover the invoice (BTCPay's `MinimumNetDue > 0`, without tolerance). */
export function isUnderpaid(invoice: InvoiceRecord): boolean {
  return netPaidSats(invoice) < invoice.dueSats;
}

/**
 * BTCPay's `PaymentPrompt.Calculate()` for the one method, in satoshis: the gross amount due is the invoice plus the
 * fees already paid plus, while it is underpaid, the fee of the payment still to come.
 */
export function grossDueSats(invoice: InvoiceRecord): number {
  return invoice.dueSats + paidFeeSats(invoice) + (isUnderpaid(invoice) ? invoice.promptFeeSats : 0);
}

/** Satoshis still to send (the next payment's fee included); negative when overpaid. */
export function remainingSats(invoice: InvoiceRecord): number {
  return grossDueSats(invoice) - paidSats(invoice);
}

/** Greenfield's method-level `paymentMethodFee`: fees paid so far plus, while underpaid, the next one. */
export function methodFeeSats(invoice: InvoiceRecord): number {
  return grossDueSats(invoice) - invoice.dueSats;
}

/** The BTC/USD rate locked on the invoice, scaled by 1e8. */
export function rateOf(invoice: InvoiceRecord): bigint {
  return BigInt(invoice.rateE8);
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** A payment as Greenfield's `Payment` model (`fee`: the network fee this payment paid, in BTC). */
export function toPaymentModel(payment: PaymentRecord) {
  return {
    id: payment.id,
    receivedDate: unixSeconds(payment.receivedAt),
    value: formatSats(payment.sats),
    fee: formatSats(payment.feeSats),
    status: payment.status,
    destination: payment.destination,
  };
}
