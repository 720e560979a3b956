import { roundUsdToCents } from '@labeldesk/pricing';
import { z } from 'zod';
import { fromB64NoPad } from '../../lib/base64';
import {
  type CreateLabelInput,
  CreateLabelInput as CreateLabelInputSchema,
  type LabelProvider,
  PROVIDER_ERROR_MESSAGES as MSG,
  ProviderError,
  type ProviderErrorCode,
  type ProviderErrorDetail,
  type ProviderLabel,
  type ProviderQuote,
  type ProviderServiceInfo,
  type ProviderTracking,
  ProviderTrackingStatus,
  type PurchasedLabel,
  type QuoteInput,
} from '../../ports/label-provider';

/**
 * The LabelProvider port over the sandbox-carrier protocol v1 (packages/sandbox-carrier/README.md) with `fetch`: runs
 * unchanged on Node and in workerd.
 *
 * - Auth: `X-Api-Key` on every call. Redirects are never followed (a 3xx is an upstream_error): a provider must not
 *   bounce us to another host.
 * - Timeouts: every attempt is aborted after `timeoutMs` (AbortSignal.timeout).
 * - Retries with exponential backoff and jitter, only where repeating cannot do harm: GET calls, quotes (buy nothing),
 *   voids (idempotent by the protocol) and label purchases WITH an Idempotency-Key (the provider returns the same
 *   label). A purchase without a key is never retried. Retried: network errors, timeouts, 429, 5xx. A Retry-After
 *   longer than `maxRetryDelayMs` (an outage, `Retry-After: 30`) ends the retries at once.
 * - Failures become ProviderError with our own customer-safe text; the provider's words go to `logMessage` only.
 * - Answers are read up to `maxResponseBytes` and validated with zod; anything unexpected is an upstream_error.
 * - A purchase answer that may hide a label we cannot use (a 2xx that is not JSON, has the wrong shape, no readable PDF
 *   or is too large; a 5xx other than 502/503/504 after the retries) is an upstream_error with `outcomeUnknown` (and
 *   the label id when the answer names one): the caller voids before it refunds.
 */
export interface HttpLabelProviderOptions {
  /** `<server>/catalogues/<id>`-style base URL, without the /v1 suffix. */
  baseUrl: string;
  apiKey: string;
  /** Per attempt; default 10 s. */
  timeoutMs?: number;
  /** Attempts for retryable calls, first included; default 3. */
  maxAttempts?: number;
  /** First backoff step; default 200 ms (then ×2, with ±50 % jitter). */
  retryBaseMs?: number;
  /** Longest wait between attempts (also for Retry-After); default 2 s. */
  maxRetryDelayMs?: number;
  /** Largest answer read; default 8 MiB. */
  maxResponseBytes?: number;
  /** Default: the global fetch (Workers); the Node entry passes nodeHttpFetch. */
  fetch?: ProviderFetch;
  sleep?: (ms: number) => Promise<void>;
  /** Runs before every attempt (the SSRF re-check); throws ProviderError to stop. */
  beforeRequest?: () => Promise<void>;
}

/** The part of `fetch` the adapter uses: one request with a string body, never following redirects. */
export type ProviderFetch = (
  url: string,
  init: {
    method: 'GET' | 'POST';
    redirect: 'manual';
    signal: AbortSignal;
    headers: Record<string, string>;
    body?: string;
  },
) => Promise<Response>;

const DEFAULTS = {
  timeoutMs: 10_000,
  maxAttempts: 3,
  retryBaseMs: 200,
  maxRetryDelayMs: 2_000,
  maxResponseBytes: 8 * 1024 * 1024,
};

// ---- Wire shapes (what the provider sends), read leniently where harmless ------------------------------------------

const WireWeightUnit = z.enum(['lbs', 'oz']);
const WireCarrier = z
  .string()
  .transform((v) => v.toUpperCase())
  .pipe(z.enum(['UPS', 'USPS', 'FEDEX']));
const usd = z.number().finite().nonnegative();

const WireService = z.object({
  carrier: WireCarrier,
  name: z.string().trim().min(1).max(200),
  serviceCode: z.string().trim().min(1).max(200),
  status: z.enum(['active', 'inactive']).catch('inactive'),
  maxWeight: z.number().finite().nullable().optional(),
  weightUnit: WireWeightUnit.optional(),
  prices: z
    .array(z.object({ fromWeight: z.number().finite().nonnegative(), toWeight: z.number().finite(), price: usd }))
    .default([]),
  transitDays: z.object({ min: z.number().int(), max: z.number().int() }).nullable().optional(),
  templates: z.array(z.string()).default([]),
});
const WireServiceList = z.object({ services: z.array(z.unknown()).max(5_000) });

const WireQuote = z.object({
  serviceCode: z.string(),
  carrier: WireCarrier,
  service: z.string(),
  price: usd,
  billedWeight: z.number(),
  billedWeightUnit: WireWeightUnit,
  transitDays: z.number().int().nullable().optional(),
  estimatedDelivery: z.string().nullable().optional(),
});

const WireLabel = z.object({
  labelId: z.string().min(1).max(200),
  status: z.enum(['created', 'voided']),
  carrier: WireCarrier,
  service: z.string(),
  serviceCode: z.string(),
  trackingNumber: z.string().min(1).max(100),
  price: usd,
  estimatedDelivery: z.string().nullable().optional(),
  createdAt: z.string(),
  voidedAt: z.string().nullable().optional(),
  labelPdf: z.string().optional(),
});

const WireLabelList = z.object({ labels: z.array(WireLabel).max(10) });

const WireTracking = z.object({
  trackingNumber: z.string(),
  status: ProviderTrackingStatus,
  estimatedDelivery: z.string().nullable().optional(),
  deliveredAt: z.string().nullable().optional(),
  events: z.array(
    z.object({
      status: ProviderTrackingStatus,
      description: z.string(),
      location: z.string().nullable().optional(),
      occurredAt: z.string(),
    }),
  ),
  checkedAt: z.string(),
});

const WireError = z.object({
  error: z.object({
    code: z.string().max(100),
    message: z.string().max(2_000).optional(),
    details: z.array(z.object({ field: z.string().max(200), message: z.string().max(500).optional() })).optional(),
    maxWeight: z.number().optional(),
    weightUnit: WireWeightUnit.optional(),
  }),
});

// ---- Mapping ---------------------------------------------------------------------------------------------------------

/** 'USPS Ground Advantage 15 oz' → oz, as the protocol (and @labeldesk/pricing) read names. */
const unitFromName = (name: string) => (/(?:^|[^a-z])oz(?:[^a-z]|$)/i.test(name) ? 'oz' : 'lbs');

function toServiceInfo(raw: z.infer<typeof WireService>): ProviderServiceInfo {
  const max = raw.maxWeight;
  return {
    carrier: raw.carrier,
    name: raw.name,
    serviceCode: raw.serviceCode,
    status: raw.status,
    maxWeight: typeof max === 'number' && max > 0 ? max : null,
    weightUnit: raw.weightUnit ?? unitFromName(raw.name),
    prices: raw.prices
      .filter((p) => p.toWeight > p.fromWeight)
      .map((p) => ({ fromWeight: p.fromWeight, toWeight: p.toWeight, priceCents: roundUsdToCents(p.price) })),
    transitDays: raw.transitDays ?? null,
    templates: raw.templates,
  };
}

function toLabel(raw: z.infer<typeof WireLabel>, replayed: boolean): ProviderLabel {
  return {
    labelId: raw.labelId,
    status: raw.status,
    carrier: raw.carrier,
    serviceName: raw.service,
    serviceCode: raw.serviceCode,
    trackingNumber: raw.trackingNumber,
    priceCents: roundUsdToCents(raw.price),
    estimatedDelivery: raw.estimatedDelivery ?? null,
    createdAt: raw.createdAt,
    voidedAt: raw.voidedAt ?? null,
    replayed,
  };
}

/** Our request field names are the protocol's; only known, well-formed paths are passed on, with our own text. */
function safeDetails(details: Array<{ field: string }> | undefined): ProviderErrorDetail[] {
  return (details ?? [])
    .filter((d) => /^[A-Za-z][A-Za-z0-9]*(\.[A-Za-z0-9]+)*$/.test(d.field))
    .slice(0, 20)
    .map((d) => ({ path: d.field, message: MSG.invalidField }));
}

function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
}

function decodeBase64(text: string): Uint8Array {
  return fromB64NoPad(text.replace(/\s+/g, '').replace(/=+$/, ''));
}

/** Retry-After in seconds (delta-seconds form only), or undefined. */
function retryAfterOf(res: Response): number | undefined {
  const value = res.headers.get('retry-after');
  if (value === null || !/^\d{1,6}$/.test(value.trim())) return undefined;
  return Number(value.trim());
}

async function readLimited(res: Response, limit: number): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) {
    await res.body?.cancel();
    throw new ProviderError('upstream_error', MSG.rejected, { logMessage: `answer too large (${declared} bytes)` });
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw new ProviderError('upstream_error', MSG.rejected, { logMessage: `answer larger than ${limit} bytes` });
    }
    chunks.push(value);
  }
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/**
 * Transport failures that happen before a request is sent: no connection (refused, no route), the name did not
 * resolve, or TLS refused the peer. Node puts the code on the error (node:http) or its cause (undici's fetch).
 * A reset, a closed socket or a timeout may come after the request went out, so they are not in this list.
 */
const NOT_SENT_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EAI_NONAME',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPROTO',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

function notSent(cause: unknown): boolean {
  for (let err = cause, depth = 0; err instanceof Error && depth < 3; err = err.cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (NOT_SENT_CODES.has(code) || code.startsWith('ERR_SSL_'))) return true;
  }
  return false;
}

type Call = 'services' | 'rates' | 'labels' | 'lookup' | 'label' | 'pdf' | 'void' | 'tracking';

/** The label id a garbled purchase answer still names, if it is JSON with a plausible top-level `labelId`. */
function labelIdIn(body: Uint8Array): string | undefined {
  try {
    const raw: unknown = JSON.parse(new TextDecoder().decode(body));
    if (typeof raw !== 'object' || raw === null) return undefined;
    const id = (raw as { labelId?: unknown }).labelId;
    return typeof id === 'string' && /^[A-Za-z0-9_-]{1,200}$/.test(id) ? id : undefined;
  } catch {
    return undefined;
  }
}

/** The same failure, marked as a purchase whose outcome is unknown (a label may exist). */
function withUnknownOutcome(err: ProviderError, labelId: string | undefined): ProviderError {
  return new ProviderError(err.code, err.message, {
    logMessage: `${err.logMessage} (a label may have been made${labelId ? `: ${labelId}` : ''})`,
    details: err.details,
    ...(err.providerCode ? { providerCode: err.providerCode } : {}),
    ...(err.retryAfterSeconds !== undefined ? { retryAfterSeconds: err.retryAfterSeconds } : {}),
    ...(err.httpStatus !== undefined ? { httpStatus: err.httpStatus } : {}),
    outcomeUnknown: { labelId },
    cause: err,
  });
}

/** A non-2xx answer in our taxonomy. `call` decides what 404 and 409 mean. */
function errorFor(call: Call, status: number, bodyText: string, retryAfter: number | undefined): ProviderError {
  let parsed: z.infer<typeof WireError>['error'] | undefined;
  try {
    const result = WireError.safeParse(JSON.parse(bodyText));
    parsed = result.success ? result.data.error : undefined;
  } catch {
    parsed = undefined;
  }
  const code = parsed?.code;
  const logMessage = `provider answered ${status}${code ? ` ${code}` : ''}: ${(parsed?.message ?? bodyText).slice(0, 300)}`;
  const opts = {
    logMessage,
    httpStatus: status,
    ...(code ? { providerCode: code } : {}),
    ...(retryAfter !== undefined ? { retryAfterSeconds: retryAfter } : {}),
  };
  const make = (
    c: ProviderErrorCode,
    message: string,
    extra: Partial<ConstructorParameters<typeof ProviderError>[2]> = {},
  ) => new ProviderError(c, message, { ...opts, ...extra });

  // Refused before the provider acted: our key (401/403) or its rate limit (429, checked before anything else).
  const refusedUpFront = status === 401 || status === 403 || status === 429;
  // A gateway error from a call that buys nothing; or the protocol's own `unavailable` answer, which the protocol
  // documents as buying and changing nothing (its body proves the provider, not a proxy in front, sent it). Any other
  // 5xx from a purchase may have bought a label.
  const unavailableBeforeWork =
    (status === 502 || status === 503) && (call !== 'labels' || (status === 503 && code === 'unavailable'));
  if (status === 429 || status === 502 || status === 503 || status === 504)
    return make('upstream_unavailable', MSG.unavailable, {
      nothingBought: refusedUpFront || unavailableBeforeWork,
    });
  // A purchase that failed inside the provider may have made the label first.
  if (status >= 500) {
    return make('upstream_error', MSG.rejected, call === 'labels' ? { outcomeUnknown: { labelId: undefined } } : {});
  }
  if (status >= 300 && status < 400)
    return make('upstream_error', MSG.rejected, {
      logMessage: `provider redirected (${status}); redirects are not followed`,
    });
  if (status === 422 && code === 'weight_exceeds_max') {
    const maxWeight =
      parsed?.maxWeight !== undefined && parsed.weightUnit
        ? { value: parsed.maxWeight, unit: parsed.weightUnit }
        : undefined;
    return make('invalid_input', MSG.weightExceedsMax, maxWeight ? { maxWeight } : {});
  }
  if (status === 422 && code === 'service_inactive') return make('invalid_input', MSG.serviceInactive);
  if (status === 400 && (call === 'rates' || call === 'labels')) {
    const details = safeDetails(parsed?.details);
    if (details.length > 0 && details.every((d) => d.path === 'serviceCode')) {
      return make('invalid_input', MSG.serviceInactive);
    }
    return make('invalid_input', MSG.invalidShipment, { details });
  }
  if (status === 404 && (call === 'label' || call === 'pdf' || call === 'void'))
    return make('not_found', MSG.labelNotFound);
  if (status === 404 && call === 'tracking') return make('not_found', MSG.trackingNotFound);
  if (status === 409 && call === 'void') return make('conflict', MSG.cannotVoid);
  // 401 (our key), 404 on a listing (wrong base URL), 409 on a purchase (idempotency misuse), anything else.
  return make('upstream_error', MSG.rejected, refusedUpFront ? { nothingBought: true } : {});
}

export function httpLabelProvider(options: HttpLabelProviderOptions): LabelProvider {
  const opts = { ...DEFAULTS, ...options };
  const doFetch: ProviderFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const base = opts.baseUrl.replace(/\/+$/, '');

  const backoff = (attempt: number, retryAfter: number | undefined): number | null => {
    if (retryAfter !== undefined) {
      const ms = retryAfter * 1000;
      return ms > opts.maxRetryDelayMs ? null : ms;
    }
    const step = opts.retryBaseMs * 2 ** (attempt - 1);
    const jittered = step * (0.5 + Math.random());
    return Math.min(Math.round(jittered), opts.maxRetryDelayMs);
  };

  interface Sent {
    res: Response;
    body: Uint8Array;
  }

  async function send(
    call: Call,
    method: 'GET' | 'POST',
    path: string,
    init: { json?: unknown; headers?: Record<string, string>; retry: boolean; failFast?: boolean },
  ): Promise<Sent> {
    const attempts = init.retry ? Math.max(1, opts.maxAttempts) : 1;
    let last: ProviderError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await opts.beforeRequest?.();
      let res: Response;
      try {
        res = await doFetch(`${base}/v1${path}`, {
          method,
          redirect: 'manual',
          signal: AbortSignal.timeout(opts.timeoutMs),
          headers: {
            Accept: call === 'pdf' ? 'application/pdf' : 'application/json',
            'X-Api-Key': opts.apiKey,
            ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...init.headers,
          },
          ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
        });
      } catch (cause) {
        const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
        last = new ProviderError('upstream_unavailable', MSG.unavailable, {
          logMessage: timedOut
            ? `provider did not answer within ${opts.timeoutMs} ms (${method} ${path})`
            : `provider unreachable (${method} ${path}): ${cause instanceof Error ? cause.message : String(cause)}`,
          nothingBought: !timedOut && notSent(cause),
          cause,
        });
        if (init.failFast && last.nothingBought) break;
        const wait = attempt < attempts ? backoff(attempt, undefined) : null;
        if (wait === null) break;
        await sleep(wait);
        continue;
      }
      let body: Uint8Array;
      try {
        body = await readLimited(res, opts.maxResponseBytes);
      } catch (err) {
        if (err instanceof ProviderError) {
          // Too large to read: a purchase answered with success (or a crash) may hide a label.
          if (call === 'labels' && (res.ok || res.status >= 500)) throw withUnknownOutcome(err, undefined);
          throw err;
        }
        last = new ProviderError('upstream_unavailable', MSG.unavailable, {
          logMessage: `provider answer interrupted (${method} ${path})`,
          cause: err,
        });
        const wait = attempt < attempts ? backoff(attempt, undefined) : null;
        if (wait === null) break;
        await sleep(wait);
        continue;
      }
      if (res.status >= 200 && res.status < 300) return { res, body };
      const error = errorFor(call, res.status, new TextDecoder().decode(body), retryAfterOf(res));
      // 429 and 5xx may pass; anything else will not change by asking again.
      if (res.status !== 429 && res.status < 500) throw error;
      if (init.failFast && error.nothingBought) throw error;
      last = error;
      const wait = attempt < attempts ? backoff(attempt, error.retryAfterSeconds) : null;
      if (wait === null) break;
      await sleep(wait);
    }
    throw last ?? new ProviderError('upstream_unavailable', MSG.unavailable);
  }

  function json<T extends z.ZodType>(sent: Sent, schema: T, what: string): z.output<T> {
    let raw: unknown;
    try {
      raw = JSON.parse(new TextDecoder().decode(sent.body));
    } catch (cause) {
      throw new ProviderError('upstream_error', MSG.rejected, { logMessage: `${what}: answer is not JSON`, cause });
    }
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      throw new ProviderError('upstream_error', MSG.rejected, {
        logMessage: `${what}: unexpected answer (${parsed.error.issues[0]?.path.join('.') ?? ''}: ${parsed.error.issues[0]?.message ?? ''})`,
      });
    }
    return parsed.data;
  }

  const enc = encodeURIComponent;

  return {
    async listServices() {
      const sent = await send('services', 'GET', '/services', { retry: true });
      const list = json(sent, WireServiceList, 'GET /v1/services');
      const services: ProviderServiceInfo[] = [];
      const seen = new Set<string>();
      for (const entry of list.services) {
        // One malformed entry does not hide the others.
        const parsed = WireService.safeParse(entry);
        if (!parsed.success || seen.has(parsed.data.serviceCode)) continue;
        seen.add(parsed.data.serviceCode);
        services.push(toServiceInfo(parsed.data));
      }
      return services;
    },

    async quote(input: QuoteInput): Promise<ProviderQuote> {
      const sent = await send('rates', 'POST', '/rates', {
        retry: true,
        json: {
          serviceCode: input.serviceCode,
          fromZip: input.fromZip,
          toZip: input.toZip,
          package: { weight: input.weight, weightUnit: input.weightUnit },
        },
      });
      const q = json(sent, WireQuote, 'POST /v1/rates');
      return {
        serviceCode: q.serviceCode,
        carrier: q.carrier,
        serviceName: q.service,
        priceCents: roundUsdToCents(q.price),
        billedWeight: q.billedWeight,
        billedWeightUnit: q.billedWeightUnit,
        transitDays: q.transitDays ?? null,
        estimatedDelivery: q.estimatedDelivery ?? null,
      };
    },

    async createLabel(raw: CreateLabelInput): Promise<PurchasedLabel> {
      const input = CreateLabelInputSchema.parse(raw);
      const pkg = input.package;
      const sent = await send('labels', 'POST', '/labels', {
        // Only a purchase the provider can recognise as the same one may be repeated.
        retry: input.idempotencyKey !== undefined,
        failFast: input.failFast === true,
        ...(input.idempotencyKey ? { headers: { 'Idempotency-Key': input.idempotencyKey } } : {}),
        json: {
          serviceCode: input.serviceCode,
          ...(input.template ? { template: input.template } : {}),
          from: input.from,
          to: input.to,
          package: {
            weight: pkg.weight,
            weightUnit: pkg.weightUnit,
            length: pkg.length,
            width: pkg.width,
            height: pkg.height,
            dimensionUnit: 'in',
            description: pkg.description ?? null,
            value: pkg.valueCents == null ? null : pkg.valueCents / 100,
          },
          ...(input.reference ? { reference: input.reference } : {}),
          includePdf: true,
        },
      });
      let label: z.output<typeof WireLabel>;
      try {
        label = json(sent, WireLabel, 'POST /v1/labels');
      } catch (err) {
        // Success, but not an answer we can read: the label may exist.
        if (err instanceof ProviderError) throw withUnknownOutcome(err, labelIdIn(sent.body));
        throw err;
      }
      let pdf: Uint8Array | undefined;
      try {
        pdf = label.labelPdf ? decodeBase64(label.labelPdf) : undefined;
      } catch {
        pdf = undefined;
      }
      if (!pdf || !isPdf(pdf)) {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `POST /v1/labels: label ${label.labelId} came without a readable PDF`,
          outcomeUnknown: { labelId: label.labelId },
        });
      }
      const replayed = sent.res.headers.get('idempotent-replayed') === 'true';
      return { ...toLabel(label, replayed), pdf };
    },

    async findLabelByIdempotencyKey(idempotencyKey: string) {
      const sent = await send('lookup', 'GET', `/labels?idempotencyKey=${enc(idempotencyKey)}`, { retry: true });
      const found = json(sent, WireLabelList, 'GET /v1/labels?idempotencyKey');
      const [first] = found.labels;
      return first ? toLabel(first, false) : null;
    },

    async getLabelPdf(labelId: string) {
      const sent = await send('pdf', 'GET', `/labels/${enc(labelId)}/pdf`, { retry: true });
      if (!isPdf(sent.body)) {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `label ${labelId}: answer is not a PDF`,
        });
      }
      return sent.body;
    },

    async getTracking(trackingNumber: string): Promise<ProviderTracking> {
      const sent = await send('tracking', 'GET', `/tracking/${enc(trackingNumber)}`, { retry: true });
      const t = json(sent, WireTracking, 'GET /v1/tracking');
      return {
        trackingNumber: t.trackingNumber,
        status: t.status,
        estimatedDelivery: t.estimatedDelivery ?? null,
        deliveredAt: t.deliveredAt ?? null,
        events: t.events.map((e) => ({
          status: e.status,
          description: e.description,
          location: e.location ?? null,
          occurredAt: e.occurredAt,
        })),
        checkedAt: t.checkedAt,
      };
    },

    async voidLabel(labelId: string) {
      // Idempotent by the protocol (voiding a voided label answers the same 200), so a retry cannot do harm.
      const sent = await send('void', 'POST', `/labels/${enc(labelId)}/void`, { retry: true });
      return toLabel(json(sent, WireLabel, 'POST /v1/labels/{id}/void'), false);
    },
  };
}
