import { greenfieldProcessor } from '../../adapters/btcpay/greenfield-processor';
import { labelProviders } from '../../adapters/label-provider/label-providers';
import { resendMailer } from '../../adapters/mail/resend-mailer';
import { httpMarketplace } from '../../adapters/marketplace/http-marketplace';
import { assetsReferenceFiles } from '../../adapters/workers/assets-reference-files';
import { cloudflareJobQueue } from '../../adapters/workers/cloudflare-job-queue';
import { d1Db } from '../../adapters/workers/d1-db';
import { durableObjectRateLimiter } from '../../adapters/workers/durable-object-rate-limiter';
import { libsqlWebDb } from '../../adapters/workers/libsql-web-db';
import { r2BlobStore } from '../../adapters/workers/r2-blob-store';
import type { AppConfig, Services } from '../../env';
import { createApiKeyVault } from '../../lib/api-key-vault';
import { createLogger } from '../../lib/logger';
import { createSecretBox } from '../../lib/secret-box';
import { systemClock } from '../../ports/clock';
import { unconfiguredMailer } from '../../ports/mailer';
import { unconfiguredPaymentProcessor } from '../../ports/payment-processor';
import { breakerPolicyFromEnv } from '../../use-cases/provider-failover/circuit-breaker';
import { parseWorkerVars } from './vars';

export { parseWorkerVars, WorkerConfigError, type WorkerConfigIssue, WorkerVars, workerConfigIssues } from './vars';

/** Builds the services every request, job and cron tick of this isolate uses, from the bindings. */
export function buildServices(env: Env): Services {
  const vars = parseWorkerVars(env);
  const config: AppConfig = {
    runtime: 'workers',
    jwtSecret: vars.JWT_SECRET,
    jwtTtlSeconds: vars.JWT_TTL_SECONDS,
    supportEmail: vars.SUPPORT_EMAIL,
    publicUrl: vars.PUBLIC_URL,
    bulkRowDeadlineHours: vars.BULK_ROW_DEADLINE_HOURS,
    testLabelsPerDay: vars.TEST_LABELS_PER_DAY,
    ...(vars.ADMIN_BOOTSTRAP_TOKEN ? { adminBootstrapToken: vars.ADMIN_BOOTSTRAP_TOKEN } : {}),
    breaker: breakerPolicyFromEnv(env as unknown as Record<string, unknown>),
    webhooks: { allowPrivateUrls: vars.ALLOW_PRIVATE_WEBHOOK_URLS, retryScheduleSeconds: vars.WEBHOOK_RETRY_SCHEDULE },
  };
  const log = createLogger();
  return {
    config,
    log,
    db: vars.TURSO_URL ? libsqlWebDb(vars.TURSO_URL, vars.TURSO_AUTH_TOKEN) : d1Db(env.DB),
    queue: cloudflareJobQueue(env.JOBS),
    rateLimiter: durableObjectRateLimiter(env.RATE_LIMITER, log),
    blobs: r2BlobStore(env.BLOBS),
    clock: systemClock,
    payments: vars.BTCPAY_URL
      ? greenfieldProcessor({
          baseUrl: vars.BTCPAY_URL,
          storeId: vars.BTCPAY_STORE_ID,
          apiKey: vars.BTCPAY_API_KEY ?? '',
          webhookSecret: vars.BTCPAY_WEBHOOK_SECRET ?? '',
        })
      : unconfiguredPaymentProcessor,
    // No DNS API in workerd: the SSRF guard checks host names by name only (see src/lib/ssrf.ts).
    labelProviders: labelProviders({
      allowPrivate: vars.ALLOW_PRIVATE_PROVIDER_URLS,
      timeoutMs: vars.PROVIDER_TIMEOUT_MS,
      testSandboxes: () => vars.TEST_MODE_SANDBOXES,
    }),
    providerKeys: createSecretBox(vars.PROVIDER_KEY_SECRET),
    mailer: vars.RESEND_API_KEY
      ? resendMailer({ apiKey: vars.RESEND_API_KEY, from: vars.MAIL_FROM, baseUrl: vars.RESEND_API_URL })
      : unconfiguredMailer,
    marketplace: httpMarketplace({ baseUrl: () => vars.MARKETPLACE_URL || undefined }),
    // Replaced per invocation by the entry (forInvocation) with that invocation's ctx.waitUntil.
    waitUntil: (work) => {
      work.catch((err: unknown) => log.error('background.failed', { err }));
    },
    apiKeys: createApiKeyVault(vars.API_KEY_SECRET),
    referenceAssets: assetsReferenceFiles(env.ASSETS, log),
  };
}

/** The isolate's services for one invocation (a request, a queue batch, a cron tick): work after it uses its ctx. */
export function forInvocation(services: Services, ctx: Pick<ExecutionContext, 'waitUntil'>): Services {
  return { ...services, waitUntil: (work) => ctx.waitUntil(work) };
}

/**
 * One `Services` per env object: workerd hands every invocation of an isolate the same `env`, so this builds once per
 * isolate (and again only for a different env, e.g. a test's own bindings). Keyed weakly so nothing leaks.
 */
const cache = new WeakMap<Env, Services>();

export function servicesFor(env: Env): Services {
  let services = cache.get(env);
  if (services === undefined) {
    services = buildServices(env);
    cache.set(env, services);
  }
  return services;
}
