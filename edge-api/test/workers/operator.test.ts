import { createExecutionContext, createMessageBatch, getQueueResult, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type { ApiConfigResponse, AuthResponse, CreateOrderResponse, ErrorBody } from '@labeldesk/contracts';
import { afterEach, describe, expect, inject, it, vi } from 'vitest';
import { createWorkerHandler, MISCONFIGURED_MESSAGE } from '../../src/entries/worker/handler';
import deployed from '../../src/entries/worker/index';
import { JOBS_QUEUE } from '../../src/entries/worker/queue-consumer';
import type { JobMessage } from '../../src/ports/job-queue';
import { labelBlobKey } from '../../src/use-cases/orders/order-rows';
import { BOOTSTRAP_MESSAGES } from '../../src/use-cases/users/bootstrap-admin';

/**
 * The operator's path on Workers, through the deployed fetch handler inside workerd: the first admin from the
 * ADMIN_BOOTSTRAP_TOKEN secret, a misconfigured Worker naming what to set, and the label PDF written to R2 after the
 * purchase answers, kept alive by the invocation's waitUntil.
 */
const carrier = inject('carrier');
const BOOTSTRAP_TOKEN = 'operator-bootstrap-token-0123456789abcdef';
const operatorEnv = {
  ...env,
  ADMIN_BOOTSTRAP_TOKEN: BOOTSTRAP_TOKEN,
  ALLOW_PRIVATE_PROVIDER_URLS: 'true',
} as unknown as Env;

let ipCount = 0;
interface Sent {
  res: Response;
  /** The promises the invocation handed to ctx.waitUntil. */
  waited: Promise<unknown>[];
}
/** One request through the Worker; waits for the invocation's waitUntil work (as workerd would before stopping). */
async function send(
  path: string,
  opts: { json?: unknown; token?: string; method?: string; env?: Env; waitForBackground?: boolean } = {},
): Promise<Sent> {
  ipCount += 1;
  const headers = new Headers({ 'cf-connecting-ip': `192.0.2.${ipCount}` });
  if (opts.json !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  const ctx = createExecutionContext();
  const waited: Promise<unknown>[] = [];
  const waitUntil = ctx.waitUntil.bind(ctx);
  ctx.waitUntil = (promise: Promise<unknown>) => {
    waited.push(promise);
    waitUntil(promise);
  };
  const res = await deployed.fetch(
    new Request(`https://api.labeldesk.test${path}`, {
      method: opts.method ?? (opts.json === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.json === undefined ? undefined : JSON.stringify(opts.json),
    }),
    opts.env ?? operatorEnv,
    ctx,
  );
  if (opts.waitForBackground !== false) await waitOnExecutionContext(ctx);
  return { res, waited };
}

const bootstrap = (body: Record<string, unknown>, workerEnv: Env = operatorEnv) =>
  send('/api/auth/bootstrap-admin', { json: body, env: workerEnv }).then((s) => s.res);

const usersWithEmail = async (email: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE email = ?').bind(email).first<{ n: number }>())?.n;
const adminCount = async () =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM users WHERE is_admin = 1').first<{ n: number }>())?.n;

describe('first admin from ADMIN_BOOTSTRAP_TOKEN', () => {
  const first = { name: 'Olive Operator', email: 'olive@example.com', password: 'operator-password-1' };

  it('is closed without the secret, refuses a wrong token, creates one admin, then refuses any token', async () => {
    const closed = await bootstrap({ ...first, bootstrapToken: BOOTSTRAP_TOKEN }, env);
    expect(closed.status).toBe(403);
    expect(((await closed.json()) as ErrorBody).error.message).toBe(BOOTSTRAP_MESSAGES.disabled);

    for (const bootstrapToken of [`${BOOTSTRAP_TOKEN}x`, BOOTSTRAP_TOKEN.slice(0, -1), 'guess']) {
      const wrong = await bootstrap({ ...first, bootstrapToken });
      expect(wrong.status).toBe(403);
      expect(((await wrong.json()) as ErrorBody).error.message).toBe(BOOTSTRAP_MESSAGES.invalidToken);
    }
    expect(await usersWithEmail(first.email)).toBe(0);

    const created = await bootstrap({ ...first, bootstrapToken: BOOTSTRAP_TOKEN });
    expect(created.status).toBe(201);
    const auth = (await created.json()) as AuthResponse;
    expect(auth.user).toMatchObject({ email: first.email, name: first.name, isAdmin: true });
    // A working admin session: the admin API answers it, and the password logs in.
    expect((await send('/api/admin/users', { token: auth.token })).res.status).toBe(200);
    const login = await send('/api/auth/login', { json: { email: first.email, password: first.password } });
    expect(((await login.res.json()) as AuthResponse).user.isAdmin).toBe(true);

    // Afterwards the token opens nothing: no second admin, no account created.
    const again = await bootstrap({ ...first, email: 'mallory@example.com', bootstrapToken: BOOTSTRAP_TOKEN });
    expect(again.status).toBe(409);
    expect(((await again.json()) as ErrorBody).error.message).toBe(BOOTSTRAP_MESSAGES.adminExists);
    expect(await usersWithEmail('mallory@example.com')).toBe(0);
    expect(await adminCount()).toBe(1);
  });

  it('refuses a bad body with the register rules and throttles guessing per address', async () => {
    const bad = await bootstrap({ name: '', email: 'not-an-email', password: 'x', bootstrapToken: BOOTSTRAP_TOKEN });
    expect(bad.status).toBe(400);
    // Guessing from one address: 5 tries per 10 minutes, then 429 with Retry-After.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const ctx = createExecutionContext();
      const res = await deployed.fetch(
        new Request('https://api.labeldesk.test/api/auth/bootstrap-admin', {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.77' },
          body: JSON.stringify({ ...first, bootstrapToken: `guess-${i}` }),
        }),
        operatorEnv,
        ctx,
      );
      await waitOnExecutionContext(ctx);
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429, 429]);
  });
});

describe('a misconfigured Worker', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('answers 500 without saying which secret, and logs every missing name', async () => {
    const logged: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
      logged.push(args.map(String).join(' '));
    });
    const broken = {
      ...env,
      JWT_SECRET: undefined,
      PROVIDER_KEY_SECRET: 'short',
      BTCPAY_URL: 'http://127.0.0.1:9/',
      BTCPAY_STORE_ID: 'store',
    } as unknown as Env;
    const { res } = await send('/api/health', { env: broken });
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(JSON.parse(text)).toEqual({
      error: { code: 'internal_error', message: MISCONFIGURED_MESSAGE, details: [] },
    });
    for (const name of ['JWT_SECRET', 'PROVIDER_KEY_SECRET', 'BTCPAY_API_KEY', 'BTCPAY_WEBHOOK_SECRET']) {
      expect(text).not.toContain(name);
      expect(logged.join('\n')).toContain(name);
    }
    const entry = JSON.parse(logged.find((l) => l.includes('worker.misconfigured')) ?? '{}') as {
      missingOrInvalid?: string[];
    };
    expect(entry.missingOrInvalid).toEqual([
      'JWT_SECRET',
      'PROVIDER_KEY_SECRET',
      'BTCPAY_API_KEY',
      'BTCPAY_WEBHOOK_SECRET',
    ]);
  });
});

describe('label PDF after the purchase answers', () => {
  it('is written to R2 under the invocation waitUntil, even when R2 is slower than the answer', async () => {
    // An R2 binding whose writes take 300 ms: without waitUntil nothing keeps the write alive after the answer.
    let writes = 0;
    const slowBucket = new Proxy(env.BLOBS, {
      get(target, prop, receiver) {
        if (prop === 'put') {
          return async (...args: Parameters<R2Bucket['put']>) => {
            await scheduler.wait(300);
            writes += 1;
            return target.put(...args);
          };
        }
        const value = Reflect.get(target, prop, receiver);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
    const shopEnv = { ...operatorEnv, BLOBS: slowBucket } as unknown as Env;

    const registered = await send('/api/auth/register', {
      env: shopEnv,
      json: { name: 'Pat Admin', email: 'pat-admin@example.com', password: 'operator-password-2' },
    });
    const adminAuth = (await registered.res.json()) as AuthResponse;
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(adminAuth.user._id).run();
    const admin = adminAuth.token;
    const api = (await (
      await send('/api/admin/config/apis', {
        token: admin,
        env: shopEnv,
        json: { name: 'API 1', key: carrier.alpha.apiKey, baseUrl: carrier.alpha.baseUrl },
      })
    ).res.json()) as ApiConfigResponse;
    const added = await send('/api/admin/services/add-services', {
      token: admin,
      env: shopEnv,
      json: { services: [{ apiId: api.api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
    });
    expect(added.res.status).toBe(200);
    const customer = (await (
      await send('/api/auth/register', {
        env: shopEnv,
        json: { name: 'Cal Customer', email: 'cal@example.com', password: 'customer-password-1' },
      })
    ).res.json()) as AuthResponse;
    const funded = await send(`/api/admin/users/${customer.user._id}/balance`, {
      token: admin,
      env: shopEnv,
      method: 'PATCH',
      json: { mode: 'set', balance: 50 },
    });
    expect(funded.res.status).toBe(200);

    const party = { name: 'A Sender', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', phone: '1' };
    const purchase = await send('/api/orders', {
      token: customer.token,
      env: shopEnv,
      waitForBackground: false,
      json: {
        apiId: api.api._id,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        sender: party,
        recipient: { ...party, name: 'B Receiver', zip: '94105', city: 'San Francisco', state: 'CA' },
        packageDetails: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
      },
    });
    expect(purchase.res.status, await purchase.res.clone().text()).toBe(201);
    const order = ((await purchase.res.json()) as CreateOrderResponse).order;
    // Answered before the write finished: the write is the invocation's waitUntil work, not lost with it.
    expect(writes).toBe(0);
    expect(purchase.waited.length).toBeGreaterThan(0);
    await Promise.all(purchase.waited);
    expect(writes).toBe(1);
    const stored = await env.BLOBS.get(labelBlobKey(order._id));
    expect(stored?.httpMetadata?.contentType).toBe('application/pdf');
    expect(new TextDecoder().decode((await stored?.arrayBuffer())?.slice(0, 5))).toBe('%PDF-');
  });
});

describe('work after a job or a cron tick', () => {
  it("is handed to that invocation's waitUntil (queue and scheduled handlers)", async () => {
    const finished: string[] = [];
    // Work held until the test lets it go (not a timer a slow handler could outlast), then a moment more: a handler
    // that awaited it would never return, one that dropped it would answer before it finished.
    const held: Array<() => void> = [];
    const later = (name: string) =>
      new Promise<void>((release) => held.push(release)).then(() => scheduler.wait(50)).then(() => finished.push(name));
    const letGo = () => {
      for (const release of held.splice(0)) release();
    };
    const handler = createWorkerHandler({
      handleJob: async (services, message) => {
        services.waitUntil(later(`job ${message.jobId}`));
        return { kind: 'ack' };
      },
      runScheduled: async (services, cron) => {
        services.waitUntil(later(`cron ${cron}`));
      },
    });

    const queueCtx = createExecutionContext();
    const batch = createMessageBatch(JOBS_QUEUE, [
      {
        id: 'm1',
        timestamp: new Date(),
        attempts: 1,
        body: { type: 'maintenance.purge', jobId: 'job-1', olderThanMs: 1 } satisfies JobMessage,
      },
    ]) as MessageBatch<JobMessage>;
    await handler.queue(batch, env, queueCtx);
    expect(finished).toEqual([]);
    letGo();
    const result = await getQueueResult(batch, queueCtx);
    expect(result.explicitAcks).toEqual(['m1']);
    expect(finished).toEqual(['job job-1']);

    const cronCtx = createExecutionContext();
    await handler.scheduled({ cron: '*/5 * * * *', scheduledTime: Date.now(), noRetry() {} }, env, cronCtx);
    expect(finished).toEqual(['job job-1']);
    letGo();
    await waitOnExecutionContext(cronCtx);
    expect(finished).toEqual(['job job-1', 'cron */5 * * * *']);
  });
});
