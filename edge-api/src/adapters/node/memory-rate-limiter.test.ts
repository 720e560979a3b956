import { describe, expect, it } from 'vitest';
import { memoryRateLimiter } from './memory-rate-limiter';

describe('memoryRateLimiter', () => {
  it('allows `limit` hits per fixed window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const limiter = memoryRateLimiter({ now: () => now });
    const req = { key: 'login:ip:1.2.3.4', limit: 3, windowMs: 60_000 };

    const results = [];
    for (let i = 0; i < 4; i++) results.push(await limiter.limit(req));
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    expect(results[3]?.reset).toBe(1_000_000 + 60_000);

    now += 59_999;
    expect((await limiter.limit(req)).success).toBe(false);
    now += 1;
    const fresh = await limiter.limit(req);
    expect(fresh).toEqual({ success: true, limit: 3, remaining: 2, reset: now + 60_000 });
  });

  it('counts keys separately', async () => {
    const limiter = memoryRateLimiter({ now: () => 0 });
    const a = { key: 'a', limit: 1, windowMs: 1000 };
    const b = { key: 'b', limit: 1, windowMs: 1000 };
    expect((await limiter.limit(a)).success).toBe(true);
    expect((await limiter.limit(a)).success).toBe(false);
    expect((await limiter.limit(b)).success).toBe(true);
  });

  it('evicts expired windows so the map does not grow without bound', async () => {
    let now = 0;
    const limiter = memoryRateLimiter({ now: () => now, sweepEveryMs: 1000 });
    for (let i = 0; i < 100; i++) await limiter.limit({ key: `k${i}`, limit: 5, windowMs: 500 });
    expect(limiter.size()).toBe(100);
    now = 1000;
    await limiter.limit({ key: 'fresh', limit: 5, windowMs: 500 });
    expect(limiter.size()).toBe(1);
  });
});
