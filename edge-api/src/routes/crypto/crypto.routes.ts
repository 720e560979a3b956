import { CreateInvoiceRequest } from '@labeldesk/contracts';
import { z } from 'zod';
import { jsonBody, pathParams } from '../../middleware/validate';

/**
 * Crypto top-ups: the customer's invoices, pending payments and refresh (logged in), and the processor's webhook (no
 * session: authenticated by its HMAC signature over the raw body).
 */
export const cryptoRoutes = {
  createInvoice: '/crypto/create-invoice',
  pending: '/crypto/transactions',
  refresh: '/crypto/refresh/:transactionId',
  webhook: '/crypto/webhook',
} as const;

export const TransactionIdParam = z.object({ transactionId: z.string().trim().min(1).max(100) });

export const cryptoValidators = {
  createInvoice: jsonBody(CreateInvoiceRequest),
  transactionId: pathParams(TransactionIdParam),
};
