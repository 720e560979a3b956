import type { OrderStats } from '@labeldesk/contracts';
import { and, eq, gte, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Services } from '../../env';
import { centsToUsd } from '../../lib/money';
import { bucketCounts, isListed } from './order-filters';

/** The Dashboard's window (SPEC §9: stat cards labelled "Last 30 days"): today and the 29 UTC days before it. */
export const STATS_WINDOW_DAYS = 30;

const DAY_MS = 24 * 60 * 60_000;

/** YYYY-MM-DD of a date (UTC). */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * GET /api/orders/stats/overview: the caller's listed orders created in the last 30 UTC days (today included), with
 * their delivery statuses (each order in exactly one of the five buckets: pending, inTransit, delivered,
 * exception, cancelled, which add up to totalOrders) and what they cost (totalSpent, USD; purchases in flight hold their money and count),
 * and one dailyOrders entry per day of the window, oldest first (days without orders have 0). Aggregated in SQL per
 * day (index on user_id, created_at); at most 30 rows come back.
 */
export async function getOrderStats(services: Services, input: { userId: string }): Promise<OrderStats> {
  const today = new Date(`${utcDay(services.clock.now())}T00:00:00.000Z`);
  const first = new Date(today.getTime() - (STATS_WINDOW_DAYS - 1) * DAY_MS);
  const day = sql<string>`substr(${orders.createdAt}, 1, 10)`;
  const rows = await services.db
    .select({
      day,
      n: sql<number>`COUNT(*)`,
      // A voided label's price came back (its refund entry): not spent.
      spentCents: sql<number>`COALESCE(SUM(CASE WHEN ${orders.refundEntryId} IS NULL THEN ${orders.priceCents} ELSE 0 END), 0)`,
      ...bucketCounts(),
    })
    .from(orders)
    .where(and(eq(orders.userId, input.userId), gte(orders.createdAt, first.toISOString()), isListed()))
    .groupBy(day);

  const byDay = new Map(rows.map((r) => [r.day, r]));
  const stats: OrderStats = {
    totalOrders: 0,
    inTransit: 0,
    pending: 0,
    delivered: 0,
    exception: 0,
    cancelled: 0,
    totalSpent: 0,
    dailyOrders: [],
  };
  let spentCents = 0;
  for (let i = 0; i < STATS_WINDOW_DAYS; i++) {
    const date = utcDay(new Date(first.getTime() + i * DAY_MS));
    const r = byDay.get(date);
    const n = Number(r?.n ?? 0);
    const cents = Number(r?.spentCents ?? 0);
    stats.totalOrders += n;
    stats.pending += Number(r?.pending ?? 0);
    stats.inTransit += Number(r?.inTransit ?? 0);
    stats.delivered += Number(r?.delivered ?? 0);
    stats.exception += Number(r?.exception ?? 0);
    stats.cancelled += Number(r?.cancelled ?? 0);
    spentCents += cents;
    stats.dailyOrders.push({ date, count: n, spent: centsToUsd(cents) });
  }
  stats.totalSpent = centsToUsd(spentCents);
  return stats;
}
