import { OrderListQuery } from '@labeldesk/contracts';
import { z } from 'zod';
import { pathParams, queryParams } from '../../middleware/validate';

/**
 * The caller's order history (SPEC §2 My Orders, Dashboard; §7 orders). The POSTs under /orders (purchase, price) live
 * in routes/orders. `:id` only matches order ids (`ord_…`), so the fixed paths here and the other routers' paths
 * under /orders (calculate-price, bulk/…) can never be taken for an order id, whatever the mount order.
 */
export const ORDER_ID_PATTERN = 'ord_[0-9a-z]+';

export const orderHistoryRoutes = {
  list: '/orders',
  counts: '/orders/counts',
  stats: '/orders/stats/overview',
  dateRange: '/orders/date-range/:startDate/:endDate',
  get: `/orders/:id{${ORDER_ID_PATTERN}}`,
} as const;

const DATES_MESSAGE = 'Dates must be YYYY-MM-DD';

/** A real calendar day as YYYY-MM-DD (2026-02-30 is refused, not rolled over into March). */
export const CalendarDay = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, DATES_MESSAGE)
  .refine((v) => {
    const t = Date.parse(`${v}T00:00:00.000Z`);
    return Number.isFinite(t) && new Date(t).toISOString().slice(0, 10) === v;
  }, DATES_MESSAGE);

export const DateRangeParams = z.object({ startDate: CalendarDay, endDate: CalendarDay });
export const OrderIdParam = z.object({ id: z.string().min(1).max(100) });

export const orderHistoryValidators = {
  list: queryParams(OrderListQuery),
  dateRange: pathParams(DateRangeParams),
  id: pathParams(OrderIdParam),
};
