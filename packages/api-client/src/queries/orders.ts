import type { CreateOrderRequest, OrderListQuery } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { adminOrderKeys } from './admin-orders';
import { balanceKeys } from './balance';
import { customerKeys } from './customers';
import { mutation, query } from './spec';

/** The customer's labels: lists, counts, dashboard statistics, one order, its tracking. */
export const orderKeys = {
  all: ['orders'] as const,
  list: (q: OrderListQuery) => [...orderKeys.all, 'list', q] as const,
  counts: () => [...orderKeys.all, 'counts'] as const,
  stats: () => [...orderKeys.all, 'stats'] as const,
  dateRange: (startDate: string, endDate: string) => [...orderKeys.all, 'date-range', startDate, endDate] as const,
  detail: (id: string) => [...orderKeys.all, 'detail', id] as const,
  tracking: (id: string) => [...orderKeys.all, 'tracking', id] as const,
};

export const orderQueries = {
  list: (q: OrderListQuery) => query(orderKeys.list(q), (signal) => api.orders.list(q, signal)),
  counts: () => query(orderKeys.counts(), () => api.orders.counts()),
  stats: () => query(orderKeys.stats(), () => api.orders.stats()),
  dateRange: (startDate: string, endDate: string) =>
    query(orderKeys.dateRange(startDate, endDate), () => api.orders.dateRange(startDate, endDate)),
  detail: (id: string) => query(orderKeys.detail(id), () => api.orders.get(id)),
  tracking: (id: string) => query(orderKeys.tracking(id), () => api.tracking.get(id)),
};

export const orderMutations = {
  /** A purchase spends money: the balance (header, dashboard, history) and every order view follow. */
  create: mutation(
    ({ body, idempotencyKey }: { body: CreateOrderRequest; idempotencyKey: string }) =>
      api.orders.create(body, idempotencyKey),
    [balanceKeys.all, orderKeys.all],
  ),
  /**
   * Voiding a label gives its price back: the owner's balance and every order view follow, and so do the admin's
   * order lists and customer balances when an admin voided it.
   */
  void: mutation(
    ({ orderId, idempotencyKey }: { orderId: string; idempotencyKey: string }) =>
      api.orders.void(orderId, idempotencyKey),
    [balanceKeys.all, orderKeys.all, adminOrderKeys.all, customerKeys.all],
  ),
  refreshTracking: mutation(
    (orderId: string) => api.tracking.refresh(orderId),
    (_data, orderId) => [orderKeys.tracking(orderId), orderKeys.detail(orderId), orderKeys.all],
  ),
};
