import { and, eq, sql } from 'drizzle-orm';
import { type JobRow, jobs } from '../../db/schema';
import type { Services } from '../../env';
import { handleJob } from '../../jobs/handle-job';
import { backoffSeconds, JobMessage, type JobOutcome, MAX_JOB_ATTEMPTS } from '../../ports/job-queue';

export type JobHandler = (services: Services, message: JobMessage) => Promise<JobOutcome>;

export interface LocalJobRunnerOptions {
  services: Services;
  /** Default: the app's `handleJob`. */
  handler?: JobHandler;
  /** How often an idle runner looks for due jobs. */
  pollIntervalMs?: number;
  /** How long a claimed job stays locked; a job still 'running' after that (its runner crashed) is claimed again. */
  lockMs?: number;
  log?: (line: string) => void;
}

export interface LocalJobRunner {
  /** Starts polling (idempotent). */
  start(): void;
  /** Stops polling and waits for the job in hand to finish. */
  stop(): Promise<void>;
  /** Looks for work now instead of at the next poll. */
  wake(): void;
  /** Claims and runs one due job; false when none was due. */
  runOnce(): Promise<boolean>;
}

/**
 * Runs the jobs of the `jobs` table in this process: claim one due job with a single UPDATE (queued and due, or
 * running with an expired lock), run `handleJob`, then mark it done, schedule a retry with exponential backoff, or
 * after MAX_JOB_ATTEMPTS mark it dead with the last error.
 */
export function localJobRunner(opts: LocalJobRunnerOptions): LocalJobRunner {
  const { services } = opts;
  const { db, clock } = services;
  const handler = opts.handler ?? handleJob;
  const pollIntervalMs = opts.pollIntervalMs ?? 1_000;
  const lockMs = opts.lockMs ?? 5 * 60_000;
  const log = opts.log ?? ((line: string) => console.log(line));

  let running = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let loop: Promise<void> | undefined;
  let wakeRequested = false;

  async function claim(): Promise<JobRow | undefined> {
    const now = clock.now();
    const nowIso = now.toISOString();
    const due = sql`(SELECT ${jobs.id} FROM ${jobs}
      WHERE (${jobs.status} = 'queued' AND ${jobs.runAt} <= ${nowIso})
         OR (${jobs.status} = 'running' AND ${jobs.lockedUntil} <= ${nowIso})
      ORDER BY ${jobs.runAt}, ${jobs.id} LIMIT 1)`;
    const [row] = await db
      .update(jobs)
      .set({
        status: 'running',
        attempts: sql`${jobs.attempts} + 1`,
        lockedUntil: new Date(now.getTime() + lockMs).toISOString(),
        updatedAt: nowIso,
      })
      .where(eq(jobs.id, due))
      .returning();
    return row;
  }

  /** Updates the claimed job only if it is still ours (same attempt, still running). */
  async function finish(row: JobRow, set: Partial<typeof jobs.$inferInsert>): Promise<void> {
    await db
      .update(jobs)
      .set({ ...set, lockedUntil: null, updatedAt: clock.now().toISOString() })
      .where(and(eq(jobs.id, row.id), eq(jobs.status, 'running'), eq(jobs.attempts, row.attempts)));
  }

  async function runOnce(): Promise<boolean> {
    const row = await claim();
    if (!row) return false;

    let message: JobMessage;
    try {
      message = JobMessage.parse(JSON.parse(row.payload));
    } catch (err) {
      const reason = `unreadable payload: ${err instanceof Error ? err.message : String(err)}`;
      log(`[jobs] ${row.id} (${row.type}) dead: ${reason}`);
      await finish(row, { status: 'dead', lastError: reason.slice(0, 2000) });
      return true;
    }

    let outcome: JobOutcome;
    try {
      outcome = await handler(services, message);
    } catch (err) {
      outcome = { kind: 'retry', reason: err instanceof Error ? err.message : String(err) };
    }

    if (outcome.kind === 'ack') {
      await finish(row, { status: 'done', lastError: null });
    } else if (row.attempts >= MAX_JOB_ATTEMPTS) {
      log(`[jobs] ${row.id} (${row.type}) dead after ${row.attempts} attempts: ${outcome.reason}`);
      await finish(row, { status: 'dead', lastError: outcome.reason.slice(0, 2000) });
    } else {
      const runAt = new Date(clock.now().getTime() + backoffSeconds(row.attempts) * 1000).toISOString();
      await finish(row, { status: 'queued', runAt, lastError: outcome.reason.slice(0, 2000) });
    }
    return true;
  }

  function schedule(delayMs: number): void {
    if (!running) return;
    timer = setTimeout(() => {
      timer = undefined;
      loop = drainLoop();
    }, delayMs);
  }

  async function drainLoop(): Promise<void> {
    try {
      do {
        wakeRequested = false;
        while (running && (await runOnce())) {
          // keep going while jobs are due
        }
      } while (running && wakeRequested);
    } catch (err) {
      log(`[jobs] runner error: ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      loop = undefined;
      schedule(pollIntervalMs);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      schedule(0);
    },
    async stop() {
      running = false;
      if (timer) clearTimeout(timer);
      timer = undefined;
      await loop;
    },
    wake() {
      if (!running) return;
      if (loop) {
        wakeRequested = true;
        return;
      }
      if (timer) clearTimeout(timer);
      timer = undefined;
      loop = drainLoop();
    },
    runOnce,
  };
}
