import {
  grossDueSats,
  methodFeeSats,
  netPaidSats,
  PAYMENT_METHOD_ID,
  paidSats,
  rateOf,
  remainingSats,
  toPaymentModel,
  unixSeconds,
} from './accounting';
import { markableStatuses } from './invoices';
import { formatCents, formatRate, formatSats, satsToCents } from './money';
import type { DeliveryRecord, InvoiceRecord, WebhookRecord } from './state';

/** Greenfield JSON views of the sandbox records (field names and types as BTCPay Server returns them). */

export function checkoutLinkFor(publicBaseUrl: string, invoiceId: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/i/${encodeURIComponent(invoiceId)}`;
}

/** `InvoiceData`: amounts are decimal strings, times unix seconds. */
export function toInvoiceData(invoice: InvoiceRecord, publicBaseUrl: string) {
  return {
    id: invoice.id,
    storeId: invoice.storeId,
    amount: formatCents(invoice.amountCents),
    // BTCPay: the invoice's PaidAmount.Net, what the store received net of network fees.
    paidAmount: formatCents(satsToCents(netPaidSats(invoice), rateOf(invoice))),
    currency: invoice.currency,
    type: 'Standard',
    checkoutLink: checkoutLinkFor(publicBaseUrl, invoice.id),
    createdTime: unixSeconds(invoice.createdAt),
    expirationTime: unixSeconds(invoice.expiresAt),
    monitoringExpiration: unixSeconds(invoice.monitoringExpiresAt),
    status: invoice.status,
    additionalStatus: invoice.additionalStatus,
    availableStatusesForManualMarking: markableStatuses(invoice),
    archived: invoice.archived,
    metadata: invoice.metadata,
    checkout: {
      speedPolicy: invoice.checkout.speedPolicy,
      paymentMethods: [...invoice.checkout.paymentMethods],
      defaultPaymentMethod: invoice.checkout.defaultPaymentMethod,
      lazyPaymentMethods: invoice.checkout.lazyPaymentMethods,
      expirationMinutes: invoice.checkout.expirationMinutes,
      monitoringMinutes: invoice.checkout.monitoringMinutes,
      paymentTolerance: invoice.checkout.paymentTolerance,
      redirectURL: invoice.checkout.redirectURL,
      redirectAutomatically: invoice.checkout.redirectAutomatically,
      defaultLanguage: invoice.checkout.defaultLanguage,
    },
    receipt: { enabled: true, showQR: null, showPayments: null },
  };
}
export type InvoiceData = ReturnType<typeof toInvoiceData>;

/**
 * `InvoicePaymentMethodDataModel` (BTCPay 2.x) for the one on-chain BTC method, as `PaymentPrompt.Calculate()` fills
 * it: `paymentMethodPaid` and `totalPaid` are gross (the network fees the payments carried included), `amount` is the
 * gross total due, `paymentMethodFee` the fees paid plus, while underpaid, the next payment's. What the store received
 * is paymentMethodPaid − Σ payments[].fee, × rate.
 */
export function toPaymentMethodData(invoice: InvoiceRecord, feeRateSatPerVbyte: number) {
  const paid = paidSats(invoice);
  const due = remainingSats(invoice);
  return {
    paymentMethodId: PAYMENT_METHOD_ID,
    currency: 'BTC',
    destination: invoice.destination,
    paymentLink:
      due > 0 ? `bitcoin:${invoice.destination}?amount=${formatSats(due)}` : `bitcoin:${invoice.destination}`,
    rate: formatRate(rateOf(invoice)),
    paymentMethodPaid: formatSats(paid),
    totalPaid: formatSats(paid),
    due: formatSats(due),
    amount: formatSats(grossDueSats(invoice)),
    paymentMethodFee: formatSats(methodFeeSats(invoice)),
    payments: invoice.payments.map(toPaymentModel),
    activated: true,
    additionalData: {
      keyPath: `0/${invoice.keyPathIndex}`,
      payjoinEnabled: false,
      accountDerivation: null,
      recommendedFeeRate: '1',
      paymentMethodFeeRate: String(feeRateSatPerVbyte),
    },
  };
}
export type PaymentMethodData = ReturnType<typeof toPaymentMethodData>;

/** `WebhookData` (the secret is only shown when the webhook is created). */
export function toWebhookData(webhook: WebhookRecord, withSecret = false) {
  return {
    id: webhook.id,
    enabled: webhook.enabled,
    automaticRedelivery: webhook.automaticRedelivery,
    url: webhook.url,
    authorizedEvents: {
      everything: webhook.authorizedEvents.everything,
      specificEvents: [...webhook.authorizedEvents.specificEvents],
    },
    ...(withSecret ? { secret: webhook.secret } : {}),
  };
}

/** `WebhookDeliveryData`. */
export function toDeliveryData(delivery: DeliveryRecord) {
  return {
    id: delivery.id,
    timestamp: unixSeconds(delivery.createdAt),
    // BTCPay 2.4: when the request was (last) sent.
    deliveryTime: unixSeconds(delivery.sentAt),
    httpCode: delivery.httpCode,
    errorMessage: delivery.errorMessage,
    status: delivery.status,
  };
}
