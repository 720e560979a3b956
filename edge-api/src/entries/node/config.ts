import { resolve } from 'node:path';
import { z } from 'zod';
import { bulkRowDeadlineHours } from '../../lib/bulk-row-deadline';
import { notPlaceholder } from '../../lib/placeholder-secret';
import { testLabelsPerDay } from '../../lib/test-mode-settings';
import { webhookRetrySchedule } from '../../lib/webhook-settings';

const emptyToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().trim().optional());

/**
 * TRUST_PROXY: unset/false = clients connect directly (X-Forwarded-For is ignored, it is client-controlled); true or
 * 1 = one reverse proxy in front, so the last X-Forwarded-For entry is the client; n = n proxies (n-th from the end).
 */
const trustProxy = z.preprocess((v) => {
  const text = typeof v === 'string' ? v.trim().toLowerCase() : v;
  if (text === undefined || text === '' || text === 'false' || text === '0' || text === false) return 0;
  if (text === 'true' || text === true) return 1;
  return typeof text === 'string' ? Number(text) : text;
}, z.number().int().min(0).max(10));

const httpUrl = (name: string) =>
  z.preprocess(
    emptyToUndefined,
    z
      .string()
      .trim()
      .refine((v) => /^https?:\/\/[^\s/]+/.test(v) && URL.canParse(v), `${name} must be an http(s) URL`)
      .transform((v) => v.replace(/\/+$/, ''))
      .optional(),
  );

/** true/false/1/0 (any case); empty = unset. */
const booleanFlag = (name: string) =>
  z.preprocess(
    (v) => {
      if (typeof v !== 'string') return v;
      const text = v.trim().toLowerCase();
      if (text === '') return undefined;
      return text === 'true' || text === '1' ? true : text === 'false' || text === '0' ? false : v;
    },
    z.boolean({ error: `${name} must be true or false` }),
  );

const remoteUrl = (name: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().default(`/remotes/${name}/remoteEntry.js`));

/** The Node entry's settings, camelCase; `configFromEnv` maps the environment onto it. Defaults live here only. */
export const NodeConfig = z
  .object({
    port: z.coerce.number().int().min(0).max(65_535).default(8787),
    /** Interface to bind; default all interfaces. */
    host: optionalText,
    /** Database, blobs and the generated JWT secret live here; relative paths resolve against the working directory. */
    dataDir: z.preprocess(emptyToUndefined, z.string().default('.data')).transform((p) => resolve(p)),
    adminEmail: z.preprocess(emptyToUndefined, z.email('ADMIN_EMAIL must be an email address').optional()),
    adminPassword: z.preprocess(
      emptyToUndefined,
      z.string().min(8, 'ADMIN_PASSWORD needs at least 8 characters').optional(),
    ),
    /** HS256 secret; if unset, one is generated on first start and kept in DATA_DIR/jwt-secret (mode 0600). */
    jwtSecret: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(32, 'JWT_SECRET needs at least 32 characters')
        .optional()
        .refine(...notPlaceholder('JWT_SECRET')),
    ),
    jwtTtlSeconds: z.coerce
      .number()
      .int()
      .min(60)
      .max(365 * 24 * 3600)
      .default(7 * 24 * 3600),
    supportEmail: z.preprocess(emptyToUndefined, z.string().trim().default('support@labeldesk.example')),
    trustProxy: trustProxy.default(0),
    remoteCustomerUrl: remoteUrl('customer'),
    remoteAdminUrl: remoteUrl('admin'),
    remoteAmazonUrl: remoteUrl('amazon'),
    /** Where customers reach the UI (checkout redirect back to /balance); default http://localhost:PORT. */
    publicUrl: httpUrl('PUBLIC_URL'),
    /** A BTCPay Server (Greenfield API). Unset: the embedded BTCPay sandbox is started on its own port. */
    btcpayUrl: httpUrl('BTCPAY_URL'),
    btcpayStoreId: optionalText,
    btcpayApiKey: optionalText,
    btcpayWebhookSecret: optionalText,
    /**
     * Seals the provider API keys kept in the database (AES-256-GCM); if unset, one is generated on first start and
     * kept in DATA_DIR/provider-key-secret (mode 0600).
     */
    providerKeySecret: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(32, 'PROVIDER_KEY_SECRET needs at least 32 characters')
        .optional()
        .refine(...notPlaceholder('PROVIDER_KEY_SECRET')),
    ),
    /**
     * Keys the public API keys' lookup hashes (HMAC-SHA256) and seals them (AES-256-GCM); if unset, one is generated on
     * first start and kept in DATA_DIR/api-key-secret (mode 0600).
     */
    apiKeySecret: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .min(32, 'API_KEY_SECRET needs at least 32 characters')
        .optional()
        .refine(...notPlaceholder('API_KEY_SECRET')),
    ),
    /**
     * Provider base URLs may be http and loopback/private addresses. Default off: the embedded carrier sandbox's own
     * base URLs (this server, under /sandbox/carrier) are allowed without it, and nothing else private is.
     */
    allowPrivateProviderUrls: booleanFlag('ALLOW_PRIVATE_PROVIDER_URLS').optional(),
    /** Webhook endpoint URLs may be http and loopback/private addresses (development, test suites). Default off. */
    allowPrivateWebhookUrls: booleanFlag('ALLOW_PRIVATE_WEBHOOK_URLS').optional(),
    /** Seconds before each webhook delivery attempt (default the Standard Webhooks schedule, 8 attempts over ~28 h). */
    webhookRetrySchedule: webhookRetrySchedule(),
    /** Per-attempt timeout of provider calls (ms). */
    providerTimeoutMs: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** The provider circuit breaker: failures that bought nothing within the window open it for the cooldown. */
    providerBreakerFailures: z.coerce.number().int().min(1).max(1000).default(5),
    providerBreakerWindowSeconds: z.coerce.number().int().min(1).max(86_400).default(60),
    providerBreakerCooldownSeconds: z.coerce.number().int().min(1).max(86_400).default(30),
    /** on: serve the carrier sandbox under /sandbox/carrier and seed "API 1"/"API 2" on a fresh DATA_DIR. */
    carrierSandbox: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(['on', 'off'], { error: 'CARRIER_SANDBOX must be on or off' }).default('on'),
    ),
    /**
     * Enables the embedded carrier sandbox's /_sandbox controls (latency, failures, down switch, its clock) for whoever
     * sends this key in X-Sandbox-Key; unset: controls off. For test suites and demos.
     */
    carrierSandboxControlKey: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /**
     * The marketplace (Amazon) shipment confirmations go to. Unset: the embedded marketplace sandbox under
     * /sandbox/marketplace on this server.
     */
    marketplaceUrl: httpUrl('MARKETPLACE_URL'),
    /**
     * The SMTP server mail goes through (nodemailer URL: smtp://user:pass@host:587 with STARTTLS, smtps://…:465);
     * unset: the embedded mail sandbox (/sandbox/mail).
     */
    smtpUrl: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .trim()
        .refine((v) => /^smtps?:\/\//.test(v) && URL.canParse(v), 'SMTP_URL must be an smtp:// or smtps:// URL')
        .optional(),
    ),
    /** The From of every mail, e.g. `LabelDesk <no-reply@example.com>`. */
    mailFrom: z.preprocess(
      emptyToUndefined,
      z.string().trim().max(320).default('LabelDesk <no-reply@labeldesk.local>'),
    ),
    /** Enables the embedded marketplace sandbox's /_sandbox controls for whoever sends this key in X-Sandbox-Key. */
    marketplaceSandboxControlKey: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /** Background jobs the local runner runs at once. */
    jobConcurrency: z.coerce.number().int().min(1).max(64).default(8),
    /** on: the job runner runs on a worker thread of its own; off: on the server's event loop (A/B, diagnosis). */
    jobThread: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim().toLowerCase() || undefined : v),
      z.enum(['on', 'off'], { error: 'JOB_THREAD must be on or off' }).default('on'),
    ),
    /** Rows of bulk orders bought at once per provider API (halved for a while after a 429). */
    bulkConcurrencyPerApi: z.coerce.number().int().min(1).max(64).default(4),
    /**
     * Test suites only: hash new passwords with TEST_PASSWORD_PARAMS (cheap Argon2id) instead of OWASP's. Refused at
     * start unless NODE_ENV=test (startServer), so a production server can never run with it.
     */
    testFastPasswordHashing: booleanFlag('TEST_FAST_PASSWORD_HASHING').optional(),
    /** Rows of a bulk order still unbought this long after it was created fail and are refunded (hours). */
    bulkRowDeadlineHours: bulkRowDeadlineHours(),
    /** Test labels (single and bulk rows) one account may make per UTC day. */
    testLabelsPerDay: testLabelsPerDay(),
  })
  .superRefine((c, ctx) => {
    if (!c.btcpayUrl) return;
    const required = { btcpayStoreId: 'BTCPAY_STORE_ID', btcpayApiKey: 'BTCPAY_API_KEY' } as const;
    for (const [key, name] of Object.entries(required)) {
      if (!c[key as keyof typeof required])
        ctx.addIssue({ code: 'custom', path: [key], message: `${name} is required with BTCPAY_URL` });
    }
    if (!c.btcpayWebhookSecret || c.btcpayWebhookSecret.length < 16) {
      ctx.addIssue({
        code: 'custom',
        path: ['btcpayWebhookSecret'],
        message: 'BTCPAY_WEBHOOK_SECRET (at least 16 characters) is required with BTCPAY_URL',
      });
    }
  });
export type NodeConfig = z.output<typeof NodeConfig>;
/** What callers may pass (env strings or typed values); `NodeConfig.parse` applies the defaults. */
export interface NodeConfigInput {
  port?: number | string | undefined;
  host?: string | undefined;
  dataDir?: string | undefined;
  adminEmail?: string | undefined;
  adminPassword?: string | undefined;
  jwtSecret?: string | undefined;
  jwtTtlSeconds?: number | string | undefined;
  supportEmail?: string | undefined;
  trustProxy?: number | boolean | string | undefined;
  remoteCustomerUrl?: string | undefined;
  remoteAdminUrl?: string | undefined;
  remoteAmazonUrl?: string | undefined;
  publicUrl?: string | undefined;
  btcpayUrl?: string | undefined;
  btcpayStoreId?: string | undefined;
  btcpayApiKey?: string | undefined;
  btcpayWebhookSecret?: string | undefined;
  providerKeySecret?: string | undefined;
  apiKeySecret?: string | undefined;
  allowPrivateProviderUrls?: boolean | string | undefined;
  allowPrivateWebhookUrls?: boolean | string | undefined;
  webhookRetrySchedule?: string | number[] | undefined;
  providerTimeoutMs?: number | string | undefined;
  providerBreakerFailures?: number | string | undefined;
  providerBreakerWindowSeconds?: number | string | undefined;
  providerBreakerCooldownSeconds?: number | string | undefined;
  carrierSandbox?: 'on' | 'off' | string | undefined;
  carrierSandboxControlKey?: string | undefined;
  jobConcurrency?: number | string | undefined;
  jobThread?: 'on' | 'off' | string | undefined;
  bulkConcurrencyPerApi?: number | string | undefined;
  bulkRowDeadlineHours?: number | string | undefined;
  testLabelsPerDay?: number | string | undefined;
  marketplaceUrl?: string | undefined;
  smtpUrl?: string | undefined;
  mailFrom?: string | undefined;
  marketplaceSandboxControlKey?: string | undefined;
  testFastPasswordHashing?: boolean | string | undefined;
}

/** Reads and validates the environment (names as documented: PORT, DATA_DIR, ADMIN_EMAIL, ...). */
export function configFromEnv(env: Record<string, string | undefined>): NodeConfig {
  const input: NodeConfigInput = {
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    adminEmail: env.ADMIN_EMAIL,
    adminPassword: env.ADMIN_PASSWORD,
    jwtSecret: env.JWT_SECRET,
    jwtTtlSeconds: env.JWT_TTL_SECONDS,
    supportEmail: env.SUPPORT_EMAIL,
    trustProxy: env.TRUST_PROXY,
    remoteCustomerUrl: env.REMOTE_CUSTOMER_URL,
    remoteAdminUrl: env.REMOTE_ADMIN_URL,
    remoteAmazonUrl: env.REMOTE_AMAZON_URL,
    publicUrl: env.PUBLIC_URL,
    btcpayUrl: env.BTCPAY_URL,
    btcpayStoreId: env.BTCPAY_STORE_ID,
    btcpayApiKey: env.BTCPAY_API_KEY,
    btcpayWebhookSecret: env.BTCPAY_WEBHOOK_SECRET,
    providerKeySecret: env.PROVIDER_KEY_SECRET,
    apiKeySecret: env.API_KEY_SECRET,
    allowPrivateProviderUrls: env.ALLOW_PRIVATE_PROVIDER_URLS,
    allowPrivateWebhookUrls: env.ALLOW_PRIVATE_WEBHOOK_URLS,
    webhookRetrySchedule: env.WEBHOOK_RETRY_SCHEDULE,
    providerTimeoutMs: env.PROVIDER_TIMEOUT_MS,
    providerBreakerFailures: env.PROVIDER_BREAKER_FAILURES || undefined,
    providerBreakerWindowSeconds: env.PROVIDER_BREAKER_WINDOW_SECONDS || undefined,
    providerBreakerCooldownSeconds: env.PROVIDER_BREAKER_COOLDOWN_SECONDS || undefined,
    carrierSandbox: env.CARRIER_SANDBOX,
    carrierSandboxControlKey: env.CARRIER_SANDBOX_CONTROL_KEY || undefined,
    jobConcurrency: env.JOB_CONCURRENCY || undefined,
    jobThread: env.JOB_THREAD,
    bulkConcurrencyPerApi: env.BULK_CONCURRENCY_PER_API || undefined,
    bulkRowDeadlineHours: env.BULK_ROW_DEADLINE_HOURS || undefined,
    testLabelsPerDay: env.TEST_LABELS_PER_DAY || undefined,
    marketplaceUrl: env.MARKETPLACE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    marketplaceSandboxControlKey: env.MARKETPLACE_SANDBOX_CONTROL_KEY || undefined,
    testFastPasswordHashing: env.TEST_FAST_PASSWORD_HASHING,
  };
  const parsed = NodeConfig.safeParse(input);
  if (!parsed.success) {
    const names: Record<string, string> = {
      port: 'PORT',
      host: 'HOST',
      dataDir: 'DATA_DIR',
      adminEmail: 'ADMIN_EMAIL',
      adminPassword: 'ADMIN_PASSWORD',
      jwtSecret: 'JWT_SECRET',
      jwtTtlSeconds: 'JWT_TTL_SECONDS',
      supportEmail: 'SUPPORT_EMAIL',
      trustProxy: 'TRUST_PROXY',
      remoteCustomerUrl: 'REMOTE_CUSTOMER_URL',
      remoteAdminUrl: 'REMOTE_ADMIN_URL',
      remoteAmazonUrl: 'REMOTE_AMAZON_URL',
      publicUrl: 'PUBLIC_URL',
      btcpayUrl: 'BTCPAY_URL',
      btcpayStoreId: 'BTCPAY_STORE_ID',
      btcpayApiKey: 'BTCPAY_API_KEY',
      btcpayWebhookSecret: 'BTCPAY_WEBHOOK_SECRET',
      providerKeySecret: 'PROVIDER_KEY_SECRET',
      apiKeySecret: 'API_KEY_SECRET',
      allowPrivateProviderUrls: 'ALLOW_PRIVATE_PROVIDER_URLS',
      allowPrivateWebhookUrls: 'ALLOW_PRIVATE_WEBHOOK_URLS',
      webhookRetrySchedule: 'WEBHOOK_RETRY_SCHEDULE',
      providerTimeoutMs: 'PROVIDER_TIMEOUT_MS',
      providerBreakerFailures: 'PROVIDER_BREAKER_FAILURES',
      providerBreakerWindowSeconds: 'PROVIDER_BREAKER_WINDOW_SECONDS',
      providerBreakerCooldownSeconds: 'PROVIDER_BREAKER_COOLDOWN_SECONDS',
      carrierSandbox: 'CARRIER_SANDBOX',
      carrierSandboxControlKey: 'CARRIER_SANDBOX_CONTROL_KEY',
      jobConcurrency: 'JOB_CONCURRENCY',
      jobThread: 'JOB_THREAD',
      bulkConcurrencyPerApi: 'BULK_CONCURRENCY_PER_API',
      bulkRowDeadlineHours: 'BULK_ROW_DEADLINE_HOURS',
      testLabelsPerDay: 'TEST_LABELS_PER_DAY',
      marketplaceUrl: 'MARKETPLACE_URL',
      smtpUrl: 'SMTP_URL',
      mailFrom: 'MAIL_FROM',
      marketplaceSandboxControlKey: 'MARKETPLACE_SANDBOX_CONTROL_KEY',
      testFastPasswordHashing: 'TEST_FAST_PASSWORD_HASHING',
    };
    const lines = parsed.error.issues.map((i) => `  ${names[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
