import type { Catalogue } from './catalogue';
import { CarrierError } from './errors';
import type { Rng } from './rng';
import { type LabelAnswer, ThrottleInput } from './schemas';
import type { TimelineOptions } from './tracking';
import type { Clock, Latency } from './types';

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
