import { z } from 'zod';
import { greenfieldProcessor } from '../../adapters/btcpay/greenfield-processor';
import { labelProviders } from '../../adapters/label-provider/label-providers';
import { httpMarketplace } from '../../adapters/marketplace/http-marketplace';
import { assetsReferenceFiles } from '../../adapters/workers/assets-reference-files';
import { cloudflareJobQueue } from '../../adapters/workers/cloudflare-job-queue';
import { d1Db } from '../../adapters/workers/d1-db';
import { durableObjectRateLimiter } from '../../adapters/workers/durable-object-rate-limiter';
import { libsqlWebDb } from '../../adapters/workers/libsql-web-db';
import { r2BlobStore } from '../../adapters/workers/r2-blob-store';
import type { AppConfig, Services } from '../../env';
import { createApiKeyVault } from '../../lib/api-key-vault';
import { createSecretBox } from '../../lib/secret-box';
import { systemClock } from '../../ports/clock';
import { unconfiguredPaymentProcessor } from '../../ports/payment-processor';

/**
 * Vars and secrets of the Worker, validated once per isolate. Bindings (DB, JOBS, RATE_LIMITER, BLOBS) are typed by
 * the generated `Env`; plain-text settings arrive as strings and are checked here. Model: unkey `pkg/env.ts`.
 */
export const WorkerVars = z
  .object({
    JWT_SECRET: z
      .string({ error: 'JWT_SECRET is not set (wrangler secret put JWT_SECRET; locally .dev.vars)' })
      .min(32, 'JWT_SECRET must be at least 32 characters'),
    JWT_TTL_SECONDS: z.coerce.number().int().positive().default(604_800),
    SUPPORT_EMAIL: z.email(),
    /** Empty or absent: D1. Otherwise a libSQL/Turso URL reached over HTTP. */
    TURSO_URL: z
      .string()
      .trim()
      .default('')
      .refine(
        (v) => v === '' || /^(libsql|https?):\/\//.test(v),
        'TURSO_URL must be a libsql://, https:// or http:// URL',
      ),
    TURSO_AUTH_TOKEN: z.string().optional(),
    /** Where customers reach the UI (the processor's checkout sends them back to PUBLIC_URL/balance). */
    PUBLIC_URL: z
      .string()
      .trim()
      .refine((v) => /^https?:\/\//.test(v) && URL.canParse(v), 'PUBLIC_URL must be an http(s) URL')
      .transform((v) => v.replace(/\/+$/, '')),
    /** Empty or absent: no payment processor (crypto routes answer 503). Otherwise the BTCPay Server base URL. */
    BTCPAY_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v)), 'BTCPAY_URL must be an http(s) URL'),
    BTCPAY_STORE_ID: z.string().trim().default(''),
    /** Secrets (wrangler secret put), required when BTCPAY_URL is set. */
    BTCPAY_API_KEY: z.string().optional(),
    BTCPAY_WEBHOOK_SECRET: z.string().optional(),
    /** Seals provider API keys at rest (AES-256-GCM via HKDF); a secret (wrangler secret put PROVIDER_KEY_SECRET). */
    PROVIDER_KEY_SECRET: z
      .string({ error: 'PROVIDER_KEY_SECRET is not set (wrangler secret put PROVIDER_KEY_SECRET; locally .dev.vars)' })
      .min(32, 'PROVIDER_KEY_SECRET must be at least 32 characters'),
    /** Keys the public API keys' lookup hashes and seals them; a secret (wrangler secret put API_KEY_SECRET). */
    API_KEY_SECRET: z
      .string({ error: 'API_KEY_SECRET is not set (wrangler secret put API_KEY_SECRET; locally .dev.vars)' })
      .min(32, 'API_KEY_SECRET must be at least 32 characters'),
    /** "true": provider base URLs may be http and private/loopback addresses (never for production). */
    ALLOW_PRIVATE_PROVIDER_URLS: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((v) => v === 'true'),
    /** The marketplace (Amazon Seller Central API or the marketplace sandbox) base URL; empty: confirmation off (503). */
    MARKETPLACE_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v)), 'MARKETPLACE_URL must be an http(s) URL'),
    /** Per attempt, milliseconds. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /**
     * A secret that lets POST /api/auth/bootstrap-admin create the first admin while none exists. Unset or empty:
     * that route is closed.
     */
    ADMIN_BOOTSTRAP_TOKEN: z
      .string()
      .default('')
      .refine((v) => v === '' || v.length >= 32, 'ADMIN_BOOTSTRAP_TOKEN must be at least 32 characters'),
  })
  .superRefine(
    (v, ctx) => {
      // Also runs when other fields failed (`when` below), so one start-up log names everything that is missing.
      if (!v.BTCPAY_URL?.trim()) return;
      if (!v.BTCPAY_STORE_ID)
        ctx.addIssue({ code: 'custom', path: ['BTCPAY_STORE_ID'], message: 'required with BTCPAY_URL' });
      if (!v.BTCPAY_API_KEY)
        ctx.addIssue({ code: 'custom', path: ['BTCPAY_API_KEY'], message: 'required with BTCPAY_URL' });
      if (!v.BTCPAY_WEBHOOK_SECRET || v.BTCPAY_WEBHOOK_SECRET.length < 16) {
        ctx.addIssue({
          code: 'custom',
          path: ['BTCPAY_WEBHOOK_SECRET'],
          message: 'required with BTCPAY_URL (at least 16 characters)',
        });
      }
    },
    { when: () => true },
  );
export type WorkerVars = z.infer<typeof WorkerVars>;

/** One variable or secret that is missing or invalid: its name and what is wrong (never its value). */
export interface WorkerConfigIssue {
  name: string;
  message: string;
}

/**
 * Thrown when the Worker's settings are invalid; the entry logs it and answers 500 naming the variables (never
 * their values).
 */
export class WorkerConfigError extends Error {
  readonly issues: WorkerConfigIssue[];
  constructor(issues: WorkerConfigIssue[]) {
    super(`invalid worker configuration: ${issues.map((i) => `${i.name}: ${i.message}`).join('; ')}`);
    this.name = 'WorkerConfigError';
    this.issues = issues;
  }

  /** The variable names, each once, in order. */
  get names(): string[] {
    return [...new Set(this.issues.map((i) => i.name))];
  }
}

/** The issues of these bindings, empty when they are valid (the entry logs them at start-up). */
export function workerConfigIssues(env: Env): WorkerConfigIssue[] {
  const parsed = WorkerVars.safeParse(env);
  if (parsed.success) return [];
  return parsed.error.issues.map((i) => ({ name: i.path.join('.') || '(env)', message: i.message }));
}

export function parseWorkerVars(env: Env): WorkerVars {
  const parsed = WorkerVars.safeParse(env);
  if (!parsed.success) {
    throw new WorkerConfigError(
      parsed.error.issues.map((i) => ({ name: i.path.join('.') || '(env)', message: i.message })),
    );
  }
  return parsed.data;
}

/** Builds the services every request, job and cron tick of this isolate uses, from the bindings. */
export function buildServices(env: Env): Services {
  const vars = parseWorkerVars(env);
  const config: AppConfig = {
    runtime: 'workers',
    jwtSecret: vars.JWT_SECRET,
    jwtTtlSeconds: vars.JWT_TTL_SECONDS,
    supportEmail: vars.SUPPORT_EMAIL,
    publicUrl: vars.PUBLIC_URL,
    ...(vars.ADMIN_BOOTSTRAP_TOKEN ? { adminBootstrapToken: vars.ADMIN_BOOTSTRAP_TOKEN } : {}),
  };
  return {
    config,
    db: vars.TURSO_URL ? libsqlWebDb(vars.TURSO_URL, vars.TURSO_AUTH_TOKEN) : d1Db(env.DB),
    queue: cloudflareJobQueue(env.JOBS),
    rateLimiter: durableObjectRateLimiter(env.RATE_LIMITER),
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
    }),
    providerKeys: createSecretBox(vars.PROVIDER_KEY_SECRET),
    marketplace: httpMarketplace({ baseUrl: () => vars.MARKETPLACE_URL || undefined }),
    // Replaced per invocation by the entry (forInvocation) with that invocation's ctx.waitUntil.
    waitUntil: (work) => {
      work.catch((err: unknown) => console.error(`[labeldesk] background work failed: ${String(err)}`));
    },
    apiKeys: createApiKeyVault(vars.API_KEY_SECRET),
    referenceAssets: assetsReferenceFiles(env.ASSETS),
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
