import { z } from 'zod';
import { cloudflareJobQueue } from '../../adapters/workers/cloudflare-job-queue';
import { d1Db } from '../../adapters/workers/d1-db';
import { durableObjectRateLimiter } from '../../adapters/workers/durable-object-rate-limiter';
import { libsqlWebDb } from '../../adapters/workers/libsql-web-db';
import { r2BlobStore } from '../../adapters/workers/r2-blob-store';
import type { AppConfig, Services } from '../../env';
import { systemClock } from '../../ports/clock';

/**
 * Vars and secrets of the Worker, validated once per isolate. Bindings (DB, JOBS, RATE_LIMITER, BLOBS) are typed by
 * the generated `Env`; plain-text settings arrive as strings and are checked here. Model: unkey `pkg/env.ts`.
 */
export const WorkerVars = z.object({
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
});
export type WorkerVars = z.infer<typeof WorkerVars>;

/** Thrown when the Worker's settings are invalid; the entry answers 500 and logs the issues (never the values). */
export class WorkerConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`invalid worker configuration: ${issues.join('; ')}`);
    this.name = 'WorkerConfigError';
    this.issues = issues;
  }
}

export function parseWorkerVars(env: Env): WorkerVars {
  const parsed = WorkerVars.safeParse(env);
  if (!parsed.success) {
    throw new WorkerConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`));
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
  };
  return {
    config,
    db: vars.TURSO_URL ? libsqlWebDb(vars.TURSO_URL, vars.TURSO_AUTH_TOKEN) : d1Db(env.DB),
    queue: cloudflareJobQueue(env.JOBS),
    rateLimiter: durableObjectRateLimiter(env.RATE_LIMITER),
    blobs: r2BlobStore(env.BLOBS),
    clock: systemClock,
  };
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
