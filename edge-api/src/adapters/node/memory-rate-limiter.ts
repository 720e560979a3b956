import type { RateLimiter, RateLimitRequest, RateLimitResult } from '../../ports/rate-limiter';

interface Window {
  count: number;
  /** Epoch ms when this window ends. */
  reset: number;
}

export interface MemoryRateLimiter extends RateLimiter {
  /** Number of keys currently tracked (for tests and metrics). */
  size(): number;
}

/**
 * The rate limiter on Node: fixed windows kept in process memory (one process serves the embedded default). Expired
 * windows are evicted on a sweep at most every `sweepEveryMs`, so the map cannot grow without bound.
 */
export function memoryRateLimiter(opts: { now?: () => number; sweepEveryMs?: number } = {}): MemoryRateLimiter {
  const now = opts.now ?? Date.now;
  const sweepEveryMs = opts.sweepEveryMs ?? 60_000;
  const windows = new Map<string, Window>();
  let nextSweep = now() + sweepEveryMs;

  function sweep(t: number): void {
    if (t < nextSweep) return;
    for (const [key, w] of windows) if (w.reset <= t) windows.delete(key);
    nextSweep = t + sweepEveryMs;
  }

  return {
    async limit(req: RateLimitRequest): Promise<RateLimitResult> {
      const t = now();
      sweep(t);
      let w = windows.get(req.key);
      if (!w || w.reset <= t) {
        w = { count: 0, reset: t + req.windowMs };
        windows.set(req.key, w);
      }
      if (w.count >= req.limit) return { success: false, limit: req.limit, remaining: 0, reset: w.reset };
      w.count += 1;
      return { success: true, limit: req.limit, remaining: req.limit - w.count, reset: w.reset };
    },
    size: () => windows.size,
  };
}
