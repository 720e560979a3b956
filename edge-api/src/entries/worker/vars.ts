import { z } from 'zod';
import { bulkRowDeadlineHours } from '../../lib/bulk-row-deadline';
import { notPlaceholder } from '../../lib/placeholder-secret';
import { testLabelsPerDay, testModeSandboxes } from '../../lib/test-mode-settings';
import { webhookRetrySchedule } from '../../lib/webhook-settings';

/**
 * Vars and secrets of the Worker, validated once per isolate. Bindings (DB, JOBS, RATE_LIMITER, BLOBS) are typed by
 * the generated `Env`; plain-text settings arrive as strings and are checked here. Model: unkey `pkg/env.ts`.
 */
export const WorkerVars = z
  .object({
    JWT_SECRET: z
      .string({ error: 'JWT_SECRET is not set (wrangler secret put JWT_SECRET; locally .dev.vars)' })
      .min(32, 'JWT_SECRET must be at least 32 characters')
      .refine(...notPlaceholder('JWT_SECRET')),
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
    TURSO_AUTH_TOKEN: z
      .string()
      .optional()
      .refine(...notPlaceholder('TURSO_AUTH_TOKEN')),
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
    BTCPAY_API_KEY: z
      .string()
      .optional()
      .refine(...notPlaceholder('BTCPAY_API_KEY')),
    BTCPAY_WEBHOOK_SECRET: z
      .string()
      .optional()
      .refine(...notPlaceholder('BTCPAY_WEBHOOK_SECRET')),
    /** Seals provider API keys at rest (AES-256-GCM via HKDF); a secret (wrangler secret put PROVIDER_KEY_SECRET). */
    PROVIDER_KEY_SECRET: z
      .string({ error: 'PROVIDER_KEY_SECRET is not set (wrangler secret put PROVIDER_KEY_SECRET; locally .dev.vars)' })
      .min(32, 'PROVIDER_KEY_SECRET must be at least 32 characters')
      .refine(...notPlaceholder('PROVIDER_KEY_SECRET')),
    /** Keys the public API keys' lookup hashes and seals them; a secret (wrangler secret put API_KEY_SECRET). */
    API_KEY_SECRET: z
      .string({ error: 'API_KEY_SECRET is not set (wrangler secret put API_KEY_SECRET; locally .dev.vars)' })
      .min(32, 'API_KEY_SECRET must be at least 32 characters')
      .refine(...notPlaceholder('API_KEY_SECRET')),
    /** "true": provider base URLs may be http and private/loopback addresses (never for production). */
    ALLOW_PRIVATE_PROVIDER_URLS: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((v) => v === 'true'),
    /** "true": webhook endpoint URLs may be http and private/loopback addresses (never for production). */
    ALLOW_PRIVATE_WEBHOOK_URLS: z
      .enum(['true', 'false', ''])
      .default('false')
      .transform((v) => v === 'true'),
    /** Seconds before each webhook delivery attempt, comma-separated; empty: the Standard Webhooks schedule. */
    WEBHOOK_RETRY_SCHEDULE: webhookRetrySchedule(),
    /** The marketplace (Amazon Seller Central API or the marketplace sandbox) base URL; empty: confirmation off (503). */
    MARKETPLACE_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v)), 'MARKETPLACE_URL must be an http(s) URL'),
    /** Per attempt, milliseconds. */
    PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
    /** Rows of a bulk order still unbought this long after it was created fail and are refunded (hours). */
    BULK_ROW_DEADLINE_HOURS: bulkRowDeadlineHours(),
    /** Test labels one account may make per UTC day. */
    TEST_LABELS_PER_DAY: testLabelsPerDay(),
    /** Per provider kind, the sandbox TEST-key orders of APIs at real upstreams go to (JSON); unset: none. */
    TEST_MODE_SANDBOXES: testModeSandboxes(),
    /** The From of every mail; with RESEND_API_KEY (a secret) mail goes out through Resend. */
    MAIL_FROM: z.string().trim().min(3).max(320).default('LabelDesk <no-reply@labeldesk.example>'),
    RESEND_API_KEY: z
      .string()
      .trim()
      .default('')
      .refine(...notPlaceholder('RESEND_API_KEY')),
    /** Empty: https://api.resend.com. */
    RESEND_API_URL: z
      .string()
      .trim()
      .default('')
      .refine((v) => v === '' || (/^https?:\/\//.test(v) && URL.canParse(v)), 'RESEND_API_URL must be an http(s) URL'),
    /**
     * A secret that lets POST /api/auth/bootstrap-admin create the first admin while none exists. Unset or empty:
     * that route is closed.
     */
    ADMIN_BOOTSTRAP_TOKEN: z
      .string()
      .default('')
      .refine((v) => v === '' || v.length >= 32, 'ADMIN_BOOTSTRAP_TOKEN must be at least 32 characters')
      .refine(...notPlaceholder('ADMIN_BOOTSTRAP_TOKEN')),
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
