import type { ProviderKind } from '@labeldesk/contracts';
import { labelProviders } from '../../adapters/label-provider/label-providers';
import { httpMarketplace } from '../../adapters/marketplace/http-marketplace';
import { type BackgroundWork, backgroundWork } from '../../adapters/node/background-work';
import { nodeDnsResolver } from '../../adapters/node/dns-resolver';
import { type FsBlobStore, fsBlobStore } from '../../adapters/node/fs-blob-store';
import { type LibsqlDb, openLibsqlDb } from '../../adapters/node/libsql-db';
import { libsqlJobQueue } from '../../adapters/node/libsql-job-queue';
import { memoryRateLimiter } from '../../adapters/node/memory-rate-limiter';
import { memoryVerifiedApiKeys } from '../../adapters/node/memory-verified-api-keys';
import { nodeHttpFetch } from '../../adapters/node/node-http-fetch';
import { swaggerUiFiles } from '../../adapters/node/swagger-ui-files';
import type { Services } from '../../env';
import { createApiKeyVault } from '../../lib/api-key-vault';
import { DEFAULT_BULK_ROW_DEADLINE_HOURS } from '../../lib/bulk-row-deadline';
import { createLogger, type Logger } from '../../lib/logger';
import type { PasswordParams } from '../../lib/password';
import { createSecretBox } from '../../lib/secret-box';
import { DEFAULT_WEBHOOK_SETTINGS, type WebhookSettings } from '../../lib/webhook-settings';
import { type Clock, systemClock } from '../../ports/clock';
import type { TestSandbox } from '../../ports/label-provider';
import { type Mailer, unconfiguredMailer } from '../../ports/mailer';
import { type PaymentProcessor, unconfiguredPaymentProcessor } from '../../ports/payment-processor';
import type { BreakerPolicy } from '../../use-cases/provider-failover/circuit-breaker';

export interface NodeServices {
  services: Services;
  database: LibsqlDb;
  /** The label and document files (its writer thread is stopped on close). */
  blobs: FsBlobStore;
  /** Work running after its answer (label PDF writes); the shutdown waits for it before closing the stores. */
  background: BackgroundWork;
  /** Set by whoever runs jobs, so an enqueue starts work at once. */
  onEnqueue: { current: (() => void) | undefined };
}

/** Builds the Node adapters once per process (the DB is migrated before this returns). */
export async function createNodeServices(opts: {
  dataDir: string;
  jwtSecret: string;
  jwtTtlSeconds: number;
  supportEmail: string;
  /** Default http://localhost:8787. */
  publicUrl?: string;
  /** Default: none configured (crypto calls answer 503). */
  payments?: PaymentProcessor;
  clock?: Clock;
  /** Seals provider API keys at rest (at least 32 characters). */
  providerKeySecret: string;
  /** Keys the public API keys' hashes and seals (at least 32 characters). */
  apiKeySecret: string;
  /** http and loopback/private provider base URLs allowed (ALLOW_PRIVATE_PROVIDER_URLS); default false. */
  allowPrivateProviderUrls?: boolean;
  /** Outbound webhooks (ALLOW_PRIVATE_WEBHOOK_URLS, WEBHOOK_RETRY_SCHEDULE); default DEFAULT_WEBHOOK_SETTINGS. */
  webhooks?: WebhookSettings;
  /** Provider base URL prefixes allowed whatever their address: the embedded carrier sandbox's own base URLs. */
  trustedProviderBaseUrls?: () => readonly string[];
  /** Per provider kind, the base URLs of the embedded sandbox of that protocol (/sandbox/easypost). */
  kindSandboxBaseUrls?: () => Partial<Record<ProviderKind, readonly string[]>>;
  /** Test mode: per kind, the sandbox test orders of APIs at real upstreams go to (the embedded ones). */
  testSandboxes?: () => Partial<Record<ProviderKind, TestSandbox>>;
  /** TEST_LABELS_PER_DAY. */
  testLabelsPerDay?: number;
  /** Per-attempt timeout of provider calls; default 10 s. */
  providerTimeoutMs?: number;
  /** BULK_ROW_DEADLINE_HOURS; default 24. */
  bulkRowDeadlineHours?: number;
  /** The provider circuit breaker (PROVIDER_BREAKER_*); default DEFAULT_BREAKER_POLICY. */
  breaker?: BreakerPolicy;
  /** The marketplace's base URL (MARKETPLACE_URL or the embedded sandbox, known once the server listens). */
  marketplaceBaseUrl?: () => string | undefined;
  /** Argon2id parameters of new password hashes; default OWASP's (test servers may pass TEST_PASSWORD_PARAMS). */
  passwordParams?: PasswordParams;
  /** Structured log lines; default JSON lines on stdout/stderr. */
  log?: Logger;
  /** SMTP (SMTP_URL, or the embedded mail sandbox); default none (mail jobs fail as not configured). */
  mailer?: Mailer;
  /** The job thread's services: a second connection to a database the server's own opened and migrated. */
  secondaryDatabase?: boolean;
  /** The job thread's: label files are written on the calling thread (fsBlobStore's `writeHere`). */
  blobWritesHere?: boolean;
}): Promise<NodeServices> {
  const clock = opts.clock ?? systemClock;
  const database = await openLibsqlDb({ dataDir: opts.dataDir, secondary: opts.secondaryDatabase ?? false });
  const onEnqueue: NodeServices['onEnqueue'] = { current: undefined };
  const blobs = fsBlobStore(opts.dataDir, { writeHere: opts.blobWritesHere ?? false });
  const log = opts.log ?? createLogger({ now: () => clock.now() });
  const background = backgroundWork(log);
  const services: Services = {
    log,
    config: {
      runtime: 'node',
      jwtSecret: opts.jwtSecret,
      jwtTtlSeconds: opts.jwtTtlSeconds,
      supportEmail: opts.supportEmail,
      publicUrl: opts.publicUrl ?? 'http://localhost:8787',
      ...(opts.passwordParams ? { passwordParams: opts.passwordParams } : {}),
      bulkRowDeadlineHours: opts.bulkRowDeadlineHours ?? DEFAULT_BULK_ROW_DEADLINE_HOURS,
      ...(opts.testLabelsPerDay === undefined ? {} : { testLabelsPerDay: opts.testLabelsPerDay }),
      ...(opts.breaker ? { breaker: opts.breaker } : {}),
      webhooks: opts.webhooks ?? DEFAULT_WEBHOOK_SETTINGS,
    },
    webhookHttp: { fetch: nodeHttpFetch, resolve: nodeDnsResolver },
    db: database.db,
    queue: libsqlJobQueue(database.db, clock, { onEnqueue: () => onEnqueue.current?.() }),
    rateLimiter: memoryRateLimiter({ now: () => clock.now().getTime() }),
    blobs,
    clock,
    payments: opts.payments ?? unconfiguredPaymentProcessor,
    labelProviders: labelProviders({
      allowPrivate: opts.allowPrivateProviderUrls ?? false,
      ...(opts.trustedProviderBaseUrls ? { trusted: opts.trustedProviderBaseUrls } : {}),
      ...(opts.kindSandboxBaseUrls ? { kindSandboxes: opts.kindSandboxBaseUrls } : {}),
      ...(opts.testSandboxes ? { testSandboxes: opts.testSandboxes } : {}),
      resolve: nodeDnsResolver,
      timeoutMs: opts.providerTimeoutMs ?? 10_000,
      http: { fetch: nodeHttpFetch },
    }),
    providerKeys: createSecretBox(opts.providerKeySecret),
    apiKeys: createApiKeyVault(opts.apiKeySecret),
    referenceAssets: swaggerUiFiles(log),
    verifiedApiKeys: memoryVerifiedApiKeys(),
    mailer: opts.mailer ?? unconfiguredMailer,
    marketplace: httpMarketplace({ baseUrl: opts.marketplaceBaseUrl ?? (() => undefined) }),
    waitUntil: background.waitUntil,
  };
  return { services, database, blobs, background, onEnqueue };
}
