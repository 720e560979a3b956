import type {
  CreateInvoiceResponse,
  PendingCryptoPaymentsResponse,
  RefreshPaymentResponse,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { centsToUsd, usdToCents } from '../../lib/money';
import { presentPendingCryptoPayment } from '../../lib/presenters/transaction';
import { requireUser } from '../../middleware/auth';
import { createTopUpInvoice } from '../../use-cases/crypto/create-top-up-invoice';
import { handlePaymentWebhook } from '../../use-cases/crypto/handle-payment-webhook';
import { listPendingCryptoPayments } from '../../use-cases/crypto/list-pending-crypto-payments';
import { refreshCryptoPayment } from '../../use-cases/crypto/refresh-crypto-payment';
import { cryptoValidators } from './crypto.routes';

const factory = createFactory<AppEnv>();

export const createInvoice = factory.createHandlers(requireUser, cryptoValidators.createInvoice, async (c) => {
  const entry = await createTopUpInvoice(c.get('services'), {
    userId: c.get('user').id,
    amountCents: usdToCents(c.req.valid('json').amount),
  });
  const body: CreateInvoiceResponse = { transactionId: entry.id, paymentUrl: entry.paymentUrl ?? '' };
  return c.json(body, 201);
});

export const pending = factory.createHandlers(requireUser, async (c) => {
  const rows = await listPendingCryptoPayments(c.get('services'), { userId: c.get('user').id });
  const body: PendingCryptoPaymentsResponse = { transactions: rows.map(presentPendingCryptoPayment) };
  return c.json(body, 200);
});

export const refresh = factory.createHandlers(requireUser, cryptoValidators.transactionId, async (c) => {
  const { entry, amountCents, message } = await refreshCryptoPayment(c.get('services'), {
    userId: c.get('user').id,
    transactionId: c.req.valid('param').transactionId,
  });
  const body: RefreshPaymentResponse = { status: entry.status, amount: centsToUsd(amountCents), message };
  return c.json(body, 200);
});

/** Reads the raw body (the signature covers its exact bytes), then hands it to the use-case. */
export const webhook = factory.createHandlers(async (c) => {
  const rawBody = await c.req.text();
  const { outcome } = await handlePaymentWebhook(c.get('services'), {
    rawBody,
    headers: { get: (name) => c.req.header(name) },
  });
  return c.json({ received: true, outcome }, 200);
});
