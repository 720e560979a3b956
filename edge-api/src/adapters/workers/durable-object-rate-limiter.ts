import { DurableObject } from 'cloudflare:workers';
import type { Logger } from '../../lib/logger';
import type { RateLimiter as RateLimiterPort, RateLimitRequest, RateLimitResult } from '../../ports/rate-limiter';

/** One counted window, kept in Durable Object storage under `window:<windowMs>:<windowStart>`. */
interface StoredWindow {
  count: number;
  /** Epoch ms when the window ends. */
  reset: number;
}

const WINDOW_PREFIX = 'window:';

/** A programming error (not a runtime condition): refused before any state changes. */
function assertValidRequest(req: RateLimitRequest): void {
  if (!Number.isInteger(req.limit) || req.limit < 0 || !Number.isInteger(req.windowMs) || req.windowMs <= 0) {
    throw new RangeError(`invalid rate limit request for ${req.key}: limit ${req.limit}, window ${req.windowMs}ms`);
  }
}

/**
 * Fixed-window rate limiter. One object per limited key (the port adapter below picks it with `idFromName(key)`), so
 * a key's counter lives in exactly one place and its requests are serialised by the object's input gate: the read,
 * the check and the write of one `limit` call are atomic without locks.
 *
 * Windows are aligned to the epoch (`floor(now / windowMs) * windowMs`), so every caller agrees on `reset`. Expired
 * windows are removed by `alarm()`, which is scheduled for the earliest reset still stored; an idle object ends with
 * empty storage. Model: unkey `pkg/ratelimit/durable_object.ts`, exposed as typed RPC instead of JSON over fetch.
 */
export class RateLimiter extends DurableObject<Env> {
  /** Counts one request against `req.key`'s current window. RPC method. */
  async limit(req: RateLimitRequest): Promise<RateLimitResult> {
    assertValidRequest(req);
    const now = Date.now();
    const windowStart = Math.floor(now / req.windowMs) * req.windowMs;
    const reset = windowStart + req.windowMs;
    const storageKey = `${WINDOW_PREFIX}${req.windowMs}:${windowStart}`;

    const current = (await this.ctx.storage.get<StoredWindow>(storageKey)) ?? { count: 0, reset };
    if (current.count >= req.limit) {
      return { success: false, limit: req.limit, remaining: 0, reset };
    }
    const next: StoredWindow = { count: current.count + 1, reset };
    await this.ctx.storage.put(storageKey, next);
    await this.scheduleCleanup(reset);
    return { success: true, limit: req.limit, remaining: req.limit - next.count, reset };
  }

  /** Deletes every window that has ended; re-arms itself for the next one still open. */
  override async alarm(): Promise<void> {
    const now = Date.now();
    const windows = await this.ctx.storage.list<StoredWindow>({ prefix: WINDOW_PREFIX });
    const expired: string[] = [];
    let nextReset = Number.POSITIVE_INFINITY;
    for (const [key, window] of windows) {
      if (window.reset <= now) expired.push(key);
      else nextReset = Math.min(nextReset, window.reset);
    }
    if (expired.length === windows.size) {
      // Nothing left to count: drop the object's storage entirely (this also clears the alarm).
      await this.ctx.storage.deleteAll();
      return;
    }
    // storage.delete takes at most 128 keys per call.
    for (let i = 0; i < expired.length; i += 128) await this.ctx.storage.delete(expired.slice(i, i + 128));
    await this.ctx.storage.setAlarm(nextReset);
  }

  private async scheduleCleanup(reset: number): Promise<void> {
    const scheduled = await this.ctx.storage.getAlarm();
    if (scheduled === null || scheduled > reset) await this.ctx.storage.setAlarm(reset);
  }
}

/**
 * The `RateLimiter` port on Workers: the object named by the key counts the request. If the object cannot be
 * reached, the limiter fails open (the request is allowed and the failure logged): throttling is a guard, and an
 * outage of it must not lock every customer out of logging in.
 */
export function durableObjectRateLimiter(namespace: DurableObjectNamespace<RateLimiter>, log: Logger): RateLimiterPort {
  return {
    async limit(req: RateLimitRequest): Promise<RateLimitResult> {
      assertValidRequest(req);
      const stub = namespace.get(namespace.idFromName(req.key));
      try {
        const result = await stub.limit(req);
        return { success: result.success, limit: result.limit, remaining: result.remaining, reset: result.reset };
      } catch (err) {
        log.error('rate_limiter.unavailable_failing_open', { key: req.key, err });
        return { success: true, limit: req.limit, remaining: req.limit, reset: Date.now() + req.windowMs };
      }
    },
  };
}
