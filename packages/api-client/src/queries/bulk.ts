import type { BulkHistoryQuery, BulkProcessRequest, BulkValidateRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { adminOrderKeys } from './admin-orders';
import { balanceKeys } from './balance';
import { orderKeys } from './orders';
import { mutation, query } from './spec';

/** The customer's bulk orders: the history list and one bulk order with its rows and progress. */
export const bulkKeys = {
  all: ['bulk'] as const,
  history: (q: BulkHistoryQuery) => [...bulkKeys.all, 'history', q] as const,
  detail: (id: string) => [...bulkKeys.all, 'detail', id] as const,
  /**
   * One CSV file's rows priced for one pick. `fileId` stands for the rows (unique per file chosen in this browser
   * session), so the key stays small however long the file. Not under `all`: a bulk order ending must not price the
   * file the customer is looking at again.
   */
  validation: (fileId: number, pick: Omit<BulkValidateRequest, 'orders'>) => ['bulk-validation', fileId, pick] as const,
};

export const bulkQueries = {
  history: (q: BulkHistoryQuery) => query(bulkKeys.history(q), (signal) => api.bulk.history(q, signal)),
  detail: (id: string) => query(bulkKeys.detail(id), () => api.bulk.get(id)),
  /** Aborted when the file or the pick changed while it ran (the old key is left without observers). */
  validation: (fileId: number, body: BulkValidateRequest) => {
    const { orders: _rows, ...pick } = body;
    return query(bulkKeys.validation(fileId, pick), (signal) => api.bulk.validate(body, signal));
  },
};

export const bulkMutations = {
  /** Holds the total at once: the balance follows, and the new bulk order joins the history. */
  process: mutation(
    ({ body, idempotencyKey }: { body: BulkProcessRequest; idempotencyKey?: string }) =>
      api.bulk.process(body, idempotencyKey),
    [balanceKeys.all, bulkKeys.all, orderKeys.all],
  ),
  /** Customer or admin: the refunds move the owner's balance, and the bulk order becomes final in every list. */
  cancel: mutation(
    (id: string) => api.bulk.cancel(id),
    [balanceKeys.all, bulkKeys.all, orderKeys.all, adminOrderKeys.all],
  ),
};
