import type { CreateInvoiceRequest, ListQuery } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/**
 * The signed-in customer's balance, transactions and pending crypto payments. The header and every page read
 * `balanceQueries.current()`, so anything that moves money invalidates `balanceKeys.all` and they all follow.
 */
export const balanceKeys = {
  all: ['balance'] as const,
  current: () => [...balanceKeys.all, 'current'] as const,
  transactionsAll: ['balance', 'transactions'] as const,
  transactions: (q: ListQuery) => [...balanceKeys.transactionsAll, q] as const,
  /** Crypto payments younger than 24 h that are still open. */
  pendingPayments: () => [...balanceKeys.all, 'pending-payments'] as const,
};

export const balanceQueries = {
  /** Refetched when the window regains focus: a payment made in another tab shows on return. */
  current: () => ({
    ...query(balanceKeys.current(), () => api.balance.get()),
    refetchOnWindowFocus: true,
  }),
  transactions: (q: ListQuery) => query(balanceKeys.transactions(q), (signal) => api.balance.transactions(q, signal)),
  pendingPayments: () => query(balanceKeys.pendingPayments(), () => api.crypto.pending()),
};

export const balanceMutations = {
  createInvoice: mutation(
    (body: CreateInvoiceRequest) => api.crypto.createInvoice(body),
    [balanceKeys.pendingPayments()],
  ),
  /**
   * Asks the server to re-check one invoice. Only the pending list is invalidated: the Balance page refetches the
   * balance and the history when a payment leaves that list (however it left).
   */
  refreshPayment: mutation(
    (transactionId: string) => api.crypto.refresh(transactionId),
    [balanceKeys.pendingPayments()],
  ),
};
