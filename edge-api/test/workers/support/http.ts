import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { exports } from 'cloudflare:workers';
import type { AuthResponse } from '@labeldesk/contracts';
import deployed from '../../../src/entries/worker/index';

/** The JWT secret the pool config binds (vitest.workers.config.ts). */
export const TEST_JWT_SECRET = 'workers-test-secret-0123456789abcdef0123456789abcdef';

export interface CallOptions {
  method?: string;
  body?: unknown;
  token?: string;
  /** The client IP Cloudflare would report (throttling keys on it). */
  ip?: string;
}

/** One request through the deployed Worker's fetch handler (the main module's default export). */
export function call(path: string, opts: CallOptions = {}): Promise<Response> {
  const headers = new Headers({ 'cf-connecting-ip': opts.ip ?? '198.51.100.1' });
  if (opts.body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  return exports.default.fetch(
    new Request(`https://api.labeldesk.test${path}`, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    }),
  );
}

export async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

let ipCounter = 0;
/** A fresh client IP, so registration throttling (per IP) never couples two tests. */
export function freshIp(): string {
  ipCounter += 1;
  return `203.0.113.${ipCounter}`;
}

export async function register(name: string, email: string, password: string): Promise<AuthResponse> {
  const res = await call('/api/auth/register', { body: { name, email, password }, ip: freshIp() });
  if (res.status !== 201) throw new Error(`register ${email}: ${res.status} ${await res.text()}`);
  return json<AuthResponse>(res);
}

export interface WorkerRequest {
  method?: string;
  json?: unknown;
  /** A body sent as is (content-type JSON), for bodies that must not be re-serialised (signed webhooks). */
  raw?: string;
  token?: string;
  headers?: Record<string, string>;
  /** The client IP Cloudflare would report. */
  ip: string;
}

/**
 * One request through the deployed Worker's fetch handler with bindings of the test's own (a sandbox provider URL, a
 * stand-in queue…); waits for the work the request left running (waitUntil) before answering.
 */
export async function fetchWorkerWith(bindings: Env, path: string, opts: WorkerRequest): Promise<Response> {
  const headers = new Headers({ 'cf-connecting-ip': opts.ip, ...opts.headers });
  const body = opts.raw ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json));
  if (body !== undefined) headers.set('content-type', 'application/json');
  if (opts.token) headers.set('authorization', `Bearer ${opts.token}`);
  const ctx = createExecutionContext();
  const res = await deployed.fetch(
    new Request(`https://api.labeldesk.test${path}`, {
      method: opts.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
    }),
    bindings,
    ctx,
  );
  await waitOnExecutionContext(ctx);
  return res;
}
