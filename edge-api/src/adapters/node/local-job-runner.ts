import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type JobRow, jobs } from '../../db/schema';
import type { Services } from '../../env';
import { handleJob } from '../../jobs/handle-job';
import type { Logger } from '../../lib/logger';
import { type Db, perDatabase, reusableStatement } from '../../ports/database';
import {
  backoffSeconds,
  type JobCompletion,
  JobMessage,
  type JobOutcome,
  type LaneSignal,
  MAX_JOB_ATTEMPTS,
  WEBHOOK_LANE_PREFIX,
} from '../../ports/job-queue';
import { jobLanes, laneOf } from './job-lanes';

export type JobHandler = (services: Services, message: JobMessage, job?: JobCompletion) => Promise<JobOutcome>;

/** Jobs run at once by default (JOB_CONCURRENCY). */
export const DEFAULT_JOB_CONCURRENCY = 8;
/** Bulk rows of one provider API run at once by default (BULK_CONCURRENCY_PER_API). */
export const DEFAULT_BULK_CONCURRENCY_PER_API = 4;
/** Webhook deliveries run at once by default, in slots of their own (WEBHOOK_CONCURRENCY). */
export const DEFAULT_WEBHOOK_CONCURRENCY = 32;

export interface LocalJobRunnerOptions {
  services: Services;
  /** Default: the app's `handleJob`. */
  handler?: JobHandler;
  /** How often an idle runner looks for due jobs. */
  pollIntervalMs?: number;
  /** How long a claimed job stays locked; a job still 'running' after that (its runner crashed) is claimed again. */
  lockMs?: number;
  /** Jobs other than webhook deliveries run at once (default DEFAULT_JOB_CONCURRENCY). */
  concurrency?: number;
  /**
   * Webhook deliveries run at once (default DEFAULT_WEBHOOK_CONCURRENCY), in a slot pool of their own: they wait on
   * a socket, not on the CPU, and a slow receiver never takes the slot of a bulk row, a mail or any other job. Per
   * endpoint, between WEBHOOK_CONCURRENCY_PER_ENDPOINT and WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT (see jobLanes).
   */
  webhookConcurrency?: number;
  /**
   * `bulk.buy-row` jobs of one provider API (their lane) run at once, at most (default DEFAULT_BULK_CONCURRENCY_PER_API).
   * A 429 (a retry with `slowDown`) halves the lane's limit for a while.
   */
  laneConcurrency?: number;
  /**
   * The database is this runner's alone (the Node entry): jobs left `running` by an earlier process (a crash, SIGKILL)
   * are queued again at start instead of waiting out their lock.
   */
  reclaimOnStart?: boolean;
  /** Default: the services' logger. */
  log?: Logger;
}

export interface LocalJobRunner {
  /** Starts polling (idempotent). */
  start(): void;
  /** Stops polling and waits for the jobs in hand to finish. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
  /** Jobs being run right now. */
  active(): number;
}

/**
 * Which jobs a claim may take: any, none of the webhook deliveries (their slots are all taken), or only those (the
 * other slots are all taken). Told apart by the lane, a column of the claim's index, so no row is read to skip one.
 */
type Pool = 'any' | 'jobs' | 'webhooks';

/** The claim of the first due job that also meets `also`, prepared once per database (every job is claimed). */
const claimStatement = (db: Db, also: SQL) =>
  db
    .update(jobs)
    .set({
      status: 'running',
      attempts: sql`${jobs.attempts} + 1`,
      lockedUntil: sql`${sql.placeholder('lockedUntil')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(
      and(
        eq(
          jobs.id,
          sql`(SELECT ${jobs.id} FROM ${jobs} WHERE ${jobs.status} = 'queued' AND ${jobs.runAt} <= ${sql.placeholder('now')}
            AND ${also} ORDER BY ${jobs.runAt} LIMIT 1)`,
        ),
        eq(jobs.status, 'queued'),
      ),
    )
    .returning()
    .prepare();

/** When no lane is full and both pools have room. */
const claimAny = perDatabase((db) => claimStatement(db, sql`1`));

/**
 * Outside the full lanes (`full`: a JSON array of their names) and in the pool `pool`. Prepared too: while a slow
 * endpoint fills its lane, nearly every claim is this one.
 */
const claimOutside = perDatabase((db) => {
  const lane = sql`COALESCE(${jobs.lane}, '')`;
  const pool = sql.placeholder('pool');
  return claimStatement(
    db,
    sql`${lane} NOT IN (SELECT value FROM json_each(${sql.placeholder('full')}))
      AND (${pool} = 'any' OR (${lane} GLOB ${`${WEBHOOK_LANE_PREFIX}*`}) = (${pool} = 'webhooks'))`,
  );
});

/** A job done, if still ours (same attempt, running): prepared once, and for a handler's own batch (JobCompletion). */
const doneQuery = (db: Db) =>
  db
    .update(jobs)
    .set({ status: 'done', lastError: null, lockedUntil: null, updatedAt: sql`${sql.placeholder('now')}` })
    .where(
      and(
        eq(jobs.id, sql.placeholder('id')),
        eq(jobs.status, 'running'),
        eq(jobs.attempts, sql.placeholder('attempts')),
      ),
    );
const finishDone = perDatabase((db) => doneQuery(db).prepare());
const doneStatement = reusableStatement(doneQuery);

/**
 * Runs the jobs of the `jobs` table in this process, up to `concurrency` at once plus `webhookConcurrency` webhook
 * deliveries: claim one due job with a single UPDATE (queued and due, or running with an expired lock; never one of a
 * full lane or pool), run `handleJob`, then mark it done, schedule a retry (the handler's delay for a deferral, which
 * does not count as an attempt; else exponential backoff), or after MAX_JOB_ATTEMPTS mark it dead with the last
 * error. Claims are atomic, so two runners on one database never run one job twice at once.
 */
export function localJobRunner(opts: LocalJobRunnerOptions): LocalJobRunner {
  const { services } = opts;
  const { db, clock } = services;
  const handler = opts.handler ?? handleJob;
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  const lockMs = opts.lockMs ?? 5 * 60_000;
  const concurrency = Math.max(1, opts.concurrency ?? DEFAULT_JOB_CONCURRENCY);
  const webhookConcurrency = Math.max(1, opts.webhookConcurrency ?? DEFAULT_WEBHOOK_CONCURRENCY);
  const laneConcurrency = Math.max(1, opts.laneConcurrency ?? DEFAULT_BULK_CONCURRENCY_PER_API);
  const log = (opts.log ?? services.log).child({ component: 'jobs' });

  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pumping: Promise<void> | undefined;
  let wakeRequested = false;
  const inFlight = new Set<Promise<void>>();
  /** Jobs running now in each pool: webhook deliveries, and every other job. */
  let webhooksActive = 0;
  let jobsActive = 0;
  const lanes = jobLanes({ apiConcurrency: laneConcurrency, now: () => clock.now().getTime(), log });

  /**
   * The pool and the lanes that were full when a claim last found nothing due outside them: until a job is queued
   * (wake) or the poll timer fires (a delayed job may have come due), a claim of that pool (or a narrower one) with
   * at least those lanes full would find nothing too, so it is not asked. Without this, every job that ends while a
   * bulk order fills its lane cost a second claim walking all of that bulk order's queued jobs in the index (10,000
   * of them) to find none.
   */
  let nothingOutside: { pool: Pool; lanes: Set<string> } | undefined;

  /**
   * Jobs whose runner died holding them (their lock expired) are queued again, as they were. A write, so it runs at
   * most once per REQUEUE_EVERY_MS of the clock rather than before every claim (a job is picked up again at most that
   * much later than its lock expires).
   */
  const requeueEveryMs = Math.min(1_000, Math.max(1, Math.floor(lockMs / 2)));
  let requeuedAt = Number.NEGATIVE_INFINITY;
  async function requeueExpired(nowIso: string): Promise<void> {
    const now = Date.parse(nowIso);
    if (now - requeuedAt < requeueEveryMs && now >= requeuedAt) return;
    requeuedAt = now;
    await db
      .update(jobs)
      .set({ status: 'queued', lockedUntil: null, updatedAt: nowIso })
      .where(and(eq(jobs.status, 'running'), sql`${jobs.lockedUntil} <= ${nowIso}`));
  }

  /**
   * One due job, claimed by a single UPDATE. The candidates are read in the order of the (status, run_at) index, so
   * the first due job that is not in a full lane ends the search (no sort of the queue: a bulk order queues its rows
   * with one run_at, thousands at a time).
   */
  async function claim(excludedLanes: string[], pool: Pool = 'any'): Promise<JobRow | undefined> {
    const known = nothingOutside;
    if (
      known &&
      (known.pool === 'any' || known.pool === pool) &&
      [...known.lanes].every((lane) => excludedLanes.includes(lane))
    ) {
      return undefined;
    }
    const now = clock.now();
    const nowIso = now.toISOString();
    await requeueExpired(nowIso);
    const lockedUntil = new Date(now.getTime() + lockMs).toISOString();
    if (excludedLanes.length === 0 && pool === 'any') {
      const [row] = await claimAny(db).all({ now: nowIso, lockedUntil });
      return row;
    }
    const full = JSON.stringify(excludedLanes);
    const [row] = await claimOutside(db).all({ now: nowIso, lockedUntil, full, pool });
    if (!row) nothingOutside = { pool, lanes: new Set(excludedLanes) };
    return row;
  }

  /** Updates the claimed job if still ours: same attempt, running (or done by its handler's batch, which then failed). */
  async function finish(row: JobRow, set: Partial<typeof jobs.$inferInsert>): Promise<void> {
    await db
      .update(jobs)
      .set({ ...set, lockedUntil: null, updatedAt: clock.now().toISOString() })
      .where(and(eq(jobs.id, row.id), inArray(jobs.status, ['running', 'done']), eq(jobs.attempts, row.attempts)));
  }

  /**
   * Runs a claimed job to its end; answers how the job's remote end did, if its handler said (never throws).
   */
  async function run(
    row: JobRow,
    message: JobMessage | null,
    parseError: string | null,
  ): Promise<LaneSignal | undefined> {
    if (!message) {
      const reason = `unreadable payload: ${parseError}`;
      log.error('jobs.dead', { jobId: row.id, job: row.type, reason });
      await finish(row, { status: 'dead', lastError: reason.slice(0, 2000) });
      return undefined;
    }
    let outcome: JobOutcome;
    const done = () => ({ id: row.id, attempts: row.attempts, now: clock.now().toISOString() });
    const handled = { done: false };
    const completion: JobCompletion = {
      doneStatement: () => doneStatement(db, done()),
      committed: () => {
        handled.done = true;
      },
    };
    try {
      outcome = await handler(services, message, completion);
    } catch (err) {
      outcome = { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
    }

    if (outcome.kind === 'ack') {
      if (!handled.done) await finishDone(db).run(done());
      return outcome.lane;
    }
    if (outcome.delaySeconds !== undefined) {
      // A deferral (the provider asked us to wait): not a failed attempt.
      const lane = laneOf(row);
      if (outcome.slowDown && lane) lanes.slowDown(lane, outcome.delaySeconds);
      const runAt = new Date(clock.now().getTime() + outcome.delaySeconds * 1000).toISOString();
      await finish(row, {
        status: 'queued',
        runAt,
        attempts: Math.max(0, row.attempts - 1),
        lastError: outcome.reason.slice(0, 2000),
      });
      return undefined;
    }
    if (row.attempts >= MAX_JOB_ATTEMPTS) {
      log.error('jobs.dead', { jobId: row.id, job: row.type, attempts: row.attempts, reason: outcome.reason });
      await finish(row, { status: 'dead', lastError: outcome.reason.slice(0, 2000) });
    } else {
      const runAt = new Date(clock.now().getTime() + backoffSeconds(row.attempts) * 1000).toISOString();
      await finish(row, { status: 'queued', runAt, lastError: outcome.reason.slice(0, 2000) });
    }
    return undefined;
  }

  function parse(row: JobRow): { message: JobMessage | null; error: string | null } {
    try {
      return { message: JobMessage.parse(JSON.parse(row.payload)), error: null };
    } catch (err) {
      return { message: null, error: err instanceof Error ? err.message : String(err) };
    }
  }

  async function runOnce(): Promise<boolean> {
    const row = await claim(lanes.full());
    if (!row) return false;
    const { message, error } = parse(row);
    await run(row, message, error);
    return true;
  }

  /** Claims due jobs while either pool has room and starts each without waiting for it. */
  async function fill(): Promise<void> {
    while (running) {
      const jobsRoom = jobsActive < concurrency;
      const webhooksRoom = webhooksActive < webhookConcurrency;
      if (!jobsRoom && !webhooksRoom) return;
      const row = await claim(lanes.full(), jobsRoom && webhooksRoom ? 'any' : jobsRoom ? 'jobs' : 'webhooks');
      if (!row) return;
      const { message, error } = parse(row);
      const lane = laneOf(row);
      const webhook = lane?.kind === 'webhook';
      if (lane) lanes.started(lane);
      if (webhook) webhooksActive += 1;
      else jobsActive += 1;
      // Each job starts in a turn of the event loop of its own: a runner claiming and starting jobs back to back
      // (every libSQL call is synchronous) would otherwise keep waiting requests out for the whole chain.
      const job: Promise<void> = new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => run(row, message, error))
        .catch((err: unknown) => {
          log.error('jobs.run_failed', { jobId: row.id, job: row.type, err });
          return undefined;
        })
        .then((signal) => {
          if (lane) lanes.ended(lane, signal);
        })
        .finally(() => {
          inFlight.delete(job);
          if (webhook) webhooksActive -= 1;
          else jobsActive -= 1;
          // A slot (and maybe a lane) is free: claim again. Nothing new was queued, so the claim that found
          // nothing outside the full lanes still holds.
          pump();
        });
      inFlight.add(job);
    }
  }

  /** One filling pass at a time; a wake during it asks for another pass. */
  function pump(): void {
    if (!running) return;
    if (pumping) {
      wakeRequested = true;
      return;
    }
    if (timer) clearTimeout(timer);
    timer = undefined;
    pumping = (async () => {
      try {
        do {
          wakeRequested = false;
          await fill();
        } while (running && wakeRequested);
      } catch (err) {
        log.error('jobs.runner_failed', { err });
      } finally {
        pumping = undefined;
        if (running && !timer) {
          timer = setTimeout(() => {
            timer = undefined;
            nothingOutside = undefined;
            pump();
          }, pollIntervalMs);
        }
      }
    })();
  }

  /** Work may have been queued: look again, full lanes or not. */
  function wake(): void {
    nothingOutside = undefined;
    pump();
  }

  async function reclaim(): Promise<void> {
    const nowIso = clock.now().toISOString();
    const reclaimed = await db
      .update(jobs)
      .set({ status: 'queued', runAt: nowIso, lockedUntil: null, updatedAt: nowIso })
      .where(eq(jobs.status, 'running'))
      .returning({ id: jobs.id });
    if (reclaimed.length > 0) log.warn('jobs.reclaimed', { count: reclaimed.length });
  }

  return {
    start() {
      if (running) return;
      running = true;
      if (opts.reclaimOnStart) {
        reclaim()
          .catch((err: unknown) => log.error('jobs.reclaim_failed', { err }))
          .finally(() => pump());
      } else {
        pump();
      }
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await pumping;
      await Promise.all([...inFlight]);
    },
    wake,
    runOnce,
    active: () => inFlight.size,
  };
}
