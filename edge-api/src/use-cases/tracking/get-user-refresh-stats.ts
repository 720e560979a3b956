import { TRACKING_REFRESH_MESSAGES } from '@labeldesk/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import { orders, type TrackingRefreshRunRow, trackingRefreshRuns, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { bucketCounts } from '../order-history/order-filters';
import { LIVE_ORDERS } from '../test-mode/test-mode';

export interface UserTrackingCounts {
  totalOrders: number;
  deliveredOrders: number;
  inTransitOrders: number;
  pendingOrders: number;
  exceptionOrders: number;
  cancelledOrders: number;
  deliveryRate: number;
  recentlyUpdated: number;
}

/**
 * GET /api/tracking/refresh-stats/{userId} (admin): the customer's bought labels by delivery status, each in exactly one
 * of the five buckets (pending counts pending and processing; then in transit, delivered, exception, cancelled), the delivered share in percent, how many were checked in the last 24 h, and the latest
 * refresh run (running or finished). Unknown user: 404.
 */
export async function getUserRefreshStats(
  services: Services,
  userId: string,
): Promise<{ counts: UserTrackingCounts; latestRun: TrackingRefreshRunRow | null }> {
  const [user] = await services.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new ApiError('not_found', TRACKING_REFRESH_MESSAGES.userNotFound);
  const since = new Date(services.clock.now().getTime() - 24 * 3600_000).toISOString();
  const [row] = await services.db
    .select({
      total: sql<number>`count(*)`,
      ...bucketCounts(),
      recent: sql<number>`coalesce(sum(${orders.lastCheckedAt} >= ${since}), 0)`,
    })
    .from(orders)
    .where(and(eq(orders.userId, userId), LIVE_ORDERS, eq(orders.status, 'completed')));
  const total = Number(row?.total ?? 0);
  const delivered = Number(row?.delivered ?? 0);
  const [latestRun] = await services.db
    .select()
    .from(trackingRefreshRuns)
    .where(eq(trackingRefreshRuns.userId, userId))
    .orderBy(desc(trackingRefreshRuns.startedAt), desc(trackingRefreshRuns.id))
    .limit(1);
  return {
    counts: {
      totalOrders: total,
      deliveredOrders: delivered,
      inTransitOrders: Number(row?.inTransit ?? 0),
      pendingOrders: Number(row?.pending ?? 0),
      exceptionOrders: Number(row?.exception ?? 0),
      cancelledOrders: Number(row?.cancelled ?? 0),
      deliveryRate: total === 0 ? 0 : Math.round((delivered / total) * 1000) / 10,
      recentlyUpdated: Number(row?.recent ?? 0),
    },
    latestRun: latestRun ?? null,
  };
}

/** GET /api/tracking/refresh-runs/{runId} (admin): one run, for the screen to poll. */
export async function getTrackingRefreshRun(services: Services, runId: string): Promise<TrackingRefreshRunRow> {
  const [run] = await services.db.select().from(trackingRefreshRuns).where(eq(trackingRefreshRuns.id, runId)).limit(1);
  if (!run) throw new ApiError('not_found', TRACKING_REFRESH_MESSAGES.runNotFound);
  return run;
}
