import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { and, desc, eq } from 'drizzle-orm';
import { type OrderRow, orders } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { allOf, orderFilterConditions } from './order-filters';

/** Longest range GET /api/orders/date-range answers, in days (both ends counted). */
export const MAX_RANGE_DAYS = 366;
/** At most this many orders come back (the newest); the Dashboard asks for 14 days. */
export const MAX_RANGE_ORDERS = 1000;

const DAY_MS = 24 * 60 * 60_000;

/**
 * GET /api/orders/date-range/{startDate}/{endDate}: the caller's listed orders created between the two UTC days, the
 * end day included, newest first. start > end → 400 'From date cannot be after To date'; more than 366 days → 400.
 * The days are YYYY-MM-DD calendar dates (validated by the route).
 */
export async function listOrdersInRange(
  services: Services,
  input: { userId: string; startDate: string; endDate: string },
): Promise<OrderRow[]> {
  const { startDate, endDate } = input;
  if (startDate > endDate) {
    throw new ApiError('invalid_input', ORDER_MESSAGES.dateRange, {
      details: [{ path: 'startDate', message: ORDER_MESSAGES.dateRange }],
    });
  }
  const days = (Date.parse(`${endDate}T00:00:00.000Z`) - Date.parse(`${startDate}T00:00:00.000Z`)) / DAY_MS + 1;
  if (days > MAX_RANGE_DAYS) {
    throw new ApiError('invalid_input', ORDER_MESSAGES.dateRangeTooLong, {
      details: [{ path: 'endDate', message: ORDER_MESSAGES.dateRangeTooLong }],
    });
  }
  return services.db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, input.userId), allOf(orderFilterConditions({ from: startDate, to: endDate }))))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(MAX_RANGE_ORDERS);
}
