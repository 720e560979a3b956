import type { BulkHistoryQuery, BulkProcessRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { balanceKeys } from './balance';
import { orderKeys } from './orders';
import { mutation, query } from './spec';

/** The customer's bulk orders: the history list and one bulk order with its rows and progress. */
export const bulkKeys = {
  all: ['bulk'] as const,
  history: (q: BulkHistoryQuery) => [...bulkKeys.all, 'history', q] as const,
  detail: (id: string) => [...bulkKeys.all, 'detail', id] as const,
};

export const bulkQueries = {
  history: (q: BulkHistoryQuery) => query(bulkKeys.history(q), (signal) => api.bulk.history(q, signal)),
  detail: (id: string) => query(bulkKeys.detail(id), () => api.bulk.get(id)),
};

export const bulkMutations = {
  /** Holds the total at once: the balance follows, and the new bulk order joins the history. */
  process: mutation(
    ({ body, idempotencyKey }: { body: BulkProcessRequest; idempotencyKey?: string }) =>
      api.bulk.process(body, idempotencyKey),
    [balanceKeys.all, bulkKeys.all, orderKeys.all],
  ),
};
