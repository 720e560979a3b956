import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

export const JOB_STATUSES = ['queued', 'running', 'done', 'dead'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];

/**
 * Background jobs of the Node local runner (on Workers, Cloudflare Queues hold them and this table stays empty).
 * `id` is the message's `jobId`, so enqueueing the same job twice stores it once. Times are ISO strings, which sort
 * like the instants they name.
 */
export const jobs = sqliteTable(
  'jobs',
  {
    id: text('id').primaryKey(),
    type: text('type').notNull(),
    /** The whole JobMessage as JSON. */
    payload: text('payload').notNull(),
    /** The job's lane (jobLane: a provider API's bulk rows, a webhook endpoint's deliveries); null outside lanes. */
    lane: text('lane'),
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: text('run_at').notNull(),
    lockedUntil: text('locked_until'),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    // The claim walks due jobs in run_at order and skips those of full lanes: with the lane in the index, a held
    // endpoint's or API's queued jobs are passed over in the index, without reading their rows.
    index('jobs_status_run_at_lane_idx').on(t.status, t.runAt, t.lane),
    check('jobs_status_valid', sql`${t.status} IN ('queued', 'running', 'done', 'dead')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
