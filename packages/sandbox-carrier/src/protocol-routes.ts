import { createHash } from 'node:crypto';
import { type Context, Hono } from 'hono';
import { CarrierError } from './errors';
import {
  type AppEnv,
  baseUrl,
  canonicalJson,
  drawLatency,
  labelView,
  readJson,
  serviceView,
  sleep,
  unusableAnswer,
} from './http-helpers';
import { renderLabelPdf } from './label-pdf';
import { renderLabelPng } from './label-png';
import { renderLabelZpl, type ZplDpi } from './label-zpl';
import { toCents, toUsd } from './money';
import { estimatedDeliveryFor, quote, transitDaysFor } from './pricing';
import { type SandboxRuntime, TRACKING_LOG_MAX, type TrackingRequestRecord } from './runtime';
import { LabelRequestInput, parseBody, RateRequest } from './schemas';
import { trackingAt } from './tracking';

/** The carrier protocol of one catalogue (mounted under /catalogues/{id}/v1): rates, services, labels, voids, tracking. */
export function protocolRoutes(rt: SandboxRuntime): Hono<AppEnv> {
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

  // The same label in the thermal printers' and the image formats, rendered natively (not converted from the PDF).
  v1.get('/labels/:labelId/zpl', (c) => {
    const label = c.get('catalogue').label(c.req.param('labelId'));
    const dpi = c.req.query('dpi') ?? '203';
    if (dpi !== '203' && dpi !== '300') throw new CarrierError('invalid_request', 'dpi must be 203 or 300');
    const zpl = renderLabelZpl(label, Number(dpi) as ZplDpi);
    return c.body(zpl, 200, {
      'Content-Type': 'application/zpl; charset=us-ascii',
      'Content-Disposition': `inline; filename="${label.labelId}.zpl"`,
    });
  });

  v1.get('/labels/:labelId/png', async (c) => {
    const label = c.get('catalogue').label(c.req.param('labelId'));
    const png = await renderLabelPng(label);
    return c.body(png as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': 'image/png',
      'Content-Disposition': `inline; filename="${label.labelId}.png"`,
      'Content-Length': String(png.byteLength),
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

  return v1;
}
