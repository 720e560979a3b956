import { TRACKING_REFRESH_MESSAGES } from '@labeldesk/contracts';
import { and, count, eq } from 'drizzle-orm';
import { orders, type TrackingRefreshRunRow, trackingRefreshRuns, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { newId } from '../../lib/ids';
import { TRACKING_RECHECK_AFTER_MS } from './refresh-due-tracking';
import { userRefreshOrdersWhere } from './user-refresh-orders';

export interface StartUserTrackingRefreshInput {
  userId: string;
  adminId: string;
  batchDelayMs: number;
  requestDelayMs: number;
  forceAll: boolean;
}

/**
 * POST /api/tracking/refresh-user/{userId}: opens a refresh run for the customer and enqueues its first chunk
 * (job `tracking.refresh-user`). When a run of that customer is already running, that run is returned and nothing new
 * starts (the partial unique index on user_id WHERE status='running' settles two POSTs racing). Unknown user: 404.
 */
export async function startUserTrackingRefresh(
  services: Services,
  input: StartUserTrackingRefreshInput,
): Promise<{ run: TrackingRefreshRunRow; started: boolean }> {
  const [user] = await services.db.select({ id: users.id }).from(users).where(eq(users.id, input.userId)).limit(1);
  if (!user) throw new ApiError('not_found', TRACKING_REFRESH_MESSAGES.userNotFound);

  const running = await runningRun(services, input.userId);
  if (running) return { run: running, started: false };

  const now = services.clock.now();
  const base = {
    userId: input.userId,
    forceAll: input.forceAll,
    checkedBefore: new Date(now.getTime() - TRACKING_RECHECK_AFTER_MS).toISOString(),
  };
  const [counted] = await services.db.select({ n: count() }).from(orders).where(userRefreshOrdersWhere(base));
  const id = newId('trr');
  let run: TrackingRefreshRunRow | undefined;
  try {
    [run] = await services.db
      .insert(trackingRefreshRuns)
      .values({
        id,
        ...base,
        adminId: input.adminId,
        status: 'running',
        batchDelayMs: input.batchDelayMs,
        requestDelayMs: input.requestDelayMs,
        totalOrders: counted?.n ?? 0,
        startedAt: now.toISOString(),
        startedMs: Date.now(),
        updatedAt: now.toISOString(),
      })
      .returning();
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const other = await runningRun(services, input.userId);
    if (other) return { run: other, started: false };
    throw err;
  }
  if (!run) throw new Error('tracking refresh run not stored');
  await services.queue.send({ type: 'tracking.refresh-user', jobId: newId('job'), runId: id, cursor: null });
  return { run, started: true };
}

async function runningRun(services: Services, userId: string): Promise<TrackingRefreshRunRow | undefined> {
  const [row] = await services.db
    .select()
    .from(trackingRefreshRuns)
    .where(and(eq(trackingRefreshRuns.userId, userId), eq(trackingRefreshRuns.status, 'running')))
    .limit(1);
  return row;
}
