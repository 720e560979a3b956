import {
  LEGACY_PAYMENT_METHOD,
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
    paidAmount: formatCents(satsToCents(paidSats(invoice), rateOf(invoice))),
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
    checkout: { ...invoice.checkout },
    receipt: { enabled: true, showQR: null, showPayments: null },
  };
}
export type InvoiceData = ReturnType<typeof toInvoiceData>;

/** `InvoicePaymentMethodDataModel` for the one on-chain BTC method; USD received = paymentMethodPaid × rate. */
export function toPaymentMethodData(invoice: InvoiceRecord) {
  const paid = paidSats(invoice);
  const due = remainingSats(invoice);
  return {
    paymentMethodId: PAYMENT_METHOD_ID,
    paymentMethod: LEGACY_PAYMENT_METHOD,
    currency: 'BTC',
    cryptoCode: 'BTC',
    destination: invoice.destination,
    paymentLink:
      due > 0 ? `bitcoin:${invoice.destination}?amount=${formatSats(due)}` : `bitcoin:${invoice.destination}`,
    rate: formatRate(rateOf(invoice)),
    paymentMethodPaid: formatSats(paid),
    totalPaid: formatSats(paid),
    due: formatSats(due),
    amount: formatSats(invoice.dueSats),
    paymentMethodFee: formatSats(0),
    networkFee: formatSats(0),
    payments: invoice.payments.map(toPaymentModel),
    activated: true,
    additionalData: {
      keyPath: `0/${invoice.keyPathIndex}`,
      payjoinEnabled: false,
      accountDerivation: null,
      recommendedFeeRate: '1',
      paymentMethodFeeRate: '0',
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
    sentTimestamp: unixSeconds(delivery.sentAt),
    httpCode: delivery.httpCode,
    errorMessage: delivery.errorMessage,
    status: delivery.status,
  };
}
