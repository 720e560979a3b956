import type { RefreshUserTrackingRequest, UpdateBalanceRequest, UpdateUserPricingRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { adminOrderKeys } from './admin-orders';
import { balanceKeys } from './balance';
import { marginKeys } from './margins';
import { mutation, query } from './spec';

/** Admin: customers, a customer's custom pricing and tracking refresh runs. */
export const customerKeys = {
  all: ['admin', 'customers'] as const,
  list: () => [...customerKeys.all, 'list'] as const,
  pricing: (userId: string, apiId: string) => [...customerKeys.all, 'pricing', userId, apiId] as const,
  trackingStats: (userId: string) => [...customerKeys.all, 'tracking-stats', userId] as const,
  trackingRun: (runId: string) => [...customerKeys.all, 'tracking-run', runId] as const,
};

export const customerQueries = {
  list: () => query(customerKeys.list(), (signal) => api.adminUsers.list(signal)),
  pricing: (userId: string, apiId: string) =>
    query(customerKeys.pricing(userId, apiId), () => api.adminPricing.get(userId, apiId)),
  trackingStats: (userId: string) => query(customerKeys.trackingStats(userId), () => api.tracking.refreshStats(userId)),
  trackingRun: (runId: string) => query(customerKeys.trackingRun(runId), () => api.tracking.refreshRun(runId)),
};

export const customerMutations = {
  /** An admin adjusting their own balance sees the header follow too (`balanceKeys.all`). */
  updateBalance: mutation(
    ({ userId, body }: { userId: string; body: UpdateBalanceRequest }) => api.adminUsers.updateBalance(userId, body),
    [customerKeys.all, adminOrderKeys.depositsAll, balanceKeys.all],
  ),
  updatePricing: mutation(
    ({ userId, apiId, body }: { userId: string; apiId: string; body: UpdateUserPricingRequest }) =>
      api.adminPricing.update(userId, apiId, body),
    // The margins page lists each service's customers with custom pricing and flags those sold at a loss.
    (_data, { userId, apiId }) => [customerKeys.pricing(userId, apiId), marginKeys.all],
  ),
  refreshTracking: mutation(
    ({ userId, body }: { userId: string; body: RefreshUserTrackingRequest }) => api.tracking.refreshUser(userId, body),
    (_data, { userId }) => [customerKeys.trackingStats(userId)],
  ),
};
