import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

export const TRACKING_REFRESH_RUN_STATUSES = ['running', 'completed', 'failed'] as const;
export type TrackingRefreshRunStatus = (typeof TRACKING_REFRESH_RUN_STATUSES)[number];

/**
 * An admin's tracking refresh of one customer's labels (POST /api/tracking/refresh-user/{userId}), run as chained
 * `tracking.refresh-user` jobs: each job handles a chunk and moves `cursor` (the last order id looked at, orders are
 * walked by id). At most one running run per customer (partial unique index), so two POSTs never refresh twice.
 */
export const trackingRefreshRuns = sqliteTable(
  'tracking_refresh_runs',
  {
    /** `trr_…` */
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    adminId: text('admin_id'),
    status: text('status', { enum: TRACKING_REFRESH_RUN_STATUSES }).notNull().default('running'),
    batchDelayMs: integer('batch_delay_ms').notNull(),
    requestDelayMs: integer('request_delay_ms').notNull(),
    forceAll: integer('force_all', { mode: 'boolean' }).notNull(),
    /** Orders of the run (counted when it starts). */
    totalOrders: integer('total_orders').notNull(),
    processed: integer('processed').notNull().default(0),
    updated: integer('updated').notNull().default(0),
    newlyDelivered: integer('newly_delivered').notNull().default(0),
    /**
     * The labels looked at so far by delivery status after the run, one bucket each (DELIVERY_BUCKETS): pending
     * (pending or processing), in transit, delivered, exception, cancelled. Runs before these columns existed counted
     * every label not delivered or cancelled in `pending` and have zeros in the other four.
     */
    pending: integer('pending').notNull().default(0),
    inTransit: integer('in_transit').notNull().default(0),
    delivered: integer('delivered').notNull().default(0),
    exception: integer('exception').notNull().default(0),
    cancelled: integer('cancelled').notNull().default(0),
    errors: integer('errors').notNull().default(0),
    /** JSON [{orderId, from, to}] */
    statusChangesJson: text('status_changes_json').notNull().default('[]'),
    cursor: text('cursor'),
    /** forceAll false: orders checked after this instant are skipped (start − 1 h). */
    checkedBefore: text('checked_before').notNull(),
    lastError: text('last_error'),
    startedAt: text('started_at').notNull(),
    /** Wall-clock ms when the run started / finished (duration in seconds, whatever the app clock says). */
    startedMs: integer('started_ms').notNull(),
    finishedMs: integer('finished_ms'),
    finishedAt: text('finished_at'),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('tracking_refresh_runs_one_running').on(t.userId).where(sql`${t.status} = 'running'`),
    index('tracking_refresh_runs_user_idx').on(t.userId, t.startedAt),
    check('tracking_refresh_runs_status_valid', sql`${t.status} IN ('running', 'completed', 'failed')`),
  ],
);

export type TrackingRefreshRunRow = typeof trackingRefreshRuns.$inferSelect;
