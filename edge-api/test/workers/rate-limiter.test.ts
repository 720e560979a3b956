import { listDurableObjectIds, runDurableObjectAlarm, runInDurableObject } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { durableObjectRateLimiter, RateLimiter } from '../../src/adapters/workers/durable-object-rate-limiter';
import { createLogger } from '../../src/lib/logger';

/**
 * Waits (real time: workerd's clock only moves across I/O) until `epochMs` has passed, then makes sure the object's
 * alarm has run: it may already have fired by itself at the window end, otherwise it is run now.
 */
async function passWindowEndAndRunAlarm(stub: DurableObjectStub<RateLimiter>, epochMs: number): Promise<void> {
  await waitUntilPast(epochMs);
  await runDurableObjectAlarm(stub);
}

/** Waits (real time: workerd's clock only moves across I/O) until `epochMs` has passed. */
async function waitUntilPast(epochMs: number): Promise<void> {
  const wait = epochMs - Date.now() + 5;
  if (wait > 0) await scheduler.wait(wait);
}

/**
 * Windows are aligned to the epoch on the real clock: a test whose calls must share one window starts in a window with
 * at least `needMs` left (waiting for the next one otherwise), so a run near a boundary (e.g. at hh:mm:59.99 for a
 * minute window) or a slow machine does not split them.
 */
async function roomInWindow(windowMs: number, needMs: number): Promise<void> {
  const left = windowMs - (Date.now() % windowMs);
  if (left < needMs) await waitUntilPast(Date.now() + left);
}

function stubFor(key: string) {
  return env.RATE_LIMITER.get(env.RATE_LIMITER.idFromName(key));
}

/** Alarms outlive a test file's isolated storage, so every test leaves its objects without one. */
async function clear(key: string): Promise<void> {
  await runInDurableObject(stubFor(key), async (_i: RateLimiter, state) => {
    await state.storage.deleteAlarm();
    await state.storage.deleteAll();
  });
}

describe('RateLimiter Durable Object', () => {
  it('allows `limit` requests per window, then refuses with remaining 0 and the window end', async () => {
    const stub = stubFor('test:limit-reached');
    const req = { key: 'test:limit-reached', limit: 3, windowMs: 60_000 };
    await roomInWindow(req.windowMs, 5_000);
    const results = await runInDurableObject(stub, async (instance: RateLimiter) => {
      expect(instance).toBeInstanceOf(RateLimiter);
      const out = [];
      for (let i = 0; i < 4; i++) out.push(await instance.limit(req));
      return out;
    });
    expect(results.map((r) => r.success)).toEqual([true, true, true, false]);
    expect(results.map((r) => r.remaining)).toEqual([2, 1, 0, 0]);
    const reset = results[0]?.reset ?? 0;
    expect(reset % 60_000).toBe(0);
    expect(reset).toBeGreaterThan(Date.now());
    expect(results.every((r) => r.reset === reset && r.limit === 3)).toBe(true);

    // The count is kept in the object's storage, so a new call through RPC still sees the window full.
    const again = await stub.limit(req);
    expect(again.success).toBe(false);

    // The cleanup alarm is armed for the end of the window.
    const alarm = await runInDurableObject(stub, (_i: RateLimiter, state) => state.storage.getAlarm());
    expect(alarm).toBe(reset);
    await clear(req.key);
  });

  it('starts a fresh window once the old one ended, and the alarm deletes the expired window', async () => {
    const stub = stubFor('test:window-reset');
    const req = { key: 'test:window-reset', limit: 2, windowMs: 2_000 };
    // Start early in a window so the three calls below land in the same one.
    await roomInWindow(req.windowMs, 1_500);
    const first = await stub.limit(req);
    expect(first.success).toBe(true);
    expect((await stub.limit(req)).success).toBe(true);
    const blocked = await stub.limit(req);
    expect(blocked.success).toBe(false);

    const stored = await runInDurableObject(stub, async (_i: RateLimiter, state) => [
      ...(await state.storage.list({ prefix: 'window:' })).keys(),
    ]);
    expect(stored).toHaveLength(1);

    // The alarm, armed for the window end, removes the ended window and, with nothing left, clears the storage.
    await passWindowEndAndRunAlarm(stub, blocked.reset);
    const after = await runInDurableObject(stub, async (_i: RateLimiter, state) => ({
      keys: [...(await state.storage.list()).keys()],
      alarm: await state.storage.getAlarm(),
    }));
    expect(after).toEqual({ keys: [], alarm: null });

    const fresh = await stub.limit(req);
    expect(fresh).toMatchObject({ success: true, remaining: 1 });
    expect(fresh.reset).toBeGreaterThan(blocked.reset);
    await clear(req.key);
  });

  it('keeps windows still open when the alarm runs, and re-arms for them', async () => {
    const stub = stubFor('test:alarm-keeps-open');
    const short = { key: 'test:alarm-keeps-open', limit: 5, windowMs: 300 };
    const long = { key: 'test:alarm-keeps-open', limit: 5, windowMs: 3_600_000 };
    await roomInWindow(long.windowMs, 5_000);
    const s = await stub.limit(short);
    const l = await stub.limit(long);
    await passWindowEndAndRunAlarm(stub, s.reset);
    const state = await runInDurableObject(stub, async (_i: RateLimiter, st) => ({
      keys: [...(await st.storage.list({ prefix: 'window:' })).keys()],
      alarm: await st.storage.getAlarm(),
    }));
    expect(state.keys).toEqual([`window:3600000:${l.reset - 3_600_000}`]);
    expect(state.alarm).toBe(l.reset);
    expect((await stub.limit(long)).remaining).toBe(3);
    await clear(long.key);
  });

  it('counts two keys independently, each in its own object', async () => {
    const limiter = durableObjectRateLimiter(env.RATE_LIMITER, createLogger());
    const a = { key: 'test:independent:a', limit: 1, windowMs: 60_000 };
    const b = { key: 'test:independent:b', limit: 1, windowMs: 60_000 };
    await roomInWindow(a.windowMs, 5_000);
    expect((await limiter.limit(a)).success).toBe(true);
    expect((await limiter.limit(a)).success).toBe(false);
    // b is untouched by a's exhaustion
    expect(await limiter.limit(b)).toMatchObject({ success: true, remaining: 0 });
    expect((await limiter.limit(b)).success).toBe(false);

    const ids = await listDurableObjectIds(env.RATE_LIMITER);
    const names = [env.RATE_LIMITER.idFromName(a.key), env.RATE_LIMITER.idFromName(b.key)];
    for (const id of names) expect(ids.some((x) => x.equals(id))).toBe(true);
    expect(names[0]?.equals(names[1] as DurableObjectId)).toBe(false);
    await clear(a.key);
    await clear(b.key);
  });

  it('refuses a malformed request before touching any state', async () => {
    const limiter = durableObjectRateLimiter(env.RATE_LIMITER, createLogger());
    await expect(limiter.limit({ key: 'test:bad', limit: 1, windowMs: 0 })).rejects.toThrow(RangeError);
    await expect(limiter.limit({ key: 'test:bad', limit: -1, windowMs: 1000 })).rejects.toThrow(RangeError);
  });
});
