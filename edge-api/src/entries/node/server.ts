import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Http2Bindings, type HttpBindings, serve } from '@hono/node-server';
import type { ProviderKind } from '@labeldesk/contracts';
import type { BtcpaySandboxControls, BtcpaySandboxOptions } from '@labeldesk/sandbox-btcpay';
import type { CarrierSandboxApp, EasypostSandboxControls, ShippoSandboxControls } from '@labeldesk/sandbox-carrier';
import {
  createMarketplaceSandboxApp,
  type MarketplaceSandboxApp,
  type MarketplaceSandboxOptions,
} from '@labeldesk/sandbox-marketplace';
import { smtpMailer } from '../../adapters/mail/smtp-mailer';
import { sendFileBodies } from '../../adapters/node/file-body';
import { type LocalJobRunner, localJobRunner } from '../../adapters/node/local-job-runner';
import { ensurePrivateDir } from '../../adapters/node/private-files';
import { createApp } from '../../app';
import type { Services } from '../../env';
import { PERIODIC_CRON, PERIODIC_INTERVAL_MS, runScheduled, startupJobs } from '../../jobs/schedule';
import { consoleSink, createLogger, type LogSink } from '../../lib/logger';
import { TEST_PASSWORD_PARAMS } from '../../lib/password';
import type { Clock } from '../../ports/clock';
import type { TestSandbox } from '../../ports/label-provider';
import { breakerPolicyFromEnv } from '../../use-cases/provider-failover/circuit-breaker';
import { ensureAdmin } from '../../use-cases/users/ensure-admin';
import {
  CARRIER_SANDBOX_BASE_PATH,
  type CarrierSandboxOverrides,
  createEmbeddedCarrierSandbox,
  SEEDED_APIS,
  seedCarrierSandboxApis,
} from './carrier-sandbox';
import { nodeClientIp } from './client-ip';
import { NodeConfig, type NodeConfigInput } from './config';
import { startJobThread } from './job-thread';
import { createEmbeddedKindSandboxes } from './kind-sandboxes';
import {
  API_KEY_SECRET_FILE,
  JWT_SECRET_FILE,
  loadOrCreateLocalSecret,
  PROVIDER_KEY_SECRET_FILE,
} from './local-secrets';
import { MAIL_SANDBOX_BASE_PATH, type MailSandboxControls, startMailSandbox } from './mail-sandbox';
import { BTCPAY_SANDBOX_BASE_PATH, type PaymentsSetup, setupPayments } from './payments';
import { createNodeServices } from './services';
import { createWebApp } from './static';

/** The repository root (shell/dist, mfe-*\/dist live under it). */
export { EASYPOST_SANDBOX_BASE_PATH, SHIPPO_SANDBOX_BASE_PATH } from './kind-sandboxes';
export const REPO_ROOT = fileURLToPath(new URL('../../../../', import.meta.url));

export interface StartServerOptions extends NodeConfigInput {
  /** Where shell/dist and mfe-<name>/dist are looked up; default the repository root. */
  rootDir?: string;
  /**
   * Where the server's output goes: the start-up banner (plain text for the operator) and the services' structured
   * JSON log lines. Default: stdout, errors to stderr.
   */
  log?: (line: string) => void;
  /** Time source shared by the API, the job runner and the rate limiter; default the system clock. */
  clock?: Clock;
  /** Local job runner poll interval; default 1 s. */
  jobPollIntervalMs?: number;
  /** Scheduler period (runScheduled with PERIODIC_CRON); default 5 minutes. */
  schedulerIntervalMs?: number;
  /** Run background jobs in this process; default true. */
  runJobs?: boolean;
  /** Overrides for the embedded BTCPay sandbox (when BTCPAY_URL is not set), e.g. a shorter settlement delay. */
  btcpaySandbox?: Partial<BtcpaySandboxOptions>;
  /** Overrides for the embedded carrier sandbox (CARRIER_SANDBOX=on), e.g. latency, failure rate, seed. */
  carrierSandboxOptions?: CarrierSandboxOverrides;
  /** Overrides for the embedded marketplace sandbox (when MARKETPLACE_URL is not set), e.g. its clock or rate limit. */
  marketplaceSandboxOptions?: MarketplaceSandboxOptions;
}

/** The embedded marketplace sandbox is mounted on the API's own port under this path (when MARKETPLACE_URL is unset). */
export const MARKETPLACE_SANDBOX_BASE_PATH = '/sandbox/marketplace';

export interface RunningServer {
  /** Base URL, e.g. http://127.0.0.1:8787 (no trailing slash). */
  url: string;
  port: number;
  config: NodeConfig;
  /** The process's services (database, queue, ...), for tests and tools. */
  services: Services;
  /** The embedded BTCPay sandbox (its test controls), when no BTCPAY_URL was configured. */
  btcpay: BtcpaySandboxControls | undefined;
  /** The embedded carrier sandbox under /sandbox/carrier (its test controls), when CARRIER_SANDBOX=on. */
  carrier: CarrierSandboxApp | undefined;
  /** The embedded marketplace sandbox under /sandbox/marketplace (its test controls), when MARKETPLACE_URL is unset. */
  marketplace: MarketplaceSandboxApp | undefined;
  /** The embedded mail sandbox under /sandbox/mail (its test controls), when SMTP_URL is unset. */
  mail: MailSandboxControls | undefined;
  /** The embedded EasyPost-protocol sandbox under /sandbox/easypost (its test controls), when CARRIER_SANDBOX=on. */
  easypost: EasypostSandboxControls | undefined;
  /** The embedded Shippo-protocol sandbox under /sandbox/shippo (its test controls), when CARRIER_SANDBOX=on. */
  shippo: ShippoSandboxControls | undefined;
  /**
   * Stops the server, the job runner and the scheduler, waits for work still running after its answer (label PDF
   * writes), stops the blob writer, then closes the database. Idempotent.
   */
  close(): Promise<void>;
}

/**
 * Starts the embedded default in-process: validates the config, migrates the database, seeds the first admin,
 * starts the job runner and the scheduler, and serves the API under /api plus the front-ends.
 */
export async function startServer(opts: StartServerOptions = {}): Promise<RunningServer> {
  const {
    rootDir,
    log: logOpt,
    clock,
    jobPollIntervalMs,
    schedulerIntervalMs,
    runJobs,
    btcpaySandbox,
    carrierSandboxOptions: carrierSandboxOverrides,
    marketplaceSandboxOptions,
    ...configInput
  } = opts;
  const log = logOpt ?? ((line: string) => console.log(line));
  const logSink: LogSink = logOpt ? (_level, line) => logOpt(line) : consoleSink;
  const config = NodeConfig.parse(configInput);
  if (config.testFastPasswordHashing && process.env.NODE_ENV !== 'test') {
    throw new Error('TEST_FAST_PASSWORD_HASHING is for test suites only: refused unless NODE_ENV=test');
  }
  // Owner-only (0700) whatever the umask: it holds the database, the labels and the generated secrets.
  ensurePrivateDir(config.dataDir);

  const jwtSecret = await loadOrCreateLocalSecret(config.dataDir, JWT_SECRET_FILE, config.jwtSecret);
  const providerKeySecret = await loadOrCreateLocalSecret(
    config.dataDir,
    PROVIDER_KEY_SECRET_FILE,
    config.providerKeySecret,
  );
  const apiKeySecret = await loadOrCreateLocalSecret(config.dataDir, API_KEY_SECRET_FILE, config.apiKeySecret);
  const carrier =
    config.carrierSandbox === 'on'
      ? await createEmbeddedCarrierSandbox(config.dataDir, {
          log: (line) => log(`[carrier-sandbox] ${line}`),
          ...(config.carrierSandboxControlKey ? { controlKey: config.carrierSandboxControlKey } : {}),
          ...carrierSandboxOverrides,
        })
      : undefined;
  // The embedded carrier sandbox lives on this server: exactly its base URLs are allowed (filled in once we listen and
  // know the port), not every private address; ALLOW_PRIVATE_PROVIDER_URLS opens those.
  const sandboxBaseUrls: string[] = [];
  // The provider-protocol sandboxes (EasyPost, Shippo) beside it, under the same switch and DATA_DIR.
  const kinds = createEmbeddedKindSandboxes({
    on: config.carrierSandbox === 'on',
    dataDir: config.dataDir,
    ...(clock ? { clock } : {}),
  });
  // Test mode: where TEST-key orders of APIs at real upstreams go (filled in once we listen): the embedded sandboxes.
  const testSandboxes: Partial<Record<ProviderKind, TestSandbox>> = {};
  const marketplace = config.marketplaceUrl
    ? undefined
    : createMarketplaceSandboxApp({
        basePath: MARKETPLACE_SANDBOX_BASE_PATH,
        ...(config.marketplaceSandboxControlKey ? { controlKey: config.marketplaceSandboxControlKey } : {}),
        ...(clock ? { now: () => clock.now() } : {}),
        ...marketplaceSandboxOptions,
      });
  // Mail: SMTP_URL, or the embedded sandbox's own SMTP server on loopback.
  const mailSandbox = config.smtpUrl
    ? undefined
    : await startMailSandbox({ dataDir: config.dataDir, ...(clock ? { now: () => clock.now() } : {}) });
  const mailer = smtpMailer({ url: config.smtpUrl ?? mailSandbox?.smtpUrl ?? '', from: config.mailFrom });
  // Known once we listen (the embedded sandbox is on our own port).
  let marketplaceBaseUrl: string | undefined = config.marketplaceUrl;
  const node = await createNodeServices({
    providerKeySecret,
    apiKeySecret,
    allowPrivateProviderUrls: config.allowPrivateProviderUrls ?? false,
    webhooks: {
      allowPrivateUrls: config.allowPrivateWebhookUrls ?? false,
      retryScheduleSeconds: config.webhookRetrySchedule,
    },
    trustedProviderBaseUrls: () => sandboxBaseUrls,
    kindSandboxBaseUrls: () => kinds.baseUrls,
    testSandboxes: () => testSandboxes,
    testLabelsPerDay: config.testLabelsPerDay,
    providerTimeoutMs: config.providerTimeoutMs,
    bulkRowDeadlineHours: config.bulkRowDeadlineHours,
    breaker: breakerPolicyFromEnv({
      PROVIDER_BREAKER_FAILURES: config.providerBreakerFailures,
      PROVIDER_BREAKER_WINDOW_SECONDS: config.providerBreakerWindowSeconds,
      PROVIDER_BREAKER_COOLDOWN_SECONDS: config.providerBreakerCooldownSeconds,
    }),
    marketplaceBaseUrl: () => marketplaceBaseUrl,
    dataDir: config.dataDir,
    jwtSecret,
    jwtTtlSeconds: config.jwtTtlSeconds,
    supportEmail: config.supportEmail,
    log: createLogger({ sink: logSink, ...(clock ? { now: () => clock.now() } : {}) }),
    mailer,
    ...(clock ? { clock } : {}),
    ...(config.testFastPasswordHashing ? { passwordParams: TEST_PASSWORD_PARAMS } : {}),
  });
  const { database } = node;
  let services = node.services;
  // Every purchase created before this instant was left by an earlier process (this one has not listened yet).
  const startedAt = services.clock.now();

  let runner: Pick<LocalJobRunner, 'wake' | 'stop'> | undefined;
  let scheduler: ReturnType<typeof setInterval> | undefined;
  let server: ReturnType<typeof serve> | undefined;
  let payments: PaymentsSetup | undefined;
  // Requests wait for the payment processor (which needs our port to point its webhook at us) to be set up.
  let markReady: (s: Services) => void = () => {};
  let markFailed: (err: unknown) => void = () => {};
  const ready = new Promise<Services>((resolve, reject) => {
    markReady = resolve;
    markFailed = reject;
  });
  ready.catch(() => {});
  try {
    const admin = await ensureAdmin(services, { email: config.adminEmail, password: config.adminPassword });
    if (admin.kind !== 'exists') {
      log(`[labeldesk] ${admin.kind === 'created' ? 'Created' : 'Promoted'} the first admin account: ${admin.email}`);
      if (admin.generatedPassword) {
        log(
          `[labeldesk] Generated admin password (shown only this once): ${admin.generatedPassword}\n` +
            '[labeldesk] Set ADMIN_EMAIL and ADMIN_PASSWORD to choose your own on a fresh data directory.',
        );
      }
    }

    const api = createApp({ services: () => ready, clientIp: nodeClientIp(config.trustProxy) });
    const web = createWebApp({
      rootDir: rootDir ?? REPO_ROOT,
      remotes: { customer: config.remoteCustomerUrl, admin: config.remoteAdminUrl, amazon: config.remoteAmazonUrl },
      ...(marketplace ? { marketplaceSandboxSignInUrl: `${MARKETPLACE_SANDBOX_BASE_PATH}/signin` } : {}),
    });

    payments = await setupPayments({ config, log, ...(btcpaySandbox ? { sandboxOptions: btcpaySandbox } : {}) });
    const paymentsSandbox = payments.fetch;
    const fetch = (request: Request, env: HttpBindings | Http2Bindings) => {
      const { pathname } = new URL(request.url);
      if (carrier && pathname.startsWith(`${CARRIER_SANDBOX_BASE_PATH}/`)) return carrier.fetch(request);
      const kindAnswer = kinds.fetch(request, pathname);
      if (kindAnswer) return kindAnswer;
      if (marketplace && pathname.startsWith(`${MARKETPLACE_SANDBOX_BASE_PATH}/`)) return marketplace.fetch(request);
      if (paymentsSandbox && pathname.startsWith(`${BTCPAY_SANDBOX_BASE_PATH}/`)) return paymentsSandbox(request);
      if (mailSandbox && (pathname === MAIL_SANDBOX_BASE_PATH || pathname.startsWith(`${MAIL_SANDBOX_BASE_PATH}/`)))
        return mailSandbox.fetch(request);
      // A stored document (a combined labels PDF of hundreds of MB) is sent through a small pool of buffers.
      if (pathname === '/api' || pathname.startsWith('/api/')) return sendFileBodies(api.fetch(request, env), env);
      return web.fetch(request, env);
    };

    const info = await new Promise<AddressInfo>((resolve, reject) => {
      const s = serve({ fetch, port: config.port, ...(config.host ? { hostname: config.host } : {}) }, resolve);
      s.once('error', (err: NodeJS.ErrnoException) => {
        if (err.code !== 'EADDRINUSE') return reject(err);
        reject(
          new Error(`Port ${config.port} is already in use (another LabelDesk?): stop it, or set PORT to a free port.`),
        );
      });
      server = s;
    });

    const host = !config.host || config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
    const url = `http://${host.includes(':') ? `[${host}]` : host}:${info.port}`;

    if (carrier) {
      const base = CARRIER_SANDBOX_BASE_PATH;
      sandboxBaseUrls.push(`${url}${base}`, `http://localhost:${info.port}${base}`);
      const catalogueId = SEEDED_APIS[0].catalogueId;
      const alpha = carrier.catalogues[catalogueId];
      if (alpha) testSandboxes.generic = { baseUrl: carrier.baseUrlFor(url, catalogueId), apiKey: alpha.apiKey };
    }
    for (const line of kinds.listening(url, info.port, testSandboxes)) log(line);
    if (marketplace) {
      marketplaceBaseUrl = `${url}${MARKETPLACE_SANDBOX_BASE_PATH}`;
      log(
        `[labeldesk] Marketplace sandbox (Amazon confirmations, no real marketplace) under ${marketplaceBaseUrl}: sign in as the seller at ${MARKETPLACE_SANDBOX_BASE_PATH}/signin (linked from /amazon-confirm); set MARKETPLACE_URL for a real one`,
      );
    }
    const publicUrl = config.publicUrl ?? `http://localhost:${info.port}`;
    if (mailSandbox) {
      log(
        `[labeldesk] Mail sandbox at ${publicUrl}${MAIL_SANDBOX_BASE_PATH}: every mail (password reset links too) lands there, readable by anyone who can reach this server. Set SMTP_URL before real use.`,
      );
    }
    const { processor, config: paymentsConfig } = payments.start({ internalUrl: url, publicUrl });
    if (payments.sandbox) {
      log(
        `[labeldesk] BTCPay sandbox at ${publicUrl}${BTCPAY_SANDBOX_BASE_PATH}: crypto top-ups with NO real money — ` +
          'anyone who can reach it can credit a balance. Set BTCPAY_URL (a real BTCPay Server) before real use.',
      );
    }
    services = { ...services, payments: processor, config: { ...services.config, publicUrl } };
    const finalServices = services;

    if (runJobs !== false) {
      const runnerOptions = {
        concurrency: config.jobConcurrency,
        laneConcurrency: config.bulkConcurrencyPerApi,
        ...(jobPollIntervalMs ? { pollIntervalMs: jobPollIntervalMs } : {}),
      };
      // On a thread of its own (JOB_THREAD), unless a `clock` was given: a test's clock is a function of this thread,
      // so the jobs then run inline.
      if (config.jobThread === 'on' && !clock) {
        // The thread builds its own services from the same settings (and this server's final URLs).
        const thread = startJobThread({
          sink: logSink,
          log: finalServices.log,
          data: {
            dataDir: config.dataDir,
            config: finalServices.config,
            providerKeySecret,
            apiKeySecret,
            allowPrivateProviderUrls: config.allowPrivateProviderUrls ?? false,
            trustedProviderBaseUrls: sandboxBaseUrls,
            kindSandboxBaseUrls: kinds.baseUrls,
            testSandboxes,
            providerTimeoutMs: config.providerTimeoutMs,
            ...(marketplaceBaseUrl ? { marketplaceBaseUrl } : {}),
            smtp: { url: config.smtpUrl ?? mailSandbox?.smtpUrl ?? '', from: config.mailFrom },
            payments: paymentsConfig,
            runner: runnerOptions,
          },
        });
        runner = thread;
        // Started means running jobs, as with the inline runner: a thread that cannot start fails the start.
        await thread.ready;
      } else {
        // This process owns the database: what a killed predecessor left running is taken up at once.
        const inline = localJobRunner({ services: finalServices, ...runnerOptions, reclaimOnStart: true });
        inline.start();
        runner = inline;
      }
      node.onEnqueue.current = () => runner?.wake();
      // This process owns the database: purchases a killed predecessor left between their two phases are settled now,
      // so a client retrying with its Idempotency-Key gets the final answer within seconds.
      await finalServices.queue.sendBatch(startupJobs(startedAt));
      const tick = () => {
        runScheduled(finalServices, PERIODIC_CRON).catch((err: unknown) => {
          finalServices.log.error('scheduler.failed', { err });
        });
      };
      tick();
      scheduler = setInterval(tick, schedulerIntervalMs ?? PERIODIC_INTERVAL_MS);
      scheduler.unref();
    }

    if (carrier)
      await seedCarrierSandboxApis(finalServices, { sandbox: carrier, origin: url, dataDir: config.dataDir, log });

    markReady(finalServices);

    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        if (scheduler) clearInterval(scheduler);
        node.onEnqueue.current = undefined;
        await new Promise<void>((resolve) => {
          if (!server) return resolve();
          server.close(() => resolve());
          if ('closeIdleConnections' in server) server.closeIdleConnections();
        });
        await runner?.stop();
        await payments?.close();
        mailer.close();
        await mailSandbox?.close();
        await node.background.settled();
        await node.blobs.close();
        await database.close();
      })();
      return closing;
    };
    return {
      url,
      port: info.port,
      config,
      services: finalServices,
      btcpay: payments.sandbox,
      carrier,
      mail: mailSandbox?.controls,
      marketplace,
      easypost: kinds.easypost,
      shippo: kinds.shippo,
      close,
    };
  } catch (err) {
    markFailed(err);
    if (scheduler) clearInterval(scheduler);
    await runner?.stop();
    server?.close();
    await payments?.close();
    mailer.close();
    await mailSandbox?.close();
    await node.blobs.close();
    await database.close();
    throw err;
  }
}
