/**
 * The one logger: structured JSON lines, the same on Node and Workers (Workers Logs index a JSON `console.*` line by
 * its fields; on Node the lines go to stdout/stderr for whatever collects them). Every line carries `time`, `level`
 * and an event name in `msg` (dotted, e.g. `order.outcome_unknown`), plus the bindings of its scope: `requestId` for
 * a request (set by the init middleware), `jobId` and `job` for a job (set by the job dispatcher).
 *
 * Secrets never reach a line: a field whose name says it holds one (password, secret, token, api key, authorization,
 * cookie, csrf) is replaced by `[redacted]`, and so is anything in a string that has the shape of one of our keys
 * (`ld_live_…`, `ld_test_…`), a provider's key (`EZAK…`/`EZTK…`, `shippo_live_…`/`shippo_test_…`), a webhook secret
 * (`whsec_…`), a bearer credential or a JWT. Model: pino's child loggers and `redact` paths, without the dependency.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';
export type LogFields = Record<string, unknown>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** A logger whose every line also carries `bindings` (e.g. `{requestId}`). */
  child(bindings: LogFields): Logger;
}

/** Where finished lines go; the default writes errors to stderr (console.error), the rest to stdout. */
export type LogSink = (level: LogLevel, line: string) => void;

export const consoleSink: LogSink = (level, line) => {
  if (level === 'error') console.error(line);
  else if (level === 'warn') console.warn(line);
  else console.log(line);
};

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export interface LoggerOptions {
  sink?: LogSink;
  /** Lines below this level are dropped; default `info`. */
  level?: LogLevel;
  bindings?: LogFields;
  /** The time written on each line; default the system clock. */
  now?: () => Date;
}

export const REDACTED = '[redacted]';

/** Field names that hold a secret whatever their value looks like (compared lower-case, without `_` and `-`). */
const SECRET_FIELD = /password|passphrase|secret|token|apikey|authorization|cookie|csrf|privatekey|credential/;
/** Shapes of secrets inside free text (an upstream's error message may echo a key or a header). */
const SECRET_TEXT =
  /\b(?:ld_(?:live|test)_[A-Za-z0-9]+|EZ[AT]K[A-Za-z0-9]+|shippo_(?:live|test)_[A-Za-z0-9]+|whsec_[A-Za-z0-9+/=]+|eyJ[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]*)|\b(?:Bearer|ShippoToken|Basic)\s+[A-Za-z0-9._~+/=-]+/g;
/** Nested objects below this depth are summarised; log fields are small, this only bounds a mistake. */
const MAX_DEPTH = 5;
/** A string field longer than this is cut (an upstream's whole HTML error page is not a log field). */
const MAX_STRING = 2_000;

export function redactText(text: string): string {
  const redacted = text.replace(SECRET_TEXT, REDACTED);
  return redacted.length > MAX_STRING ? `${redacted.slice(0, MAX_STRING)}…` : redacted;
}

function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(name.toLowerCase().replace(/[_-]/g, ''));
}

function clean(value: unknown, depth: number, seen: WeakSet<object>): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'bigint') return value.toString();
  if (value === null || typeof value !== 'object') return typeof value === 'function' ? undefined : value;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? String(value) : value.toISOString();
  if (value instanceof Error) {
    const out: LogFields = { name: value.name, message: redactText(value.message) };
    if (value.stack) out.stack = redactText(value.stack);
    if (value.cause !== undefined && depth < MAX_DEPTH) out.cause = clean(value.cause, depth + 1, seen);
    return out;
  }
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return '[nested]';
  seen.add(value);
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1, seen));
  const out: LogFields = {};
  for (const [key, item] of Object.entries(value)) {
    if (item === undefined) continue;
    out[key] = isSecretField(key) ? REDACTED : clean(item, depth + 1, seen);
  }
  return out;
}

/** `{...bindings, ...fields}` made safe to print: secrets redacted, errors as `{name, message, stack}`. */
export function cleanFields(fields: LogFields): LogFields {
  return clean(fields, 0, new WeakSet()) as LogFields;
}

/** The message of anything thrown, for a log field or a stored reason. */
export function errorMessage(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

export function createLogger(opts: LoggerOptions = {}): Logger {
  const sink = opts.sink ?? consoleSink;
  const threshold = LEVELS[opts.level ?? 'info'];
  const now = opts.now ?? (() => new Date());
  const bindings = cleanFields(opts.bindings ?? {});
  const write = (level: LogLevel, msg: string, fields?: LogFields) => {
    if (LEVELS[level] < threshold) return;
    const line = { time: now().toISOString(), level, msg, ...bindings, ...(fields ? cleanFields(fields) : {}) };
    let text: string;
    try {
      text = JSON.stringify(line);
    } catch {
      text = JSON.stringify({ time: line.time, level, msg, ...bindings, unserializable: true });
    }
    sink(level, text);
  };
  return {
    debug: (msg, fields) => write('debug', msg, fields),
    info: (msg, fields) => write('info', msg, fields),
    warn: (msg, fields) => write('warn', msg, fields),
    error: (msg, fields) => write('error', msg, fields),
    child: (more) =>
      createLogger({ sink, level: opts.level ?? 'info', now, bindings: { ...(opts.bindings ?? {}), ...more } }),
  };
}
