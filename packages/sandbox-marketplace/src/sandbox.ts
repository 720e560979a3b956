import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { type Context, Hono } from 'hono';
import { z } from 'zod';
import { isFormPost, signedInPage, signInForm } from './signin-page';

/**
 * A marketplace sandbox: the seller side of a marketplace's shipment confirmation, enough to test LabelDesk's
 * "confirm orders on Amazon" for real over HTTP.
 *
 * - A seller signs in (`POST /signin`) and gets session cookies plus an anti-CSRF token, the two things a seller exports
 *   from the browser. In a browser, `GET /signin` is a page that does the same and offers the cookies file as a download
 *   (src/signin-page.ts). Sessions older than `sessionMaxAgeDays` (default 14) are stale: 401 `session_expired`.
 * - `POST /shipments/confirm` (Cookie header with `session-id` and `session-token`, header `anti-csrftoken-a2z`) takes
 *   up to 50 shipments {amazonOrderId, carrier, service, trackingNumber, shipDate} and answers one result per shipment:
 *   `confirmed`, or `refused` with a reason. Every id of the marketplace's format (3-7-7 digits) is an order of the
 *   signed-in seller unless a control marked it `unknown` or `refused`. An order shipped in several parcels is confirmed
 *   once per package (order id + tracking number), each recorded. Confirming a package is idempotent: the same order id
 *   and tracking number again answers `confirmed` (alreadyConfirmed: true) and records nothing new.
 * - Rate limit per session (`rateLimit`, default 60 requests a minute): 429 with Retry-After.
 * - Controls under `/_sandbox` (header X-Sandbox-Key, only when `controlKey` is set): issue a backdated session, mark
 *   order ids, read what was confirmed, set the rate limit, take the marketplace down.
 *
 * State lives in memory (a restart signs every seller out and forgets confirmations).
 */

export const ORDER_ID_PATTERN = /^\d{3}-\d{7}-\d{7}$/;
export const MAX_SHIPMENTS_PER_REQUEST = 50;
export const CSRF_HEADER = 'anti-csrftoken-a2z';
const DAY_MS = 24 * 3600 * 1000;

export type MarketplaceErrorCode =
  | 'invalid_request'
  | 'not_signed_in'
  | 'session_expired'
  | 'csrf_invalid'
  | 'not_found'
  | 'rate_limited'
  | 'unavailable';

const STATUS: Record<MarketplaceErrorCode, 400 | 401 | 403 | 404 | 429 | 503> = {
  invalid_request: 400,
  not_signed_in: 401,
  session_expired: 401,
  csrf_invalid: 403,
  not_found: 404,
  rate_limited: 429,
  unavailable: 503,
};

export interface SellerSession {
  sessionId: string;
  sessionToken: string;
  csrfToken: string;
  issuedAt: Date;
}

/** What a browser extension exports: cookies as {name, value, ...} objects. */
export interface IssuedSession {
  cookies: Array<{ name: string; value: string; domain: string; path: string }>;
  /** The same cookies joined as a Cookie header ('name=value; ...'). */
  cookieHeader: string;
  csrfToken: string;
  issuedAt: string;
}

/** One confirmed package: an order shipped in two parcels has two records (same order id, two tracking numbers). */
export interface ConfirmationRecord {
  amazonOrderId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  shipDate: string;
  confirmedAt: string;
  /** How many confirmation requests named this package (the first one recorded it). */
  requests: number;
}

export type OrderMark = { state: 'unknown' } | { state: 'refused'; reason: string };

export interface RateLimit {
  limit: number;
  windowMs: number;
}

export interface MarketplaceSandboxOptions {
  /** Enables /_sandbox controls for callers sending it in X-Sandbox-Key (at least 16 characters). */
  controlKey?: string;
  /** Default 14. */
  sessionMaxAgeDays?: number;
  /** Default 60 a minute per session; false: off. */
  rateLimit?: RateLimit | false;
  now?: () => Date;
}

export interface MarketplaceSandboxApp {
  fetch(request: Request): Response | Promise<Response>;
  basePath: string;
  /** Signs the sandbox seller in (`ageDays` back-dates the session, e.g. 30 for a stale one). */
  issueSession(opts?: { ageDays?: number }): IssuedSession;
  markOrder(amazonOrderId: string, mark: OrderMark | { state: 'normal' }): void;
  confirmations(): ConfirmationRecord[];
  setRateLimit(rateLimit: RateLimit | false): void;
  setDown(down: boolean): void;
  /** Confirmation requests answered (any outcome), for tests. */
  requestCount(): number;
}

const Shipment = z.object({
  amazonOrderId: z.string().min(1).max(64),
  carrier: z.string().min(1).max(32),
  service: z.string().min(1).max(128),
  trackingNumber: z.string().min(1).max(64),
  shipDate: z.string().refine((v) => !Number.isNaN(Date.parse(v)), 'shipDate must be an ISO date'),
});
const ConfirmBody = z.object({ shipments: z.array(Shipment).min(1).max(MAX_SHIPMENTS_PER_REQUEST) });
const SessionBody = z.object({ ageDays: z.number().min(0).max(3650).optional() }).default({});
const MarkBody = z.object({
  amazonOrderId: z.string().regex(ORDER_ID_PATTERN),
  state: z.enum(['normal', 'unknown', 'refused']),
  reason: z.string().min(1).max(300).optional(),
});
const RateBody = z.object({
  limit: z.number().int().min(0).max(100_000),
  windowMs: z.number().int().min(100).max(3_600_000).default(60_000),
});

function token(bytes: number): string {
  return randomBytes(bytes).toString('base64url');
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

function parseCookieHeader(header: string | undefined): Map<string, string> {
  const out = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    out.set(part.slice(0, eq).trim(), part.slice(eq + 1).trim());
  }
  return out;
}

function fail(c: Context, code: MarketplaceErrorCode, message: string, headers: Record<string, string> = {}) {
  for (const [k, v] of Object.entries(headers)) c.header(k, v);
  return c.json({ error: { code, message } }, STATUS[code]);
}

export function createMarketplaceSandboxApp(opts: MarketplaceSandboxOptions & { basePath: string }) {
  const basePath = opts.basePath.replace(/\/+$/, '');
  if (basePath !== '' && !/^(\/[A-Za-z0-9._-]+)+$/.test(basePath))
    throw new Error(`sandbox-marketplace: bad basePath "${opts.basePath}"`);
  if (opts.controlKey !== undefined && opts.controlKey.length < 16)
    throw new Error('sandbox-marketplace: controlKey must be at least 16 characters');
  const now = opts.now ?? (() => new Date());
  const maxAgeMs = (opts.sessionMaxAgeDays ?? 14) * DAY_MS;
  let rateLimit: RateLimit | false = opts.rateLimit ?? { limit: 60, windowMs: 60_000 };
  let down = false;
  let requests = 0;
  const sessions = new Map<string, SellerSession>();
  const windows = new Map<string, { start: number; count: number }>();
  const marks = new Map<string, OrderMark>();
  /** By package: `${amazonOrderId} ${trackingNumber}`. */
  const confirmed = new Map<string, ConfirmationRecord>();

  const issueSession = (o: { ageDays?: number } = {}): IssuedSession => {
    const session: SellerSession = {
      sessionId: `${String(100 + Math.floor(Math.random() * 900))}-${token(9)}`,
      sessionToken: token(48),
      csrfToken: token(33),
      issuedAt: new Date(now().getTime() - (o.ageDays ?? 0) * DAY_MS),
    };
    sessions.set(session.sessionId, session);
    const cookies = [
      { name: 'session-id', value: session.sessionId },
      { name: 'session-token', value: session.sessionToken },
      { name: 'ubid-main', value: token(12) },
    ].map((c) => ({ ...c, domain: '.sellercentral.sandbox', path: '/' }));
    return {
      cookies,
      cookieHeader: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      csrfToken: session.csrfToken,
      issuedAt: session.issuedAt.toISOString(),
    };
  };

  const inner = new Hono();

  // An API call gets the session as JSON; a browser's form post (the page GET /signin shows) gets it as a page.
  inner.get('/signin', (c) => signInForm(c));
  inner.post('/signin', (c) => (isFormPost(c) ? signedInPage(c, issueSession()) : c.json(issueSession(), 201)));

  inner.post('/shipments/confirm', async (c) => {
    if (down) return fail(c, 'unavailable', 'The marketplace is temporarily unavailable');
    requests += 1;
    const cookies = parseCookieHeader(c.req.header('cookie'));
    const session = sessions.get(cookies.get('session-id') ?? '');
    if (!session || !sameText(session.sessionToken, cookies.get('session-token') ?? '')) {
      return fail(c, 'not_signed_in', 'Not signed in: the session cookies are missing or not valid');
    }
    const age = now().getTime() - session.issuedAt.getTime();
    if (age > maxAgeMs) {
      return fail(
        c,
        'session_expired',
        `Your seller session expired (signed in ${Math.floor(age / DAY_MS)} days ago): sign in again and export fresh cookies`,
      );
    }
    if (!sameText(session.csrfToken, c.req.header(CSRF_HEADER) ?? '')) {
      return fail(c, 'csrf_invalid', 'The anti-CSRF token does not match this session');
    }
    if (rateLimit) {
      const t = now().getTime();
      const w = windows.get(session.sessionId);
      if (!w || t - w.start >= rateLimit.windowMs) windows.set(session.sessionId, { start: t, count: 1 });
      else if (w.count >= rateLimit.limit) {
        const retryAfter = Math.max(1, Math.ceil((w.start + rateLimit.windowMs - t) / 1000));
        return fail(c, 'rate_limited', 'Too many requests', { 'Retry-After': String(retryAfter) });
      } else w.count += 1;
    }
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return fail(c, 'invalid_request', 'The body must be JSON');
    }
    const parsed = ConfirmBody.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return fail(c, 'invalid_request', `${issue?.path.join('.') ?? 'body'}: ${issue?.message ?? 'invalid'}`);
    }
    const at = now().toISOString();
    const results = parsed.data.shipments.map((s) => {
      const mark = marks.get(s.amazonOrderId);
      if (!ORDER_ID_PATTERN.test(s.amazonOrderId) || mark?.state === 'unknown') {
        return { amazonOrderId: s.amazonOrderId, status: 'refused' as const, reason: 'Order not found' };
      }
      if (mark?.state === 'refused')
        return { amazonOrderId: s.amazonOrderId, status: 'refused' as const, reason: mark.reason };
      const key = `${s.amazonOrderId} ${s.trackingNumber}`;
      const existing = confirmed.get(key);
      if (existing) {
        existing.requests += 1;
        return { amazonOrderId: s.amazonOrderId, status: 'confirmed' as const, alreadyConfirmed: true };
      }
      confirmed.set(key, { ...s, confirmedAt: at, requests: 1 });
      return { amazonOrderId: s.amazonOrderId, status: 'confirmed' as const, alreadyConfirmed: false };
    });
    return c.json({ results }, 200);
  });

  const controls = new Hono();
  controls.use('*', async (c, next) => {
    const key = c.req.header('x-sandbox-key') ?? '';
    if (!opts.controlKey || !sameText(opts.controlKey, key)) return fail(c, 'not_found', 'No such route');
    await next();
  });
  const json = async (c: Context) => {
    try {
      return await c.req.json();
    } catch {
      return undefined;
    }
  };
  controls.post('/sessions', async (c) => {
    const parsed = SessionBody.safeParse((await json(c)) ?? {});
    if (!parsed.success) return fail(c, 'invalid_request', 'ageDays must be a number of days');
    return c.json(issueSession(parsed.data), 201);
  });
  controls.post('/orders', async (c) => {
    const parsed = MarkBody.safeParse(await json(c));
    if (!parsed.success) return fail(c, 'invalid_request', 'amazonOrderId (3-7-7 digits) and state are required');
    const { amazonOrderId, state, reason } = parsed.data;
    if (state === 'normal') marks.delete(amazonOrderId);
    else marks.set(amazonOrderId, state === 'unknown' ? { state } : { state, reason: reason ?? 'Refused' });
    return c.json({ amazonOrderId, state }, 200);
  });
  controls.get('/confirmations', (c) => c.json({ confirmations: [...confirmed.values()] }, 200));
  controls.post('/rate-limit', async (c) => {
    const parsed = RateBody.safeParse(await json(c));
    if (!parsed.success) return fail(c, 'invalid_request', 'limit (0 = off) and windowMs are required');
    rateLimit = parsed.data.limit === 0 ? false : parsed.data;
    windows.clear();
    return c.json({ ok: true }, 200);
  });
  controls.post('/down', async (c) => {
    const parsed = z.object({ down: z.boolean() }).safeParse(await json(c));
    if (!parsed.success) return fail(c, 'invalid_request', 'down (boolean) is required');
    down = parsed.data.down;
    return c.json({ down }, 200);
  });
  inner.route('/_sandbox', controls);

  const outer = basePath ? new Hono().route(basePath, inner) : inner;
  outer.notFound((c) => fail(c, 'not_found', `No route ${c.req.method} ${c.req.path}`));

  const app: MarketplaceSandboxApp = {
    fetch: (request) => outer.fetch(request),
    basePath,
    issueSession,
    markOrder(amazonOrderId, mark) {
      if (mark.state === 'normal') marks.delete(amazonOrderId);
      else marks.set(amazonOrderId, mark);
    },
    confirmations: () => [...confirmed.values()].map((r) => ({ ...r })),
    setRateLimit(next) {
      rateLimit = next;
      windows.clear();
    },
    setDown(next) {
      down = next;
    },
    requestCount: () => requests,
  };
  return app;
}

export interface MarketplaceSandbox extends MarketplaceSandboxApp {
  url: string;
  close(): Promise<void>;
}

/** The sandbox on its own port (standalone: `pnpm --filter @labeldesk/sandbox-marketplace start`). */
export async function createMarketplaceSandbox(
  opts: MarketplaceSandboxOptions & { port?: number; host?: string } = {},
): Promise<MarketplaceSandbox> {
  const app = createMarketplaceSandboxApp({ ...opts, basePath: '' });
  const host = opts.host ?? '127.0.0.1';
  let server: ReturnType<typeof serve> | undefined;
  const info = await new Promise<AddressInfo>((resolve) => {
    server = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: host }, resolve);
  });
  return {
    ...app,
    url: `http://${host}:${info.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if (!server) return resolve();
        server.close(() => resolve());
      }),
  };
}
