import { describe, expect, it } from 'vitest';
import { createLogger } from '../../lib/logger';
import {
  jobLanes,
  laneOf,
  WEBHOOK_CONCURRENCY_PER_ENDPOINT,
  WEBHOOK_LANE_IDLE_RESET_MS,
  WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT,
} from './job-lanes';

const hook = { name: 'webhook:we_a', kind: 'webhook' } as const;
const api = { name: 'api_a', kind: 'api' } as const;

function lanes() {
  let now = 1_000_000;
  const logs: { msg: string; lane: string; concurrency: number }[] = [];
  const log = createLogger({ sink: (_level, line) => logs.push(JSON.parse(line)) });
  const l = jobLanes({ apiConcurrency: 4, now: () => now, log });
  return { l, logs, advance: (ms: number) => (now += ms) };
}

/** One job of the lane, started and ended with `signal`. */
function job(l: ReturnType<typeof jobLanes>, signal?: 'healthy' | 'struggling') {
  l.started(hook);
  l.ended(hook, signal);
}

describe('jobLanes', () => {
  it('tells a webhook lane from a bulk lane by its name', () => {
    expect(laneOf({ lane: 'webhook:we_1' })).toEqual({ name: 'webhook:we_1', kind: 'webhook' });
    expect(laneOf({ lane: 'api_1' })).toEqual({ name: 'api_1', kind: 'api' });
    expect(laneOf({ lane: null })).toBeNull();
  });

  it('an endpoint starts at the floor and earns one more parallel delivery per fast success, up to the ceiling', () => {
    const { l } = lanes();
    expect(l.limit(hook)).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    job(l, 'healthy');
    expect(l.limit(hook)).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT + 1);
    for (let i = 0; i < 100; i++) job(l, 'healthy');
    expect(l.limit(hook)).toBe(WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT);
    // A job that says nothing (a skipped delivery) changes nothing.
    job(l);
    expect(l.limit(hook)).toBe(WEBHOOK_MAX_CONCURRENCY_PER_ENDPOINT);
  });

  it('one failure, timeout or slow answer drops the endpoint back to the floor', () => {
    const { l, logs } = lanes();
    for (let i = 0; i < 10; i++) job(l, 'healthy');
    job(l, 'struggling');
    expect(l.limit(hook)).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    job(l, 'struggling');
    expect(l.limit(hook)).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
    // Logged once, when it dropped (not for every failure at the floor).
    expect(logs.filter((e) => e.msg === 'jobs.lane_backed_off').map((e) => [e.lane, e.concurrency])).toEqual([
      [hook.name, WEBHOOK_CONCURRENCY_PER_ENDPOINT],
    ]);
  });

  it('a lane is full at its limit, and an idle endpoint starts again from the floor', () => {
    const { l, advance } = lanes();
    for (let i = 0; i < 3; i++) job(l, 'healthy');
    expect(l.limit(hook)).toBe(5);
    for (let i = 0; i < 4; i++) l.started(hook);
    expect(l.full()).toEqual([]);
    l.started(hook);
    expect(l.full()).toEqual([hook.name]);
    expect(l.running(hook.name)).toBe(5);
    for (let i = 0; i < 5; i++) l.ended(hook, undefined);
    expect(l.full()).toEqual([]);
    advance(WEBHOOK_LANE_IDLE_RESET_MS - 1);
    expect(l.limit(hook)).toBe(5);
    advance(1);
    expect(l.limit(hook)).toBe(WEBHOOK_CONCURRENCY_PER_ENDPOINT);
  });

  it('a bulk lane runs apiConcurrency rows, halved after a 429 for a while; webhook signals do not move it', () => {
    const { l, advance } = lanes();
    expect(l.limit(api)).toBe(4);
    l.started(api);
    l.ended(api, 'healthy');
    expect(l.limit(api)).toBe(4);
    l.slowDown(api, 1);
    expect(l.limit(api)).toBe(2);
    advance(30_000);
    expect(l.limit(api)).toBe(4);
  });
});
