import type { z } from 'zod';
import { fromB64NoPad } from '../../lib/base64';
import { PROVIDER_ERROR_MESSAGES as MSG, ProviderError } from '../../ports/label-provider';

/**
 * The HTTP side every provider adapter shares (generic, EasyPost, Shippo), over `fetch`: runs unchanged on Node and in
 * workerd. The adapters add their protocol: paths, auth header, wire shapes and how an error answer maps onto our
 * taxonomy.
 *
 * - Redirects are never followed (a 3xx is the protocol's error): a provider must not bounce us to another host.
 * - Timeouts: every attempt is aborted after `timeoutMs`, its answer read included. The timer is cleared once the
 *   answer is in (AbortSignal.timeout cannot be cleared: each one fired `timeoutMs` later anyway, building a
 *   TimeoutError and dispatching `abort` for an exchange long over, on every provider call of a 10,000-row bulk order).
 * - Retries with exponential backoff and jitter, only where the caller says repeating cannot do harm. Retried: network
 *   errors, timeouts, 429, 5xx. A Retry-After longer than `maxRetryDelayMs` (an outage) ends the retries at once.
 * - Answers are read up to `maxResponseBytes`; a purchase answer too large to read is an unknown outcome.
 */
export interface HttpTransportOptions {
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

/** The part of `fetch` the adapters use: one request with a string body, never following redirects. */
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

export const TRANSPORT_DEFAULTS = {
  timeoutMs: 10_000,
  maxAttempts: 3,
  retryBaseMs: 200,
  maxRetryDelayMs: 2_000,
  maxResponseBytes: 8 * 1024 * 1024,
};

export interface Sent {
  res: Response;
  body: Uint8Array;
}

export interface SendInit {
  /** Sent as JSON (Content-Type set). */
  json?: unknown;
  /** Sent as application/x-www-form-urlencoded. */
  form?: string;
  headers?: Record<string, string>;
  /** May this call be repeated (buys nothing, or the provider recognises the repeat)? */
  retry: boolean;
  /** A purchase: an answer too large to read (after a 2xx or a crash) may hide a label. */
  purchase?: boolean;
  /** Failover may follow: a failure known to have bought nothing (ProviderError.nothingBought) is not retried. */
  failFast?: boolean;
  /** Default application/json. */
  accept?: string;
  /** Send no credentials (a file URL the provider gave us, e.g. a label on a storage host). */
  noAuth?: boolean;
  /** A non-2xx answer in our taxonomy (the protocol's error shape and what the status means for this call). */
  toError: (status: number, bodyText: string, retryAfter: number | undefined) => ProviderError;
}

export interface HttpTransport {
  /** Sends `method url` with the auth headers; 2xx → the answer, else the ProviderError of `init.toError`. */
  send(method: 'GET' | 'POST', url: string, init: SendInit): Promise<Sent>;
  /** The answer as JSON validated by `schema`, else an upstream_error (`what` names the call in the log). */
  json<T extends z.ZodType>(sent: Sent, schema: T, what: string): z.output<T>;
  timeoutMs: number;
}

export function isPdf(bytes: Uint8Array): boolean {
  return bytes.length > 4 && bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

export function isPng(bytes: Uint8Array): boolean {
  return bytes.length > 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** ZPL II: starts (after blank space) with a format's ^XA and ends with ^XZ. */
export function isZpl(bytes: Uint8Array): boolean {
  const text = new TextDecoder().decode(bytes).trim();
  return text.startsWith('^XA') && text.endsWith('^XZ');
}

/** Canonical base64 (what providers send): atob takes it as it is. */
const CANONICAL_BASE64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

/**
 * Standard base64, padded or not, with line breaks or not (a label PDF). Canonical text (one pass of one regex) goes
 * straight to atob; anything else is normalised first (blank space and trailing `=` removed, then checked).
 */
export function decodeBase64(text: string): Uint8Array {
  if (!CANONICAL_BASE64.test(text)) return fromB64NoPad(text.replace(/\s+/g, '').replace(/=+$/, ''));
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
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

export function notSent(cause: unknown): boolean {
  for (let err = cause, depth = 0; err instanceof Error && depth < 3; err = err.cause, depth++) {
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && (NOT_SENT_CODES.has(code) || code.startsWith('ERR_SSL_'))) return true;
  }
  return false;
}

/** The same failure, marked as a purchase whose outcome is unknown (a label may exist). */
export function withUnknownOutcome(err: ProviderError, labelId: string | undefined): ProviderError {
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

/**
 * Downloads a label file from the URL a multi-carrier provider gave (EasyPost's `postage_label`, Shippo's
 * `label_url`): the URL passes `checkFileUrl` (the SSRF rules; default: https only), no credentials are sent, and
 * anything but the expected file (a PDF unless `file` says otherwise) is refused.
 */
export function labelFileDownloader(
  provider: string,
  checkFileUrl: ((url: string) => Promise<void>) | undefined,
  get: (url: string) => Promise<Sent>,
  file: { isValid: (bytes: Uint8Array) => boolean; name: string } = { isValid: isPdf, name: 'a PDF' },
): (url: string, labelId: string) => Promise<Uint8Array> {
  const check =
    checkFileUrl ??
    (async (url: string) => {
      if (!url.startsWith('https://')) throw new Error(`label URL ${url} is not https`);
    });
  return async (url, labelId) => {
    try {
      await check(url);
    } catch (err) {
      throw new ProviderError('upstream_error', MSG.rejected, {
        logMessage: `${provider} label ${labelId}: refused to fetch ${url}: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    const sent = await get(url);
    if (!file.isValid(sent.body)) {
      throw new ProviderError('upstream_error', MSG.rejected, {
        logMessage: `${provider} label ${labelId}: not ${file.name}`,
      });
    }
    return sent.body;
  };
}

/** Parses JSON text, or undefined. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * A signal that aborts after `ms` with a TimeoutError (as AbortSignal.timeout does), and a `clear` that stops its timer
 * once the attempt is over.
 */
function attemptTimeout(ms: number): { signal: AbortSignal; clear: () => void } {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The operation was aborted due to timeout`, 'TimeoutError')),
    ms,
  );
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}

export function httpTransport(options: HttpTransportOptions, authHeaders: Record<string, string>): HttpTransport {
  const opts = { ...TRANSPORT_DEFAULTS, ...stripUndefined(options) };
  const doFetch: ProviderFetch = options.fetch ?? ((url, init) => fetch(url, init));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  const backoff = (attempt: number, retryAfter: number | undefined): number | null => {
    if (retryAfter !== undefined) {
      const ms = retryAfter * 1000;
      return ms > opts.maxRetryDelayMs ? null : ms;
    }
    const step = opts.retryBaseMs * 2 ** (attempt - 1);
    const jittered = step * (0.5 + Math.random());
    return Math.min(Math.round(jittered), opts.maxRetryDelayMs);
  };

  async function send(method: 'GET' | 'POST', url: string, init: SendInit): Promise<Sent> {
    const attempts = init.retry ? Math.max(1, opts.maxAttempts) : 1;
    // Only the log messages of failures name the path.
    const pathOf = () => new URL(url).pathname;
    let last: ProviderError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      await opts.beforeRequest?.();
      const timeout = attemptTimeout(opts.timeoutMs);
      let outcome: Awaited<ReturnType<typeof attemptOnce>>;
      try {
        outcome = await attemptOnce(timeout.signal);
      } finally {
        timeout.clear();
      }
      if ('sent' in outcome) return outcome.sent;
      if ('fatal' in outcome) throw outcome.fatal;
      last = outcome.retryable;
      const wait = outcome.again && attempt < attempts ? backoff(attempt, outcome.retryAfter) : null;
      if (wait === null) break;
      await sleep(wait);
    }
    throw last ?? new ProviderError('upstream_unavailable', MSG.unavailable);

    /** One attempt: the answer, a failure to throw at once, or one the loop may retry (`again`: after a backoff). */
    async function attemptOnce(
      signal: AbortSignal,
    ): Promise<
      | { sent: Sent }
      | { fatal: ProviderError }
      | { retryable: ProviderError; again: boolean; retryAfter?: number | undefined }
    > {
      let res: Response;
      try {
        res = await doFetch(url, {
          method,
          redirect: 'manual',
          signal,
          headers: {
            Accept: init.accept ?? 'application/json',
            ...(init.noAuth ? {} : authHeaders),
            ...(init.json !== undefined ? { 'Content-Type': 'application/json' } : {}),
            ...(init.form !== undefined ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}),
            ...init.headers,
          },
          ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
          ...(init.form !== undefined ? { body: init.form } : {}),
        });
      } catch (cause) {
        const timedOut = cause instanceof Error && (cause.name === 'TimeoutError' || cause.name === 'AbortError');
        const path = pathOf();
        const error = new ProviderError('upstream_unavailable', MSG.unavailable, {
          logMessage: timedOut
            ? `provider did not answer within ${opts.timeoutMs} ms (${method} ${path})`
            : `provider unreachable (${method} ${path}): ${cause instanceof Error ? cause.message : String(cause)}`,
          nothingBought: !timedOut && notSent(cause),
          cause,
        });
        return { retryable: error, again: !(init.failFast && error.nothingBought) };
      }
      let body: Uint8Array;
      try {
        body = await readLimited(res, opts.maxResponseBytes);
      } catch (err) {
        if (err instanceof ProviderError) {
          // Too large to read: a purchase answered with success (or a crash) may hide a label.
          if (init.purchase && (res.ok || res.status >= 500)) return { fatal: withUnknownOutcome(err, undefined) };
          return { fatal: err };
        }
        const error = new ProviderError('upstream_unavailable', MSG.unavailable, {
          logMessage: `provider answer interrupted (${method} ${pathOf()})`,
          cause: err,
        });
        return { retryable: error, again: true };
      }
      if (res.status >= 200 && res.status < 300) return { sent: { res, body } };
      const error = init.toError(res.status, new TextDecoder().decode(body), retryAfterOf(res));
      // 429 and 5xx may pass; anything else will not change by asking again.
      if (res.status !== 429 && res.status < 500) return { fatal: error };
      if (init.failFast && error.nothingBought) return { fatal: error };
      return { retryable: error, again: true, retryAfter: error.retryAfterSeconds };
    }
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

  return { send, json, timeoutMs: opts.timeoutMs };
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
