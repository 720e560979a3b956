import type {
  RefreshStatsResponse,
  RefreshUserTrackingResponse,
  TrackingInfo,
  TrackingRefreshResponse,
  TrackingRefreshRun,
} from '@labeldesk/contracts';
import { createFactory } from 'hono/factory';
import type { AppEnv } from '../../env';
import { presentTracking } from '../../lib/presenters/order';
import { presentTrackingRefreshRun } from '../../lib/presenters/tracking-refresh-run';
import { requireAdmin, requireUser } from '../../middleware/auth';
import { getTracking } from '../../use-cases/tracking/get-tracking';
import { getTrackingRefreshRun, getUserRefreshStats } from '../../use-cases/tracking/get-user-refresh-stats';
import { refreshTracking, TRACKING_UPDATED_MESSAGE } from '../../use-cases/tracking/refresh-tracking';
import { startUserTrackingRefresh } from '../../use-cases/tracking/start-user-tracking-refresh';
import { trackingValidators } from './tracking.routes';

const factory = createFactory<AppEnv>();

export const get = factory.createHandlers(requireUser, trackingValidators.orderId, async (c) => {
  const row = await getTracking(c.get('services'), { orderId: c.req.valid('param').orderId, caller: c.get('user') });
  const body: TrackingInfo = presentTracking(row);
  return c.json(body, 200);
});

export const refresh = factory.createHandlers(requireUser, trackingValidators.orderId, async (c) => {
  const row = await refreshTracking(c.get('services'), {
    orderId: c.req.valid('param').orderId,
    caller: c.get('user'),
  });
  const body: TrackingRefreshResponse = { ...presentTracking(row), message: TRACKING_UPDATED_MESSAGE };
  return c.json(body, 200);
});

export const refreshStats = factory.createHandlers(requireAdmin, trackingValidators.userId, async (c) => {
  const services = c.get('services');
  const { counts, latestRun } = await getUserRefreshStats(services, c.req.valid('param').userId);
  const body: RefreshStatsResponse = {
    userStats: counts,
    latestRun: latestRun ? presentTrackingRefreshRun(latestRun, Date.now()) : null,
  };
  return c.json(body, 200);
});

export const refreshUser = factory.createHandlers(
  requireAdmin,
  trackingValidators.userId,
  trackingValidators.refreshUser,
  async (c) => {
    const input = c.req.valid('json');
    const { run, started } = await startUserTrackingRefresh(c.get('services'), {
      userId: c.req.valid('param').userId,
      adminId: c.get('user').id,
      batchDelayMs: input.batchDelay,
      requestDelayMs: input.requestDelay,
      forceAll: input.forceAll,
    });
    const presented = presentTrackingRefreshRun(run, Date.now());
    const body: RefreshUserTrackingResponse = {
      message: started ? 'Tracking refresh started' : 'A tracking refresh of this customer is already running',
      stats: presented.stats,
      run: presented,
    };
    return c.json(body, 202);
  },
);

export const refreshRun = factory.createHandlers(requireAdmin, trackingValidators.runId, async (c) => {
  const run = await getTrackingRefreshRun(c.get('services'), c.req.valid('param').runId);
  const body: TrackingRefreshRun = presentTrackingRefreshRun(run, Date.now());
  return c.json(body, 200);
});
