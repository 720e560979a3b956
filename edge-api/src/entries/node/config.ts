import { resolve } from 'node:path';
import { z } from 'zod';

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

const remoteUrl = (name: string) =>
  z.preprocess(emptyToUndefined, z.string().trim().default(`/remotes/${name}/remoteEntry.js`));

/** The Node entry's settings, camelCase; `configFromEnv` maps the environment onto it. Defaults live here only. */
export const NodeConfig = z.object({
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
  jwtSecret: z.preprocess(emptyToUndefined, z.string().min(32, 'JWT_SECRET needs at least 32 characters').optional()),
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
    };
    const lines = parsed.error.issues.map((i) => `  ${names[String(i.path[0])] ?? i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
