import { type Context, Hono } from 'hono';
import type { Catalogue } from './catalogue';
import { CarrierError } from './errors';
import { type AppEnv, readJson, serviceFromInput, serviceView } from './http-helpers';
import { type SandboxRuntime, setThrottle } from './runtime';
import {
  ClockInput,
  DownInput,
  FailureRateInput,
  LabelAnswerInput,
  LatencyInput,
  parseBody,
  RateLimitInput,
  ServiceInput,
  StatusInput,
  ThrottleInput,
  VoidSettlementInput,
} from './schemas';

/** The sandbox's controls under /_sandbox (X-Sandbox-Key): latency, failures, down switch, clock, catalogue edits. */
export function controlRoutes(rt: SandboxRuntime): Hono<AppEnv> {
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

  // How this catalogue settles voids: at once (default), or `pending` first and refunded later (EasyPost, Shippo).
  control.put('/catalogues/:catalogueId/void-settlement', async (c) => {
    const { mode } = parseBody(VoidSettlementInput, await readJson(c));
    catalogueOf(c).voidSettlement = mode;
    return c.json({ mode });
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

  return control;
}
