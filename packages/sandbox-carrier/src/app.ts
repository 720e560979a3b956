import { createHash, randomBytes } from 'node:crypto';
import { type Context, Hono } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Catalogue, OfferedService } from './catalogue';
import { CarrierError } from './errors';
import { renderLabelPdf } from './label-pdf';
import { toCents, toUsd } from './money';
import { estimatedDeliveryFor, quote, transitDaysFor } from './pricing';
import type { Rng } from './rng';
import {
  ClockInput,
  DownInput,
  FailureRateInput,
  type LabelAnswer,
  LabelAnswerInput,
  LabelRequestInput,
  LatencyInput,
  parseBody,
  RateLimitInput,
  RateRequest,
  ServiceInput,
  StatusInput,
  ThrottleInput,
} from './schemas';
import { type TimelineOptions, trackingAt } from './tracking';
import type { Clock, LabelRecord, Latency, ServiceDefinition } from './types';

/** One tracking lookup as the sandbox received it (GET /v1/tracking/{number}), for tests measuring a client's pace. */
export interface TrackingRequestRecord {
  catalogueId: string;
  /** As asked (spaces removed, upper case). */
  trackingNumber: string;
  /** Real time of arrival in ms since the epoch (not the sandbox clock, which tests may hold still or move). */
  receivedMs: number;
  /** The HTTP status answered (429 when throttled or rate-limited). */
  status: number;
}

/** The tracking log keeps the most recent lookups only. */
export const TRACKING_LOG_MAX = 10_000;

export interface RateLimit {
  /** Requests allowed per API key per window. */
  limit: number;
  windowMs: number;
}

/** The mutable run-time state the HTTP app and the programmatic controls share. */
export interface SandboxRuntime {
  catalogues: Map<string, Catalogue>;
  clock: Clock;
  /** How far the controls moved the sandbox's time ahead of the clock it was given, in ms. */
  clockOffset: { ms: number };
  timeline: TimelineOptions;
  latency: Latency;
  failureRate: number;
  /** Every catalogue answers 503 while true. */
  down: boolean;
  rateLimit: RateLimit | false;
  failureRng: Rng;
  latencyRng: Rng;
  controlKey: string | undefined;
  log: (line: string) => void;
  /** Path prefix the app is mounted under ('' when it is the whole server), e.g. '/sandbox/carrier'. */
  basePath?: string;
  /** How purchases are answered (controls): `remaining` purchases more, or every one while null. */
  labelAnswer: { answer: LabelAnswer; remaining: number | null };
  /** The next `remaining` authenticated protocol requests are answered 429 with this Retry-After (controls). */
  throttle: { remaining: number; retryAfterSeconds: number };
  /** Tracking lookups received, oldest first (at most TRACKING_LOG_MAX). */
  trackingLog: TrackingRequestRecord[];
}

/** Sets the throttle: the next `count` authenticated protocol requests answer 429 with Retry-After `retryAfterSeconds`. */
export function setThrottle(rt: SandboxRuntime, count: number, retryAfterSeconds = 1): void {
  const parsed = ThrottleInput.safeParse({ count, retryAfterSeconds });
  if (!parsed.success) {
    throw new CarrierError('invalid_request', 'count must be a whole number >= 0 and retryAfterSeconds 1-3600');
  }
  rt.throttle = { remaining: parsed.data.count, retryAfterSeconds: parsed.data.retryAfterSeconds };
}

/** Bigger than any client should read (LabelDesk stops at 8 MiB). */
export const OVERSIZED_ANSWER_BYTES = 9 * 1024 * 1024;

/**
 * The answer a purchase gets under the `label-answer` control, the label being bought (and billed) all the same:
 * success that is not JSON, JSON of the wrong shape (the label id still in it), no PDF, a PDF that is not one, a body
 * too large to read, or a 500 as if the sandbox crashed after the purchase. Null: answer normally.
 */
function unusableAnswer(
  rt: SandboxRuntime,
  view: ReturnType<typeof labelView> & { labelPdf?: string },
  status: 200 | 201,
): Response | null {
  const current = rt.labelAnswer;
  if (current.answer === 'normal' || current.remaining === 0) return null;
  if (current.remaining !== null) current.remaining -= 1;
  const json = (body: unknown, code: number = status) =>
    new Response(JSON.stringify(body), { status: code, headers: { 'Content-Type': 'application/json' } });
  switch (current.answer) {
    case 'non_json':
      return new Response(`<html><body><h1>Label ${view.labelId} created</h1></body></html>`, {
        status,
        headers: { 'Content-Type': 'text/html; charset=utf-8' },
      });
    case 'wrong_shape': {
      const { trackingNumber: _dropped, ...rest } = view;
      return json({ ...rest, price: `${view.price} USD` });
    }
    case 'no_pdf': {
      const { labelPdf: _dropped, ...rest } = view;
      return json(rest);
    }
    case 'bad_pdf':
      return json({ ...view, labelPdf: Buffer.from('this is not a PDF document').toString('base64') });
    case 'oversized': {
      const text = JSON.stringify(view);
      return new Response(text + ' '.repeat(Math.max(0, OVERSIZED_ANSWER_BYTES - text.length)), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    }
    case 'server_error':
      return json(new CarrierError('internal_error', 'Internal error').toBody(), 500);
  }
}

type AppEnv = { Variables: { catalogue: Catalogue; requestId: string } };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function drawLatency(rt: SandboxRuntime): number {
  const l = rt.latency;
  if (typeof l === 'number') return l;
  return Math.round(l.min + rt.latencyRng() * (l.max - l.min));
}

/** JSON with object keys sorted, so equal bodies hash equally whatever the key order. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

async function readJson(c: Context): Promise<unknown> {
  const raw = await c.req.text();
  if (raw.trim() === '') return {};
  try {
    return JSON.parse(raw);
  } catch {
    throw new CarrierError('invalid_request', 'The request body must be JSON', {
      details: [{ field: '(body)', message: 'is not valid JSON' }],
    });
  }
}

function baseUrl(c: Context, catalogue: Catalogue, basePath = ''): string {
  return `${new URL(c.req.url).origin}${basePath}/catalogues/${catalogue.id}`;
}

export function serviceView(service: OfferedService, templates: readonly string[]) {
  return {
    carrier: service.carrier,
    name: service.name,
    serviceCode: service.serviceCode,
    status: service.status,
    maxWeight: service.maxWeight,
    weightUnit: service.weightUnit,
    prices: service.tiers.map((t) => ({ fromWeight: t.fromWeight, toWeight: t.toWeight, price: toUsd(t.priceCents) })),
    transitDays: { ...service.transitDays },
    templates: service.carrier === 'USPS' ? [...templates] : [],
  };
}

export function labelView(label: LabelRecord, base: string) {
  return {
    labelId: label.labelId,
    status: label.status,
    carrier: label.carrier,
    service: label.serviceName,
    serviceCode: label.serviceCode,
    template: label.template,
    trackingNumber: label.trackingNumber,
    price: toUsd(label.priceCents),
    currency: 'USD',
    billedWeight: label.billedWeight,
    billedWeightUnit: label.billedWeightUnit,
    from: label.from,
    to: label.to,
    package: {
      weight: label.package.weight,
      weightUnit: label.package.weightUnit,
      length: label.package.length,
      width: label.package.width,
      height: label.package.height,
      dimensionUnit: 'in',
      description: label.package.description,
      value: label.package.valueCents === null ? null : toUsd(label.package.valueCents),
    },
    reference: label.reference,
    estimatedDelivery: label.estimatedDelivery,
    createdAt: label.createdAt,
    voidedAt: label.voidedAt,
    labelUrl: `${base}/v1/labels/${label.labelId}/pdf`,
  };
}

function serviceFromInput(input: ReturnType<typeof ServiceInput.parse>): ServiceDefinition {
  const isOz = /\boz\b/i.test(input.name);
  return {
    carrier: input.carrier,
    name: input.name,
    serviceCode: input.serviceCode,
    status: input.status,
    weightUnit: input.weightUnit ?? (isOz ? 'oz' : 'lbs'),
    maxWeight: input.maxWeight,
    tiers: input.prices.map((p) => ({
      fromWeight: p.fromWeight,
      toWeight: p.toWeight,
      priceCents: toCents(p.price),
    })),
    transitDays: input.transitDays,
    ...(input.trackingCode ? { trackingCode: input.trackingCode } : {}),
  };
}

function respondError(c: Context, err: CarrierError): Response {
  for (const [k, v] of Object.entries(err.headers)) c.header(k, v);
  return c.json(err.toBody(), err.status as ContentfulStatusCode);
}

/** The sandbox's HTTP app: per-catalogue protocol under /catalogues/{id}/v1, controls under /_sandbox. */
export function createCarrierApp(rt: SandboxRuntime): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.use('*', async (c, next) => {
    const requestId = `req_${randomBytes(8).toString('hex')}`;
    c.set('requestId', requestId);
    await next();
    c.header('X-Request-Id', requestId);
  });

  app.onError((err, c) => {
    if (err instanceof CarrierError) return respondError(c, err);
    rt.log(`[sandbox-carrier] ${c.req.method} ${c.req.path} failed: ${err instanceof Error ? err.stack : String(err)}`);
    return respondError(c, new CarrierError('internal_error', 'Internal error'));
  });

  app.notFound((c) => respondError(c, new CarrierError('not_found', `No route ${c.req.method} ${c.req.path}`)));

  app.get('/health', (c) => c.json({ ok: true, catalogues: [...rt.catalogues.keys()] }));

  // ---- Protocol, per catalogue -------------------------------------------------------------------------------------
  const v1 = new Hono<AppEnv>();

  // Every tracking lookup is logged on arrival with the status it was answered (errors included), before latency.
  v1.use('/tracking/:trackingNumber', async (c, next) => {
    const record: TrackingRequestRecord = {
      catalogueId: c.req.param('catalogueId') ?? '',
      trackingNumber: c.req.param('trackingNumber').replace(/\s+/g, '').toUpperCase(),
      receivedMs: Date.now(),
      status: 500,
    };
    rt.trackingLog.push(record);
    if (rt.trackingLog.length > TRACKING_LOG_MAX) rt.trackingLog.splice(0, rt.trackingLog.length - TRACKING_LOG_MAX);
    try {
      await next();
      record.status = c.res.status;
    } catch (err) {
      record.status = err instanceof CarrierError ? err.status : 500;
      throw err;
    }
  });

  // Latency is the time from arrival to answer, as a real API's response time includes its own work: the request is
  // served at once and its answer held for the rest. (Sleeping first and working after made every answer come late by
  // the work too, and let answers whose timers fell due together queue behind each other's work, pulling concurrent
  // callers into step.)
  v1.use('*', async (c, next) => {
    const arrived = performance.now();
    const delay = drawLatency(rt);
    try {
      await serve(c, next);
    } finally {
      const left = delay - (performance.now() - arrived);
      if (left > 0) await sleep(left);
    }
  });

  async function serve(c: Context<AppEnv>, next: () => Promise<void>): Promise<void> {
    const id = c.req.param('catalogueId') ?? '';
    const catalogue = rt.catalogues.get(id);
    if (!catalogue) throw new CarrierError('not_found', `No catalogue ${id}`);
    c.set('catalogue', catalogue);

    if (rt.down || catalogue.down) {
      throw new CarrierError('unavailable', 'The carrier API is temporarily unavailable', {
        headers: { 'Retry-After': '30' },
      });
    }

    const key = c.req.header('x-api-key');
    if (!key || key !== catalogue.apiKey) {
      throw new CarrierError('unauthorized', key ? 'Invalid API key' : 'Missing X-Api-Key header');
    }

    if (rt.throttle.remaining > 0) {
      rt.throttle.remaining -= 1;
      throw new CarrierError('rate_limited', 'Too many requests (throttled by the sandbox controls)', {
        headers: { 'Retry-After': String(rt.throttle.retryAfterSeconds) },
      });
    }

    if (rt.rateLimit) {
      const { limit, windowMs } = rt.rateLimit;
      const now = rt.clock.now().getTime();
      const windowStart = Math.floor(now / windowMs) * windowMs;
      const used = catalogue.rateWindow.start === windowStart ? catalogue.rateWindow.count : 0;
      const reset = Math.ceil((windowStart + windowMs) / 1000);
      c.header('X-RateLimit-Limit', String(limit));
      c.header('X-RateLimit-Reset', String(reset));
      if (used >= limit) {
        c.header('X-RateLimit-Remaining', '0');
        throw new CarrierError('rate_limited', `Rate limit of ${limit} requests per ${windowMs / 1000} s exceeded`, {
          headers: { 'Retry-After': String(Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000))) },
        });
      }
      catalogue.rateWindow = { start: windowStart, count: used + 1 };
      c.header('X-RateLimit-Remaining', String(limit - used - 1));
    }

    if (rt.failureRate > 0 && rt.failureRng() < rt.failureRate) {
      throw new CarrierError('unavailable', 'The carrier API is temporarily unavailable; retry later', {
        headers: { 'Retry-After': '1' },
      });
    }
    await next();
  }

  v1.get('/services', (c) => {
    const catalogue = c.get('catalogue');
    return c.json({ services: catalogue.services().map((s) => serviceView(s, catalogue.templates)) });
  });

  v1.get('/services/:serviceCode', (c) => {
    const catalogue = c.get('catalogue');
    return c.json(serviceView(catalogue.service(c.req.param('serviceCode')), catalogue.templates));
  });

  v1.post('/rates', async (c) => {
    const catalogue = c.get('catalogue');
    const body = parseBody(RateRequest, await readJson(c));
    const service = catalogue.purchasable(body.serviceCode);
    const priced = quote(service, body.package.weight, body.package.weightUnit);
    const transitDays = transitDaysFor(service, body.fromZip, body.toZip);
    return c.json({
      serviceCode: service.serviceCode,
      carrier: service.carrier,
      service: service.name,
      price: toUsd(priced.priceCents),
      currency: 'USD',
      billedWeight: priced.billedWeight,
      billedWeightUnit: priced.billedWeightUnit,
      transitDays,
      estimatedDelivery: estimatedDeliveryFor(rt.clock.now(), transitDays),
    });
  });

  v1.post('/labels', async (c) => {
    const catalogue = c.get('catalogue');
    const raw = await readJson(c);
    const key = c.req.header('idempotency-key');
    if (key !== undefined && (key.length < 1 || key.length > 255)) {
      throw new CarrierError('invalid_request', 'Idempotency-Key must be 1-255 characters', {
        details: [{ field: 'Idempotency-Key', message: 'must be 1-255 characters' }],
      });
    }
    const body = parseBody(LabelRequestInput, raw);
    const { label, replayed } = catalogue.createLabel(
      {
        serviceCode: body.serviceCode,
        template: body.template,
        from: body.from,
        to: body.to,
        package: {
          weight: body.package.weight,
          weightUnit: body.package.weightUnit,
          length: body.package.length,
          width: body.package.width,
          height: body.package.height,
          description: body.package.description,
          valueCents: body.package.value == null ? null : toCents(body.package.value),
        },
        reference: body.reference,
      },
      key ? { key, requestHash: createHash('sha256').update(canonicalJson(raw)).digest('hex') } : undefined,
    );
    const view: ReturnType<typeof labelView> & { labelPdf?: string } = labelView(
      label,
      baseUrl(c, catalogue, rt.basePath),
    );
    if (body.includePdf) view.labelPdf = Buffer.from(await renderLabelPdf(label)).toString('base64');
    if (replayed) c.header('Idempotent-Replayed', 'true');
    const unusable = unusableAnswer(rt, view, replayed ? 200 : 201);
    if (unusable) return unusable;
    return c.json(view, replayed ? 200 : 201);
  });

  // The label a purchase with this Idempotency-Key bought (while the key is remembered): how a client that lost or
  // could not read the answer finds it, and the proof that the purchase bought nothing when the list is empty.
  v1.get('/labels', (c) => {
    const catalogue = c.get('catalogue');
    const key = c.req.query('idempotencyKey');
    if (key === undefined || key.length < 1 || key.length > 255) {
      throw new CarrierError('invalid_request', 'The idempotencyKey query parameter (1-255 characters) is required', {
        details: [{ field: 'idempotencyKey', message: 'is required (1-255 characters)' }],
      });
    }
    const label = catalogue.labelByIdempotencyKey(key);
    return c.json({ labels: label ? [labelView(label, baseUrl(c, catalogue, rt.basePath))] : [] });
  });

  v1.get('/labels/:labelId', (c) => {
    const catalogue = c.get('catalogue');
    return c.json(labelView(catalogue.label(c.req.param('labelId')), baseUrl(c, catalogue, rt.basePath)));
  });

  v1.get('/labels/:labelId/pdf', async (c) => {
    const label = c.get('catalogue').label(c.req.param('labelId'));
    const pdf = await renderLabelPdf(label);
    return c.body(pdf as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `inline; filename="${label.labelId}.pdf"`,
      'Content-Length': String(pdf.byteLength),
    });
  });

  v1.post('/labels/:labelId/void', (c) => {
    const catalogue = c.get('catalogue');
    return c.json(labelView(catalogue.voidLabel(c.req.param('labelId')), baseUrl(c, catalogue, rt.basePath)));
  });

  v1.get('/tracking/:trackingNumber', (c) => {
    const catalogue = c.get('catalogue');
    const label = catalogue.labelByTracking(c.req.param('trackingNumber').replace(/\s+/g, '').toUpperCase());
    const now = rt.clock.now();
    const snapshot = trackingAt(label, now, rt.timeline);
    return c.json({
      trackingNumber: label.trackingNumber,
      carrier: label.carrier,
      service: label.serviceName,
      labelId: label.labelId,
      status: snapshot.status,
      estimatedDelivery: snapshot.estimatedDelivery,
      deliveredAt: snapshot.deliveredAt?.toISOString() ?? null,
      events: snapshot.events.map((e) => ({
        status: e.status,
        description: e.description,
        location: e.location,
        occurredAt: e.occurredAt.toISOString(),
      })),
      checkedAt: now.toISOString(),
    });
  });

  app.route('/catalogues/:catalogueId/v1', v1);

  // ---- Controls (tests and admins) ---------------------------------------------------------------------------------
  const control = new Hono<AppEnv>();
  control.use('*', async (c, next) => {
    if (!rt.controlKey) throw new CarrierError('not_found', 'Controls are disabled (no control key configured)');
    if (c.req.header('x-sandbox-key') !== rt.controlKey) {
      throw new CarrierError('unauthorized', 'Missing or invalid X-Sandbox-Key header');
    }
    await next();
  });

  const catalogueOf = (c: Context<AppEnv>): Catalogue => {
    const id = c.req.param('catalogueId') ?? '';
    const catalogue = rt.catalogues.get(id);
    if (!catalogue) throw new CarrierError('not_found', `No catalogue ${id}`);
    return catalogue;
  };

  control.get('/state', (c) =>
    c.json({
      down: rt.down,
      latencyMs: rt.latency,
      failureRate: rt.failureRate,
      rateLimit: rt.rateLimit,
      now: rt.clock.now().toISOString(),
      catalogues: [...rt.catalogues.values()].map((cat) => ({
        id: cat.id,
        name: cat.name,
        baseUrl: `${new URL(c.req.url).origin}${rt.basePath ?? ''}/catalogues/${cat.id}`,
        apiKey: cat.apiKey,
        down: cat.down,
        epoch: cat.epoch.toISOString(),
        services: cat.services().length,
      })),
    }),
  );

  control.put('/down', async (c) => {
    const { down } = parseBody(DownInput, await readJson(c));
    rt.down = down;
    return c.json({ down });
  });

  control.put('/failure-rate', async (c) => {
    const { failureRate } = parseBody(FailureRateInput, await readJson(c));
    rt.failureRate = failureRate;
    return c.json({ failureRate });
  });

  control.put('/rate-limit', async (c) => {
    const { rateLimit } = parseBody(RateLimitInput, await readJson(c));
    rt.rateLimit = rateLimit;
    // A new limit starts a fresh window for every key.
    for (const cat of rt.catalogues.values()) cat.rateWindow = { start: 0, count: 0 };
    return c.json({ rateLimit });
  });

  // Labels bought so far (voided ones included), and how many per reference (our order id): a purchase made twice
  // for one order shows as a count above 1.
  control.get('/catalogues/:catalogueId/labels', (c) => {
    const catalogue = catalogueOf(c);
    const byReference: Record<string, number> = {};
    let voided = 0;
    for (const label of catalogue.labels()) {
      if (label.status === 'voided') voided += 1;
      const ref = label.reference ?? '';
      byReference[ref] = (byReference[ref] ?? 0) + 1;
    }
    const labels = catalogue.labels().map((l) => ({
      labelId: l.labelId,
      reference: l.reference ?? null,
      status: l.status,
      voidedAt: l.voidedAt,
    }));
    return c.json({ count: catalogue.labels().length, voided, byReference, labels });
  });

  control.put('/label-answer', async (c) => {
    const { answer, count } = parseBody(LabelAnswerInput, await readJson(c));
    rt.labelAnswer = { answer, remaining: answer === 'normal' ? null : (count ?? null) };
    return c.json(rt.labelAnswer);
  });

  control.put('/throttle', async (c) => {
    const { count, retryAfterSeconds } = parseBody(ThrottleInput, await readJson(c));
    setThrottle(rt, count, retryAfterSeconds);
    return c.json({ remaining: rt.throttle.remaining, retryAfterSeconds: rt.throttle.retryAfterSeconds });
  });

  // Tracking lookups received (oldest first), and clearing them.
  control.get('/tracking-requests', (c) => c.json({ requests: rt.trackingLog }));
  control.delete('/tracking-requests', (c) => {
    rt.trackingLog.length = 0;
    return c.json({ requests: [] });
  });

  control.put('/latency', async (c) => {
    const { latencyMs } = parseBody(LatencyInput, await readJson(c));
    rt.latency = latencyMs;
    return c.json({ latencyMs });
  });

  control.put('/clock', async (c) => {
    const { advanceMs } = parseBody(ClockInput, await readJson(c));
    rt.clockOffset.ms += advanceMs;
    return c.json({ now: rt.clock.now().toISOString(), offsetMs: rt.clockOffset.ms });
  });

  control.put('/catalogues/:catalogueId/down', async (c) => {
    const { down } = parseBody(DownInput, await readJson(c));
    catalogueOf(c).down = down;
    return c.json({ down });
  });

  control.post('/catalogues/:catalogueId/services', async (c) => {
    const catalogue = catalogueOf(c);
    const input = parseBody(ServiceInput, await readJson(c));
    const added = catalogue.addService(serviceFromInput(input));
    return c.json(serviceView(added, catalogue.templates), 201);
  });

  control.patch('/catalogues/:catalogueId/services/:serviceCode', async (c) => {
    const catalogue = catalogueOf(c);
    const { status } = parseBody(StatusInput, await readJson(c));
    const updated = catalogue.setServiceStatus(c.req.param('serviceCode'), status);
    return c.json(serviceView(updated, catalogue.templates));
  });

  control.delete('/catalogues/:catalogueId/services/:serviceCode', (c) => {
    const serviceCode = c.req.param('serviceCode');
    catalogueOf(c).retireService(serviceCode);
    return c.json({ retired: serviceCode });
  });

  app.route('/_sandbox', control);
  return app;
}
