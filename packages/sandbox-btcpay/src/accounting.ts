import { formatSats } from './money';
import type { InvoiceRecord, PaymentRecord } from './state';

/** Greenfield 2.x id of the only payment method the sandbox offers: bitcoin on-chain. */
export const PAYMENT_METHOD_ID = 'BTC-CHAIN';
/** BTCPay 1.x name of the same payment method (the `paymentMethod` field v1 clients read). */
export const LEGACY_PAYMENT_METHOD = 'BTC';

/** Satoshis received on the invoice (every recorded payment counts, confirmed or not, as in BTCPay). */
export function paidSats(invoice: InvoiceRecord): number {
  return invoice.payments.reduce((sum, p) => (p.status === 'Invalid' ? sum : sum + p.sats), 0);
}

/** Satoshis still due; negative when overpaid. */
export function remainingSats(invoice: InvoiceRecord): number {
  return invoice.dueSats - paidSats(invoice);
}

/** The BTC/USD rate locked on the invoice, scaled by 1e8. */
export function rateOf(invoice: InvoiceRecord): bigint {
  return BigInt(invoice.rateE8);
}

export function unixSeconds(ms: number): number {
  return Math.floor(ms / 1000);
}

/** A payment as Greenfield's `Payment` model. */
export function toPaymentModel(payment: PaymentRecord) {
  return {
    id: payment.id,
    receivedDate: unixSeconds(payment.receivedAt),
    value: formatSats(payment.sats),
    fee: formatSats(0),
    status: payment.status,
    destination: payment.destination,
  };
}
