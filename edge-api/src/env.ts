import type { AuthUser } from './db/schema';
import type { ApiKeyVault } from './lib/api-key-vault';
import type { Logger } from './lib/logger';
import type { PasswordParams } from './lib/password';
import type { SecretBox } from './lib/secret-box';
import type { HostResolver } from './lib/ssrf';
import type { WebhookSettings } from './lib/webhook-settings';
import type { BlobStore } from './ports/blob-store';
import type { Clock } from './ports/clock';
import type { Db } from './ports/database';
import type { JobQueue } from './ports/job-queue';
import type { LabelProviders } from './ports/label-provider';
import type { Mailer } from './ports/mailer';
import type { Marketplace } from './ports/marketplace';
import type { PaymentProcessor } from './ports/payment-processor';
import type { RateLimiter } from './ports/rate-limiter';
import type { ReferenceAssets } from './ports/reference-assets';
import type { VerifiedApiKeys } from './ports/verified-api-keys';
import type { BreakerPolicy } from './use-cases/provider-failover/circuit-breaker';

/** Settings the use-cases read; validated with zod at each entry (Node: process.env; Workers: bindings). */
export interface AppConfig {
  runtime: 'node' | 'workers';
  /** HS256 secret for session tokens, at least 32 bytes. */
  jwtSecret: string;
  /** Session token lifetime in seconds. */
  jwtTtlSeconds: number;
  /** Public support address shown by /api/settings/public-settings. */
  supportEmail: string;
  /**
   * Where customers reach the web UI, without a trailing slash (e.g. https://labeldesk.example): the processor's
   * checkout page sends them back to `${publicUrl}/balance`.
   */
  publicUrl: string;
  /**
   * Workers: the secret ADMIN_BOOTSTRAP_TOKEN, which lets POST /api/auth/bootstrap-admin create the first admin while
   * none exists. Unset: that route is closed (the Node entry seeds its admin on start instead).
   */
  adminBootstrapToken?: string;
  /** Argon2id parameters of new password hashes; absent: PASSWORD_PARAMS (OWASP's). Cheaper only on test servers. */
  passwordParams?: PasswordParams;
  /**
   * BULK_ROW_DEADLINE_HOURS: rows of a bulk order still unbought this long after it was created fail and are refunded
   * (the periodic bulk.resume-due job; default 24).
   */
  bulkRowDeadlineHours: number;
  /** The provider circuit breaker (PROVIDER_BREAKER_*); default DEFAULT_BREAKER_POLICY. */
  breaker?: BreakerPolicy;
  /** TEST_LABELS_PER_DAY: test labels one account may make per UTC day; default DEFAULT_TEST_LABELS_PER_DAY. */
  testLabelsPerDay?: number;
  /** Outbound webhooks (ALLOW_PRIVATE_WEBHOOK_URLS, WEBHOOK_RETRY_SCHEDULE); default DEFAULT_WEBHOOK_SETTINGS. */
  webhooks?: WebhookSettings;
}

/** Everything a request or a job needs, built once per runtime by its entry and handed to the app factory. */
export interface Services {
  config: AppConfig;
  db: Db;
  queue: JobQueue;
  rateLimiter: RateLimiter;
  blobs: BlobStore;
  clock: Clock;
  /** Crypto top-ups (BTCPay Server Greenfield). */
  payments: PaymentProcessor;
  /** Upstream label providers: SSRF-checked HTTP clients per API config (src/adapters/label-provider). */
  labelProviders: LabelProviders;
  /** Seals provider API keys at rest (AES-256-GCM, key from PROVIDER_KEY_SECRET). */
  providerKeys: SecretBox;
  /** The marketplace (Amazon) shipment confirmations go to: MARKETPLACE_URL, or the embedded sandbox on Node. */
  marketplace: Marketplace;
  /**
   * Keeps work that goes on after the answer (or after a job is settled) alive until it settles: on Workers the
   * invocation's `ctx.waitUntil` (without it the isolate may stop first); on Node a tracker the shutdown waits for.
   * The promise should handle its own errors; a rejection is only logged.
   */
  waitUntil(work: Promise<unknown>): void;
  /** Hashes (lookup) and seals (display) public API keys, keyed by API_KEY_SECRET. */
  apiKeys: ApiKeyVault;
  /**
   * Keys verified in the last minute (Node only: one process sees every revocation; absent on Workers, whose isolates
   * cannot clear each other's memory). Lets a public API request skip the key read.
   */
  verifiedApiKeys?: VerifiedApiKeys;
  /**
   * Outgoing mail (SMTP on Node, Resend on Workers). Only the `mail.send` job calls it; use-cases enqueue mails
   * (use-cases/mail/enqueue-mail.ts).
   */
  mailer: Mailer;
  /** Swagger UI's files for the interactive API reference (/api/v1/reference), from our own origin. */
  referenceAssets: ReferenceAssets;
  /**
   * Structured JSON log lines (src/lib/logger.ts). A request's services carry `{requestId}` (the init middleware), a
   * job's `{jobId, job}` (the job dispatcher): use this one, never `console.*`.
   */
  log: Logger;
  /**
   * How webhook deliveries reach endpoints: Node passes its HTTP client and DNS resolver (every address a name
   * resolves to is checked before each attempt); absent, the global fetch and a check of the literal host (Workers).
   */
  webhookHttp?: { fetch?: WebhookFetch; resolve?: HostResolver };
}

/** The part of `fetch` a webhook delivery uses (a POST with a string body; redirects are never followed). */
export type WebhookFetch = (
  url: string,
  init: { method: 'POST'; redirect: 'manual'; signal: AbortSignal; headers: Record<string, string>; body: string },
) => Promise<Response>;

/** The authenticated caller, set by the auth middleware (defined beside its table, so ports need not import this file). */
export type { AuthUser };

/** One typed environment for every Hono handler. Model: unkey `pkg/hono/env.ts`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    services: Services;
    user: AuthUser;
    /** The session's user id (set by requireUser and by requireSessionToken, which reads no user row). */
    sessionUserId: string;
    /** Set by the public API's key middleware (/api/v1): the key that authenticated the request. */
    apiKey: { id: string; mode: 'live' | 'test' };
    /** The id of the request's session (the token's `jti`), set with `user` by the auth middleware. */
    sessionId: string;
    /** The caller's IP as the entry resolved it (cf-connecting-ip on Workers, the socket address on Node). */
    clientIp: string;
  };
}
