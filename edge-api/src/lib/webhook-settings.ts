import { z } from 'zod';

/**
 * Settings of outbound webhooks, shared by both entries (Node: process.env; Workers: vars).
 * - ALLOW_PRIVATE_WEBHOOK_URLS=true: endpoint URLs may be http and loopback/private addresses (development and test
 *   suites with a receiver on this machine). Never on by default.
 * - WEBHOOK_RETRY_SCHEDULE: seconds before each attempt, comma-separated; default the specification's schedule (at
 *   once, 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h). Test suites shorten it instead of waiting hours.
 */
export interface WebhookSettings {
  allowPrivateUrls: boolean;
  /** Delay before attempt n+1 is `retryScheduleSeconds[n]`; its length is the number of attempts. */
  retryScheduleSeconds: readonly number[];
}

export const DEFAULT_WEBHOOK_RETRY_SCHEDULE: readonly number[] = [0, 5, 300, 1800, 7200, 18_000, 36_000, 36_000];

export const DEFAULT_WEBHOOK_SETTINGS: WebhookSettings = {
  allowPrivateUrls: false,
  retryScheduleSeconds: DEFAULT_WEBHOOK_RETRY_SCHEDULE,
};

/** Per attempt: the endpoint must answer within this. */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/**
 * An endpoint that answers a delivery with a 2xx within this is healthy: the Node runner lets it take more deliveries
 * at once. A slower answer counts like a failure (back to the floor), so a slow receiver never holds more slots.
 */
export const WEBHOOK_FAST_ANSWER_MS = 1_000;
/** Failing this long without one success disables an endpoint. */
export const WEBHOOK_FAILING_DISABLE_MS = 3 * 24 * 60 * 60_000;
/** Kept of an endpoint's answer. */
export const WEBHOOK_RESPONSE_BODY_BYTES = 1024;

/** `0,5,300` → [0, 5, 300]; empty → the default. Each delay 0-43200 s (Cloudflare Queues' 12 h), 1-20 attempts. */
export const webhookRetrySchedule = () =>
  z.preprocess(
    (v) => {
      if (v === undefined || (typeof v === 'string' && v.trim() === '')) return [...DEFAULT_WEBHOOK_RETRY_SCHEDULE];
      return typeof v === 'string' ? v.split(',').map((part) => Number(part.trim())) : v;
    },
    z
      .array(z.number().int().min(0).max(43_200), {
        error: 'WEBHOOK_RETRY_SCHEDULE must be comma-separated whole seconds (0-43200)',
      })
      .min(1)
      .max(20),
  );
