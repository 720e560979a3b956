import { z } from 'zod';

/** SPEC §5/§9: admin tracking refresh of one customer — delays in ms, defaults batch 2000, request 1000. */
export const REFRESH_DELAYS = {
  batch: { min: 500, max: 10_000, default: 2000 },
  request: { min: 200, max: 5000, default: 1000 },
} as const;

export const TRACKING_REFRESH_MESSAGES = {
  batchDelay: `batchDelay must be a whole number of milliseconds between ${REFRESH_DELAYS.batch.min} and ${REFRESH_DELAYS.batch.max}`,
  requestDelay: `requestDelay must be a whole number of milliseconds between ${REFRESH_DELAYS.request.min} and ${REFRESH_DELAYS.request.max}`,
  userNotFound: 'User not found',
  runNotFound: 'Tracking refresh run not found',
  failed: 'Error refreshing tracking. Please try again.',
} as const;

export const RefreshUserTrackingRequest = z
  .object({
    batchDelay: z
      .number({ message: TRACKING_REFRESH_MESSAGES.batchDelay })
      .int({ message: TRACKING_REFRESH_MESSAGES.batchDelay })
      .min(REFRESH_DELAYS.batch.min, { message: TRACKING_REFRESH_MESSAGES.batchDelay })
      .max(REFRESH_DELAYS.batch.max, { message: TRACKING_REFRESH_MESSAGES.batchDelay })
      .default(REFRESH_DELAYS.batch.default),
    requestDelay: z
      .number({ message: TRACKING_REFRESH_MESSAGES.requestDelay })
      .int({ message: TRACKING_REFRESH_MESSAGES.requestDelay })
      .min(REFRESH_DELAYS.request.min, { message: TRACKING_REFRESH_MESSAGES.requestDelay })
      .max(REFRESH_DELAYS.request.max, { message: TRACKING_REFRESH_MESSAGES.requestDelay })
      .default(REFRESH_DELAYS.request.default),
    forceAll: z.boolean().default(false),
  })
  .strict();
export type RefreshUserTrackingRequest = z.input<typeof RefreshUserTrackingRequest>;

export const TrackingStatusChange = z.object({ orderId: z.string(), from: z.string(), to: z.string() });

/** SPEC §7 stats of a finished (or, while running, the running) refresh. duration in seconds. */
export const TrackingRefreshStats = z.object({
  totalOrders: z.number().int(),
  updated: z.number().int(),
  newlyDelivered: z.number().int(),
  /**
   * The labels looked at so far by their delivery status after the run, each in exactly one bucket (DELIVERY_BUCKETS):
   * `pending` means what it means in the customer's figures (made, not dropped off yet), so
   * pending + inTransit + delivered + exception + cancelled = the labels looked at.
   */
  pending: z.number().int(),
  inTransit: z.number().int(),
  delivered: z.number().int(),
  exception: z.number().int(),
  cancelled: z.number().int(),
  errors: z.number().int(),
  statusChanges: z.array(TrackingStatusChange),
  duration: z.number(),
});
export type TrackingRefreshStats = z.infer<typeof TrackingRefreshStats>;

export const TrackingRefreshRun = z.object({
  runId: z.string(),
  userId: z.string(),
  status: z.enum(['running', 'completed', 'failed']),
  batchDelay: z.number().int(),
  requestDelay: z.number().int(),
  forceAll: z.boolean(),
  /** Orders looked at so far (progress: processed / stats.totalOrders). */
  processed: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  error: z.string().nullable(),
  stats: TrackingRefreshStats,
});
export type TrackingRefreshRun = z.infer<typeof TrackingRefreshRun>;

/**
 * POST /api/tracking/refresh-user/{userId} answers 202 with the run (the one already running, if any). `stats` is the
 * SPEC §7 field, at the top level where integrators read it: the run's figures so far (final once `run.status` is no
 * longer running; poll GET /api/tracking/refresh-runs/{runId} for the rest).
 */
export const RefreshUserTrackingResponse = z.object({
  message: z.string(),
  stats: TrackingRefreshStats,
  run: TrackingRefreshRun,
});
export type RefreshUserTrackingResponse = z.infer<typeof RefreshUserTrackingResponse>;

/** GET /api/tracking/refresh-stats/{userId}: the customer's labels now, and the latest refresh run. */
/** The customer's bought labels, each in exactly one of the five buckets (DELIVERY_BUCKETS), which add up to the total. */
export const UserTrackingStats = z.object({
  totalOrders: z.number().int(),
  deliveredOrders: z.number().int(),
  inTransitOrders: z.number().int(),
  pendingOrders: z.number().int(),
  exceptionOrders: z.number().int(),
  cancelledOrders: z.number().int(),
  /** Percent delivered of all labels, one decimal. */
  deliveryRate: z.number(),
  /** Labels whose tracking was checked in the last 24 h. */
  recentlyUpdated: z.number().int(),
});
export const RefreshStatsResponse = z.object({
  userStats: UserTrackingStats,
  latestRun: TrackingRefreshRun.nullable(),
});
export type RefreshStatsResponse = z.infer<typeof RefreshStatsResponse>;
