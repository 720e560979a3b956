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
    status: text('status', { enum: JOB_STATUSES }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    runAt: text('run_at').notNull(),
    lockedUntil: text('locked_until'),
    lastError: text('last_error'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('jobs_status_run_at_idx').on(t.status, t.runAt),
    check('jobs_status_valid', sql`${t.status} IN ('queued', 'running', 'done', 'dead')`),
  ],
);

export type JobRow = typeof jobs.$inferSelect;
export type NewJobRow = typeof jobs.$inferInsert;
