import { env, exports } from 'cloudflare:workers';
import { type ApiKeyResponse, PUBLIC_API_RATE_LIMIT } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { durableObjectRateLimiter } from '../../src/adapters/workers/durable-object-rate-limiter';
import { apiKeyLimit } from '../../src/middleware/api-key';
import { call, json, register } from './support/http';

/** The public API inside workerd: D1 keys, and the per-key limit on the RateLimiter Durable Object (one per key). */

function v1(path: string, key: string): Promise<Response> {
  return exports.default.fetch(
    new Request(`https://api.labeldesk.test/api/v1${path}`, { headers: { 'x-api-key': `Bearer ${key}` } }),
  );
}

async function keysOf(token: string): Promise<ApiKeyResponse> {
  const res = await call('/api/user/api-key', { token });
  expect(res.status).toBe(200);
  return json<ApiKeyResponse>(res);
}

describe('public API on Workers', () => {
  // 300 rather than the Node suite's 1,000: workerd in the pool serialises every D1 read and DO call of this test on
  // the two shared cores, and 1,000 calls took minutes here.
  it('300 parallel calls on one key: exactly 100 answered, the rest 429 with Retry-After; another key is unaffected', async () => {
    const a = await register('Integrator A', 'int-a@example.com', 'pw-123456');
    const b = await register('Integrator B', 'int-b@example.com', 'pw-123456');
    const keyA = (await keysOf(a.token)).apiKey;
    const keyB = (await keysOf(b.token)).apiKey;

    const answers = await Promise.all(Array.from({ length: 300 }, () => v1('/user', keyA)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(PUBLIC_API_RATE_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(300 - PUBLIC_API_RATE_LIMIT);
    for (const res of answers) {
      expect(res.headers.get('ratelimit-policy')).toBe('"api-key";q=100;w=300');
      if (res.status === 429) {
        const retryAfter = Number(res.headers.get('retry-after'));
        expect(retryAfter).toBeGreaterThanOrEqual(1);
        expect(retryAfter).toBeLessThanOrEqual(300);
      }
      await res.body?.cancel();
    }
    const other = await v1('/user', keyB);
    expect(other.status).toBe(200);
    expect(other.headers.get('x-ratelimit-remaining')).toBe('99');

    // Regenerating in D1 refuses the old key on the next request.
    const fresh = await call('/api/user/api-key/regenerate', { method: 'POST', token: b.token });
    const { apiKey: newB } = await json<ApiKeyResponse>(fresh);
    expect((await v1('/user', keyB)).status).toBe(401);
    expect((await v1('/user', newB)).status).toBe(200);
  }, 240_000);

  it("a key's window on its Durable Object reopens when it ends (the same policy with a 5 s window)", async () => {
    const limiter = durableObjectRateLimiter(env.RATE_LIMITER);
    const req = { ...apiKeyLimit('akey_window_test'), windowMs: 5_000 };
    let first = await limiter.limit(req);
    if (first.reset - Date.now() < 4_000) {
      await scheduler.wait(first.reset - Date.now() + 5);
      first = await limiter.limit(req);
    }
    const rest = await Promise.all(Array.from({ length: PUBLIC_API_RATE_LIMIT + 20 }, () => limiter.limit(req)));
    expect([first, ...rest].filter((r) => r.success)).toHaveLength(PUBLIC_API_RATE_LIMIT);
    await scheduler.wait(first.reset - Date.now() + 5);
    const reopened = await limiter.limit(req);
    expect(reopened).toMatchObject({ success: true, remaining: PUBLIC_API_RATE_LIMIT - 1 });
  });
});
