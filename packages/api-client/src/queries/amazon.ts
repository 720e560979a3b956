import type { AmazonConfirmRequest, AmazonForgetCredentialsResponse } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { bulkKeys } from './bulk';
import { mutation, query } from './spec';

/** Amazon: the saved marketplace credentials and each bulk order's confirmation states. */
export const amazonKeys = {
  all: ['amazon'] as const,
  savedCredentials: (includeCredentials: boolean) =>
    [...amazonKeys.all, 'saved-credentials', includeCredentials] as const,
  confirmations: (bulkOrderId: string) => [...amazonKeys.all, 'confirmations', bulkOrderId] as const,
};

export const amazonQueries = {
  savedCredentials: (includeCredentials = true) =>
    query(amazonKeys.savedCredentials(includeCredentials), () => api.amazon.savedCredentials(includeCredentials)),
  confirmations: (bulkOrderId: string) =>
    query(amazonKeys.confirmations(bulkOrderId), () => api.amazon.confirmations(bulkOrderId)),
};

export const amazonMutations = {
  confirmOrders: mutation(
    (body: AmazonConfirmRequest) => api.amazon.confirmOrders(body),
    [amazonKeys.all, bulkKeys.all],
  ),
  forgetSavedCredentials: mutation<void, AmazonForgetCredentialsResponse>(
    () => api.amazon.forgetSavedCredentials(),
    [amazonKeys.all],
  ),
};
