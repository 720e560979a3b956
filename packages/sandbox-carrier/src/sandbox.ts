import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { createCarrierApp } from './app';
import { Catalogue } from './catalogue';
import { defaultCatalogues } from './default-catalogues';
import { CarrierError } from './errors';
import { serviceView } from './http-helpers';
import { mulberry32, randomSeed } from './rng';
import { type RateLimit, type SandboxRuntime, setThrottle, type TrackingRequestRecord } from './runtime';
import type { LabelAnswer } from './schemas';
import { fileStore, memoryStore } from './store';
import type {
  CatalogueDefinition,
  Clock,
  LabelStatus,
  Latency,
  ServiceDefinition,
  ServiceStatus,
  VoidSettlement,
} from './types';

export interface CarrierSandboxOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Catalogues to serve; default `defaultCatalogues()` (alpha and beta). */
  catalogues?: CatalogueDefinition[];
  /** Time from arrival to every protocol answer (work first): fixed ms or a uniform { min, max }; default 0. */
  latencyMs?: Latency;
  /** Share (0..1) of authenticated protocol requests answered 503 unavailable at random; default 0. */
  failureRate?: number;
  /** Seed for the failure and latency dice (same seed and same request order → same outcomes); default random. */
  seed?: number;
  /** Start with every catalogue answering 503; default false. */
  down?: boolean;
  /** Time source for label dates, tracking progression, service lifecycle and the rate-limit window; default system. */
  clock?: Clock;
  /** Directory for `carrier-<catalogue>.json` (labels, idempotency keys, API keys, service changes); default memory. */
  dataDir?: string;
  /** Enables the HTTP controls under /_sandbox (header X-Sandbox-Key); default disabled. */
  controlKey?: string;
  /** Requests per API key per window; default 600 per minute; false disables it. */
  rateLimit?: RateLimit | false;
  /** Share (0..1) of shipments that meet one exception (delay or failed attempt); default 0.1. */
  exceptionRate?: number;
  /** Log sink for unexpected errors; default console.error. */
  log?: (line: string) => void;
}

/** A service as listed by GET /v1/services (prices in decimal USD). */
export type ServiceListing = ReturnType<typeof serviceView>;

export interface CatalogueHandle {
  id: string;
  name: string;
  /** What a client configures: `<sandbox url>/catalogues/<id>` (the protocol lives under `<baseUrl>/v1/`). */
  baseUrl: string;
  apiKey: string;
  /** Services listed right now. */
  services(): ServiceListing[];
  /** Adds a service (tiers in cents); conflict when its code is already offered. Persisted. */
  addService(service: ServiceDefinition): ServiceListing;
  /** Removes a service from the list; purchases with it then fail with service_inactive. Persisted. */
  retireService(serviceCode: string): void;
  /** Marks a listed service active or inactive. Persisted. */
  setServiceStatus(serviceCode: string, status: ServiceStatus): ServiceListing;
  /** Makes only this catalogue answer 503. */
  setDown(down: boolean): void;
  /** Labels bought so far (voided ones included); `reference` is the buyer's order id. */
  labels(): { labelId: string; reference: string | null; status: LabelStatus }[];
  /** How voids settle: at once (default) or `void_pending` first (see PUT /_sandbox/catalogues/{id}/void-settlement). */
  setVoidSettlement(mode: VoidSettlement): void;
}

export interface CarrierSandbox {
  /** e.g. http://127.0.0.1:43117 (no trailing slash). */
  url: string;
  port: number;
  catalogues: Record<string, CatalogueHandle>;
  setDown(down: boolean): void;
  setLatency(latencyMs: Latency): void;
  setFailureRate(failureRate: number): void;
  /**
   * How purchases are answered once the label is bought: `normal`, or an answer a client cannot use (the label stands
   * billed) for the next `count` purchases (every one when omitted). See PUT /_sandbox/label-answer.
   */
  setLabelAnswer(answer: LabelAnswer, count?: number): void;
  /** The next `count` authenticated protocol requests answer 429 rate_limited with Retry-After (default 1 s). */
  setThrottle(count: number, retryAfterSeconds?: number): void;
  /** Tracking lookups received so far, oldest first (copies): catalogue, number, real arrival time, status. */
  trackingRequests(): TrackingRequestRecord[];
  /** Forgets the tracking lookups received so far. */
  clearTrackingRequests(): void;
  /** Stops listening and drops open connections. Idempotent. */
  close(): Promise<void>;
}

function checkRate(name: string, value: number): number {
  if (!(value >= 0 && value <= 1)) throw new CarrierError('invalid_request', `${name} must be between 0 and 1`);
  return value;
}

function checkLatency(latency: Latency): Latency {
  const ok = typeof latency === 'number' ? latency >= 0 : latency.min >= 0 && latency.max >= latency.min;
  if (!ok) throw new CarrierError('invalid_request', 'latencyMs must be >= 0 (and min <= max)');
  return latency;
}

type RuntimeOptions = Omit<CarrierSandboxOptions, 'port' | 'host'>;

/** The catalogues and the shared run-time state, from the options (validated). */
function buildRuntime(opts: RuntimeOptions, basePath: string): SandboxRuntime {
  const base = opts.clock ?? { now: () => new Date() };
  // The controls may move the sandbox's own time forward (PUT /_sandbox/clock); the offset applies on top of `clock`.
  const offset = { ms: 0 };
  const clock: Clock = { now: () => new Date(base.now().getTime() + offset.ms) };
  const timeline = { exceptionRate: checkRate('exceptionRate', opts.exceptionRate ?? 0.1) };
  const definitions = opts.catalogues ?? defaultCatalogues();
  const catalogues = new Map<string, Catalogue>();
  for (const def of definitions) {
    if (!/^[a-z0-9][a-z0-9-]{0,39}$/.test(def.id)) throw new Error(`sandbox-carrier: bad catalogue id "${def.id}"`);
    if (catalogues.has(def.id)) throw new Error(`sandbox-carrier: duplicate catalogue id "${def.id}"`);
    const store = opts.dataDir ? fileStore(opts.dataDir, def.id) : memoryStore;
    catalogues.set(def.id, new Catalogue(def, store, clock, timeline));
  }
  const keys = [...catalogues.values()].map((c) => c.apiKey);
  if (new Set(keys).size !== keys.length) throw new Error('sandbox-carrier: catalogues must have distinct API keys');

  const seed = opts.seed ?? randomSeed();
  return {
    catalogues,
    clock,
    clockOffset: offset,
    timeline,
    latency: checkLatency(opts.latencyMs ?? 0),
    failureRate: checkRate('failureRate', opts.failureRate ?? 0),
    down: opts.down ?? false,
    rateLimit: opts.rateLimit ?? { limit: 600, windowMs: 60_000 },
    failureRng: mulberry32(seed),
    latencyRng: mulberry32(seed ^ 0x9e3779b9),
    controlKey: opts.controlKey,
    log: opts.log ?? ((line) => console.error(line)),
    basePath,
    labelAnswer: { answer: 'normal', remaining: null },
    throttle: { remaining: 0, retryAfterSeconds: 1 },
    trackingLog: [],
  };
}

function setLabelAnswer(rt: SandboxRuntime, answer: LabelAnswer, count?: number): void {
  if (count !== undefined && !(Number.isInteger(count) && count >= 1)) {
    throw new CarrierError('invalid_request', 'count must be a whole number, 1 or more');
  }
  rt.labelAnswer = { answer, remaining: answer === 'normal' ? null : (count ?? null) };
}

function handleFor(cat: Catalogue, baseUrl: string): CatalogueHandle {
  return {
    id: cat.id,
    name: cat.name,
    baseUrl,
    apiKey: cat.apiKey,
    services: () => cat.services().map((s) => serviceView(s, cat.templates)),
    addService: (service) => serviceView(cat.addService(service), cat.templates),
    retireService: (code) => cat.retireService(code),
    setServiceStatus: (code, status) => serviceView(cat.setServiceStatus(code, status), cat.templates),
    setDown: (down) => {
      cat.down = down;
    },
    labels: () => cat.labels().map((l) => ({ labelId: l.labelId, reference: l.reference ?? null, status: l.status })),
    setVoidSettlement: (mode) => {
      cat.voidSettlement = mode;
    },
  };
}

/** The sandbox as a fetch handler to mount inside another server (see {@link createCarrierSandboxApp}). */
export interface CarrierSandboxApp {
  /** Answers requests whose path starts with `basePath`; anything else is a 404 in the sandbox's error shape. */
  fetch(request: Request): Response | Promise<Response>;
  /** e.g. '/sandbox/carrier' (no trailing slash). */
  basePath: string;
  /** Per catalogue; `baseUrl` is `path` under the origin the host server is reached at (`baseUrlFor`). */
  catalogues: Record<string, Omit<CatalogueHandle, 'baseUrl'> & { path: string }>;
  /** `<origin><basePath>/catalogues/<id>`. */
  baseUrlFor(origin: string, catalogueId: string): string;
  setDown(down: boolean): void;
  setLatency(latencyMs: Latency): void;
  setFailureRate(failureRate: number): void;
  /** Per-key rate limit (`false`: off); a new limit starts a fresh window. */
  setRateLimit(rateLimit: RateLimit | false): void;
  /** See {@link CarrierSandbox.setLabelAnswer}. */
  setLabelAnswer(answer: LabelAnswer, count?: number): void;
  /** See {@link CarrierSandbox.setThrottle}. */
  setThrottle(count: number, retryAfterSeconds?: number): void;
  /** See {@link CarrierSandbox.trackingRequests}. */
  trackingRequests(): TrackingRequestRecord[];
  clearTrackingRequests(): void;
}

/**
 * The sandbox without a server of its own: the same protocol, catalogues and controls, served under `basePath` by
 * whoever calls `fetch` (LabelDesk's Node entry mounts it on its own port under /sandbox/carrier).
 */
export function createCarrierSandboxApp(opts: RuntimeOptions & { basePath: string }): CarrierSandboxApp {
  const basePath = opts.basePath.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9._-]+)+$/.test(basePath)) throw new Error(`sandbox-carrier: bad basePath "${opts.basePath}"`);
  const rt = buildRuntime(opts, basePath);
  const inner = createCarrierApp(rt);
  const outer = new Hono().route(basePath, inner);
  outer.notFound((c) => c.json(new CarrierError('not_found', `No route ${c.req.method} ${c.req.path}`).toBody(), 404));
  const catalogues: CarrierSandboxApp['catalogues'] = {};
  for (const cat of rt.catalogues.values()) {
    const { baseUrl: _unused, ...handle } = handleFor(cat, '');
    catalogues[cat.id] = { ...handle, path: `${basePath}/catalogues/${cat.id}` };
  }
  return {
    fetch: (request) => outer.fetch(request),
    basePath,
    catalogues,
    baseUrlFor: (origin, catalogueId) => `${origin.replace(/\/+$/, '')}${basePath}/catalogues/${catalogueId}`,
    setDown: (down) => {
      rt.down = down;
    },
    setLatency: (latencyMs) => {
      rt.latency = checkLatency(latencyMs);
    },
    setFailureRate: (failureRate) => {
      rt.failureRate = checkRate('failureRate', failureRate);
    },
    setRateLimit: (rateLimit) => {
      rt.rateLimit = rateLimit;
      for (const cat of rt.catalogues.values()) cat.rateWindow = { start: 0, count: 0 };
    },
    setLabelAnswer: (answer, count) => setLabelAnswer(rt, answer, count),
    setThrottle: (count, retryAfterSeconds) => setThrottle(rt, count, retryAfterSeconds),
    trackingRequests: () => rt.trackingLog.map((r) => ({ ...r })),
    clearTrackingRequests: () => {
      rt.trackingLog.length = 0;
    },
  };
}

/**
 * Starts the sandbox label carrier: one HTTP server hosting every catalogue under `/catalogues/<id>/v1`, each with its
 * own API key, services and prices. See the package README for the protocol.
 */
export async function createCarrierSandbox(opts: CarrierSandboxOptions = {}): Promise<CarrierSandbox> {
  const rt = buildRuntime(opts, '');
  const app = createCarrierApp(rt);

  const host = opts.host ?? '127.0.0.1';
  let server: ReturnType<typeof serve> | undefined;
  const info = await new Promise<AddressInfo>((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: opts.port ?? 0, hostname: host }, resolve);
    s.once('error', reject);
    server = s;
  });
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${info.port}`;

  const handles: Record<string, CatalogueHandle> = {};
  for (const cat of rt.catalogues.values()) handles[cat.id] = handleFor(cat, `${url}/catalogues/${cat.id}`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port: info.port,
    catalogues: handles,
    setDown: (down) => {
      rt.down = down;
    },
    setLatency: (latencyMs) => {
      rt.latency = checkLatency(latencyMs);
    },
    setFailureRate: (failureRate) => {
      rt.failureRate = checkRate('failureRate', failureRate);
    },
    setLabelAnswer: (answer, count) => setLabelAnswer(rt, answer, count),
    setThrottle: (count, retryAfterSeconds) => setThrottle(rt, count, retryAfterSeconds),
    trackingRequests: () => rt.trackingLog.map((r) => ({ ...r })),
    clearTrackingRequests: () => {
      rt.trackingLog.length = 0;
    },
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        const s = server;
        if (!s) return resolve();
        s.close(() => resolve());
        if ('closeAllConnections' in s) s.closeAllConnections();
      });
      return closing;
    },
  };
}
