import type { AdminBulkListQuery, AdminOrderListQuery, LabelStatsPeriod, ListQuery } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { query } from './spec';

/** Admin: every customer's orders, bulk orders and deposits, and the label statistics of the overview. */
export const adminOrderKeys = {
  all: ['admin', 'orders'] as const,
  list: (q: AdminOrderListQuery) => [...adminOrderKeys.all, 'list', q] as const,
  labelStats: (period: LabelStatsPeriod) => [...adminOrderKeys.all, 'label-stats', period] as const,
  bulkList: (q: AdminBulkListQuery) => [...adminOrderKeys.all, 'bulk', 'list', q] as const,
  bulkDetail: (id: string) => [...adminOrderKeys.all, 'bulk', 'detail', id] as const,
  depositsAll: ['admin', 'deposits'] as const,
  deposits: (q: ListQuery) => [...adminOrderKeys.depositsAll, q] as const,
};

export const adminOrderQueries = {
  list: (q: AdminOrderListQuery) => query(adminOrderKeys.list(q), (signal) => api.adminOrders.list(q, signal)),
  labelStats: (period: LabelStatsPeriod) =>
    query(adminOrderKeys.labelStats(period), (signal) => api.adminOrders.labelStats(period, signal)),
  bulkList: (q: AdminBulkListQuery) => query(adminOrderKeys.bulkList(q), (signal) => api.adminBulk.list(q, signal)),
  bulkDetail: (id: string) => query(adminOrderKeys.bulkDetail(id), () => api.adminBulk.get(id)),
  deposits: (q: ListQuery) => query(adminOrderKeys.deposits(q), (signal) => api.adminDeposits.list(q, signal)),
};
