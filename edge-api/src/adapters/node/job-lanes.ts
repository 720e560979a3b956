import type { Logger } from '../../lib/logger';
import { type JobLane, type LaneSignal, WEBHOOK_LANE_PREFIX } from '../../ports/job-queue';

/**
 * Deliveries to one webhook endpoint at once, at first and after any failure, timeout or slow answer: a slow or
 * failing receiver holds this many of the webhook slots and no more, so the other endpoints keep theirs.
 */
export const WEBHOOK_CONCURRENCY_PER_ENDPOINT = 2;
/** Deliveries to one webhook endpoint at once, at most: what an endpoint that answers fast and well can earn. */
export const WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT = 16;
/** An endpoint idle this long starts again from the floor (its earned concurrency is forgotten). */
export const WEBHOOK_LANE_IDLE_RESET_MS = 60_000;
/** How long a lane stays slowed down after a 429, at least (or the provider's Retry-After, if longer). */
export const SLOW_DOWN_MIN_MS = 30_000;

/** A claimed job's lane, from its `jobs.lane` column (what the claim filtered on, so it counts in that pool). */
export function laneOf(row: { lane: string | null }): JobLane | null {
  if (!row.lane) return null;
  return { name: row.lane, kind: row.lane.startsWith(WEBHOOK_LANE_PREFIX) ? 'webhook' : 'api' };
}

interface Earned {
  limit: number;
  /** When its last job ended (ms of the clock), for the idle reset. */
  lastEnded: number;
}

/**
 * How many jobs of each lane may run at once, and how many do: the local runner's lane bookkeeping.
 * - Bulk lanes (a provider API's rows): `apiConcurrency`; a 429 (slowDown) halves it for a while.
 * - Webhook lanes (one endpoint's deliveries) adapt like TCP's congestion window (additive increase, drop to the floor
 *   on trouble): each delivery the endpoint answers well and fast (`healthy`) earns it one more parallel delivery, up
 *   to WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT; a failure, a timeout or a slow answer (`struggling`) puts it back to
 *   WEBHOOK_CONCURRENCY_PER_ENDPOINT. A healthy endpoint's burst is drained in parallel, while a slow or failing one
 *   never holds more than the floor.
 */
export function jobLanes(opts: { apiConcurrency: number; now: () => number; log: Logger }) {
  const { apiConcurrency, now, log } = opts;
  const active = new Map<string, { kind: JobLane['kind']; n: number }>();
  /** Bulk lanes slowed down after a 429: their lower limit and until when. */
  const slowed = new Map<string, { limit: number; until: number }>();
  /** Webhook lanes above the floor. */
  const earned = new Map<string, Earned>();
  let sweptAt = 0;

  function baseOf(lane: string, kind: JobLane['kind']): number {
    if (kind === 'api') return apiConcurrency;
    const e = earned.get(lane);
    if (!e) return WEBHOOK_CONCURRENCY_PER_ENDPOINT;
    if (!active.has(lane) && now() - e.lastEnded >= WEBHOOK_LANE_IDLE_RESET_MS) {
      earned.delete(lane);
      return WEBHOOK_CONCURRENCY_PER_ENDPOINT;
    }
    return e.limit;
  }

  function limit(lane: string, kind: JobLane['kind']): number {
    const base = baseOf(lane, kind);
    const slow = slowed.get(lane);
    if (!slow) return base;
    if (slow.until <= now()) {
      slowed.delete(lane);
      log.info('jobs.lane_restored', { lane, concurrency: base });
      return base;
    }
    return slow.limit;
  }

  /** Forgets idle webhook lanes past the idle reset (at most once per reset period), so the map stays small. */
  function sweep(): void {
    const t = now();
    if (t - sweptAt < WEBHOOK_LANE_IDLE_RESET_MS) return;
    sweptAt = t;
    for (const [lane, e] of earned) {
      if (!active.has(lane) && t - e.lastEnded >= WEBHOOK_LANE_IDLE_RESET_MS) earned.delete(lane);
    }
  }

  return {
    limit: (lane: JobLane) => limit(lane.name, lane.kind),
    /** The lanes that cannot take one more job now. */
    full(): string[] {
      return [...active.entries()].filter(([lane, a]) => a.n >= limit(lane, a.kind)).map(([lane]) => lane);
    },
    /** Jobs of the lane running now. */
    running: (lane: string) => active.get(lane)?.n ?? 0,
    started(lane: JobLane): void {
      const a = active.get(lane.name);
      if (a) a.n += 1;
      else active.set(lane.name, { kind: lane.kind, n: 1 });
    },
    /** A job of the lane ended; `signal` is how its remote end answered, if the handler said. */
    ended(lane: JobLane, signal: LaneSignal | undefined): void {
      const a = active.get(lane.name);
      if (a && a.n > 1) a.n -= 1;
      else active.delete(lane.name);
      if (lane.kind !== 'webhook') return;
      const t = now();
      const current = baseOf(lane.name, lane.kind);
      if (signal === 'healthy') {
        const next = Math.min(WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT, current + 1);
        earned.set(lane.name, { limit: next, lastEnded: t });
      } else if (signal === 'struggling') {
        if (current > WEBHOOK_CONCURRENCY_PER_ENDPOINT) {
          log.info('jobs.lane_backed_off', { lane: lane.name, concurrency: WEBHOOK_CONCURRENCY_PER_ENDPOINT });
        }
        earned.delete(lane.name);
      } else {
        const e = earned.get(lane.name);
        if (e) e.lastEnded = t;
      }
      sweep();
    },
    /** A 429: the lane runs half as many jobs for max(SLOW_DOWN_MIN_MS, twice the provider's delay). */
    slowDown(lane: JobLane, delaySeconds: number): void {
      const lowered = Math.max(1, Math.floor(limit(lane.name, lane.kind) / 2));
      const until = now() + Math.max(SLOW_DOWN_MIN_MS, delaySeconds * 2000);
      if (slowed.get(lane.name)?.limit !== lowered) {
        log.warn('jobs.lane_rate_limited', { lane: lane.name, concurrency: lowered });
      }
      slowed.set(lane.name, { limit: lowered, until });
    },
  };
}

export type JobLanes = ReturnType<typeof jobLanes>;
