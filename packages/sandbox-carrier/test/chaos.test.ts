import { afterEach, describe, expect, it } from 'vitest';
import { client, type ErrorBody, type LabelBody, labelRequest, movableClock, sandboxes } from './helpers';

const running = sandboxes();
afterEach(() => running.closeAll());

async function statuses(baseUrl: string, apiKey: string, n: number): Promise<number[]> {
  const c = client(baseUrl, apiKey);
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await c.get('/v1/services')).status);
  return out;
}

describe('latency', () => {
  // Latencies far apart, so the bounds hold on a loaded machine too (an answer can come late, never early): every upper
  // bound leaves at least 650 ms for a stalled event loop.
  it('delays every answer by a fixed time, or within a range', async () => {
    const fixed = await running.start({ latencyMs: 2_000 });
    const c = client(fixed.catalogues.alpha?.baseUrl ?? '', fixed.catalogues.alpha?.apiKey ?? '');
    let t = performance.now();
    expect((await c.get('/v1/services')).status).toBe(200);
    expect(performance.now() - t).toBeGreaterThanOrEqual(1_995);

    fixed.setLatency({ min: 800, max: 850 });
    for (let i = 0; i < 2; i++) {
      t = performance.now();
      await c.get('/v1/services');
      const took = performance.now() - t;
      expect(took).toBeGreaterThanOrEqual(795);
      expect(took).toBeLessThan(1_500);
    }

    fixed.setLatency(0);
    t = performance.now();
    await c.get('/v1/services');
    expect(performance.now() - t).toBeLessThan(795);
  });

  it('counts latency from arrival: the work is done at once and only the answer waits', async () => {
    const s = await running.start({ latencyMs: 2_000 });
    const c = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const started = performance.now();
    const first = c.post<LabelBody>('/v1/labels', labelRequest('ups_ground'), { 'Idempotency-Key': 'arrival-1' });
    await new Promise((r) => setTimeout(r, 300));
    // The label exists while its answer is still held: the same key replays it at once.
    s.setLatency(0);
    const replay = await c.post<LabelBody>('/v1/labels', labelRequest('ups_ground'), {
      'Idempotency-Key': 'arrival-1',
    });
    expect(replay.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1_700);
    const answered = await first;
    expect(performance.now() - started).toBeGreaterThanOrEqual(1_995);
    expect(answered.status).toBe(201);
    expect(answered.body.labelId).toBe(replay.body.labelId);
  });

  it('does not slow down the controls', async () => {
    const s = await running.start({ latencyMs: 3000, controlKey: 'k' });
    const t = performance.now();
    expect((await client(s.url, null).get('/_sandbox/state', { 'X-Sandbox-Key': 'k' })).status).toBe(200);
    expect(performance.now() - t).toBeLessThan(2_000);
  });
});

describe('failure rate', () => {
  it('answers a seeded, repeatable share of requests with 503 unavailable', async () => {
    const a = await running.start({ failureRate: 0.3, seed: 42 });
    const b = await running.start({ failureRate: 0.3, seed: 42 });
    const c = await running.start({ failureRate: 0.3, seed: 7 });
    const runA = await statuses(a.catalogues.alpha?.baseUrl ?? '', a.catalogues.alpha?.apiKey ?? '', 200);
    const runB = await statuses(b.catalogues.alpha?.baseUrl ?? '', b.catalogues.alpha?.apiKey ?? '', 200);
    const runC = await statuses(c.catalogues.alpha?.baseUrl ?? '', c.catalogues.alpha?.apiKey ?? '', 200);
    expect(runA).toEqual(runB);
    expect(runA).not.toEqual(runC);
    expect(new Set(runA)).toEqual(new Set([200, 503]));
    const failed = runA.filter((x) => x === 503).length;
    expect(failed).toBeGreaterThan(35);
    expect(failed).toBeLessThan(85);
  });

  it('says to retry, and fails nothing at 0 or everything at 1', async () => {
    const s = await running.start({ failureRate: 1, seed: 1 });
    const c = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const r = await c.get<ErrorBody>('/v1/services');
    expect(r.status).toBe(503);
    expect(r.headers.get('retry-after')).toBe('1');
    expect(r.body.error.code).toBe('unavailable');
    // Authentication comes first: a bad key is still a 401.
    expect((await client(s.catalogues.alpha?.baseUrl ?? '', 'bad').get('/v1/services')).status).toBe(401);

    s.setFailureRate(0);
    expect(await statuses(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '', 20)).toEqual(
      Array(20).fill(200),
    );
    expect(() => s.setFailureRate(1.5)).toThrow(/between 0 and 1/);
  });
});

describe('down switch', () => {
  it('takes the whole API or one catalogue down, and brings it back', async () => {
    const s = await running.start({ controlKey: 'ctl' });
    const alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const beta = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');

    s.setDown(true);
    const down = await alpha.get<ErrorBody>('/v1/services');
    expect(down.status).toBe(503);
    expect(down.body.error.code).toBe('unavailable');
    expect(down.headers.get('retry-after')).toBe('30');
    expect((await beta.get('/v1/services')).status).toBe(503);
    s.setDown(false);
    expect((await alpha.get('/v1/services')).status).toBe(200);

    s.catalogues.beta?.setDown(true);
    expect((await alpha.get('/v1/services')).status).toBe(200);
    expect((await beta.get('/v1/services')).status).toBe(503);
    s.catalogues.beta?.setDown(false);

    const control = client(s.url, null);
    const put = (path: string, body: unknown) =>
      fetch(`${s.url}${path}`, {
        method: 'PUT',
        headers: { 'X-Sandbox-Key': 'ctl', 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await put('/_sandbox/down', { down: true })).status).toBe(200);
    expect((await beta.get('/v1/services')).status).toBe(503);
    expect((await control.get<{ down: boolean }>('/_sandbox/state', { 'X-Sandbox-Key': 'ctl' })).body.down).toBe(true);
    await put('/_sandbox/down', { down: false });
    await put('/_sandbox/catalogues/alpha/down', { down: true });
    expect((await alpha.get('/v1/services')).status).toBe(503);
    expect((await beta.get('/v1/services')).status).toBe(200);
    expect((await put('/_sandbox/down', { down: 'yes' })).status).toBe(400);
  });

  it('can start down', async () => {
    const s = await running.start({ down: true });
    expect(
      (await client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '').get('/v1/services')).status,
    ).toBe(503);
  });
});

describe('rate limit', () => {
  it('answers 429 past the limit per key and resets with the next window', async () => {
    const clock = movableClock('2026-03-02T10:00:00Z');
    const s = await running.start({ clock, rateLimit: { limit: 3, windowMs: 60_000 } });
    const alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const beta = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');
    const first = await alpha.get('/v1/services');
    expect(first.headers.get('x-ratelimit-limit')).toBe('3');
    expect(first.headers.get('x-ratelimit-remaining')).toBe('2');
    await alpha.get('/v1/services');
    await alpha.get('/v1/services');
    clock.advance(15_000);
    const limited = await alpha.get<ErrorBody>('/v1/services');
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe('rate_limited');
    expect(limited.headers.get('retry-after')).toBe('45');
    expect((await beta.get('/v1/services')).status).toBe(200);
    clock.advance(45_000);
    expect((await alpha.get('/v1/services')).status).toBe(200);
  });
});

describe('throttle and the tracking log', () => {
  it('answers the next N requests 429 with the Retry-After asked, then normally; every tracking lookup is logged with its answer', async () => {
    const s = await running.start({ controlKey: 'k' });
    const alpha = s.catalogues.alpha;
    const c = client(alpha?.baseUrl ?? '', alpha?.apiKey ?? '');
    const label = (await c.post<LabelBody>('/v1/labels', labelRequest('ups_ground'))).body;
    const controls = client(s.url, null);
    const put = await fetch(`${s.url}/_sandbox/throttle`, {
      method: 'PUT',
      headers: { 'X-Sandbox-Key': 'k', 'Content-Type': 'application/json' },
      body: JSON.stringify({ count: 2, retryAfterSeconds: 7 }),
    });
    expect(await put.json()).toEqual({ remaining: 2, retryAfterSeconds: 7 });

    const answers = [];
    for (let i = 0; i < 3; i++) answers.push(await c.get<ErrorBody>(`/v1/tracking/${label.trackingNumber}`));
    expect(answers.map((a) => a.status)).toEqual([429, 429, 200]);
    expect(answers[0]?.headers.get('retry-after')).toBe('7');
    expect(answers[0]?.body.error.code).toBe('rate_limited');
    // Unknown numbers are logged too, with their 404.
    expect((await c.get('/v1/tracking/1Z0000000000000000')).status).toBe(404);

    const log = await controls.get<{ requests: Array<{ trackingNumber: string; status: number; receivedMs: number }> }>(
      '/_sandbox/tracking-requests',
      { 'X-Sandbox-Key': 'k' },
    );
    expect(log.body.requests.map((r) => [r.trackingNumber, r.status])).toEqual([
      [label.trackingNumber, 429],
      [label.trackingNumber, 429],
      [label.trackingNumber, 200],
      ['1Z0000000000000000', 404],
    ]);
    const times = log.body.requests.map((r) => r.receivedMs);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(s.trackingRequests()).toEqual(log.body.requests);

    // The programmatic handle does the same; the log can be cleared.
    s.setThrottle(1, 2);
    expect((await c.get('/v1/services')).status).toBe(429);
    expect((await c.get('/v1/services')).status).toBe(200);
    s.clearTrackingRequests();
    expect(s.trackingRequests()).toEqual([]);
    expect(() => s.setThrottle(-1)).toThrow(/count must be a whole number/);
  });
});
