import { z } from 'zod';

/** SPEC §5 (Amazon confirm), §8 and §2 texts, shared by the API and the screen. */
export const AMAZON_CONFIRM_MESSAGES = {
  selectBulkOrder: 'Please select a bulk order first',
  cookiesRequired: 'Please provide cookies either by uploading a file or using saved cookies',
  csrfRequired: 'Please provide a CSRF token either by entering one or using the saved token',
  cookiesFormat: 'Could not format cookies properly. Please check the file format.',
  cookiesParse: 'Failed to parse the cookies file. Please ensure it is a valid JSON file.',
  fileRead: 'Error reading the file. Please try again.',
  noAmazonOrders:
    "This bulk order doesn't have any Amazon order IDs associated with it. Please select a different bulk order.",
  failed: 'Failed to confirm orders on Amazon',
  success: (n: number) => `Successfully confirmed ${n} orders on Amazon!`,
  cookiesTooLarge: 'The cookies are too large (at most 16 KB). Please upload only the Seller Central cookies.',
  cookiesInvalid: 'The cookies contain characters a cookie cannot hold. Please check the file.',
  csrfInvalid: 'The CSRF token is not valid: paste the token exactly as copied (8-1024 characters, no spaces).',
  forgotten: 'Your saved Amazon cookies and CSRF token were deleted.',
  forgetFailed: 'Failed to delete the saved credentials',
} as const;

/** Largest Cookie header accepted (browsers cap a cookie at 4 KB; a Seller Central session is a few of them). */
export const MAX_COOKIE_HEADER_CHARS = 16_384;
/** Most cookies a file may hold. */
export const MAX_COOKIES = 200;
/** SPEC §9: a saved CSRF token is fresh under 2 days, saved cookies under 14 days. */
export const CSRF_FRESH_DAYS = 2;
export const COOKIES_FRESH_DAYS = 14;

const COOKIE_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
/** Printable ASCII without ';' (a value cannot end the pair), as a Cookie header carries. */
const COOKIE_VALUE = /^[\x20-\x3A\x3C-\x7E]*$/;

/**
 * SPEC §5: cookies as an array of {name, value} pairs (a browser export) or an object {name: value}, joined as
 * 'name=value;' pairs ('a=1; b=2'). Returns undefined when the shape is neither, or when nothing usable is in it
 * (the screen shows 'Could not format cookies properly...').
 */
export function cookiesToHeader(input: unknown): string | undefined {
  let pairs: Array<[string, string]>;
  if (Array.isArray(input)) {
    pairs = [];
    for (const item of input) {
      if (!item || typeof item !== 'object') return undefined;
      const { name, value } = item as { name?: unknown; value?: unknown };
      if (typeof name !== 'string' || (typeof value !== 'string' && typeof value !== 'number')) return undefined;
      pairs.push([name, String(value)]);
    }
  } else if (input && typeof input === 'object') {
    pairs = [];
    for (const [name, value] of Object.entries(input)) {
      if (typeof value !== 'string' && typeof value !== 'number') return undefined;
      pairs.push([name, String(value)]);
    }
  } else return undefined;
  const cleaned = pairs.map(([n, v]) => [n.trim(), v.trim()] as const).filter(([n]) => n !== '');
  if (cleaned.length === 0 || cleaned.length > MAX_COOKIES) return undefined;
  return cleaned.map(([n, v]) => `${n}=${v}`).join('; ');
}

/** Why a Cookie header cannot be sent, or undefined when it can (at least one name=value pair, header-safe). */
export function cookieHeaderProblem(header: string): string | undefined {
  if (header.length > MAX_COOKIE_HEADER_CHARS) return AMAZON_CONFIRM_MESSAGES.cookiesTooLarge;
  const parts = header
    .split(';')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.length > MAX_COOKIES) return AMAZON_CONFIRM_MESSAGES.cookiesFormat;
  for (const part of parts) {
    const eq = part.indexOf('=');
    if (eq <= 0) return AMAZON_CONFIRM_MESSAGES.cookiesFormat;
    if (!COOKIE_NAME.test(part.slice(0, eq).trim()) || !COOKIE_VALUE.test(part.slice(eq + 1)))
      return AMAZON_CONFIRM_MESSAGES.cookiesInvalid;
  }
  return undefined;
}

const CSRF_TOKEN = /^[\x21-\x7E]{8,1024}$/;

/** Request cookies: a Cookie header string ('a=1; b=2'), or the file's array of {name, value} / object, normalised. */
export const AmazonCookiesInput = z
  .union([z.string(), z.array(z.unknown()).max(MAX_COOKIES * 2), z.record(z.string(), z.unknown())])
  .transform((v, ctx) => {
    const header = typeof v === 'string' ? v.trim() : cookiesToHeader(v);
    if (header === undefined) {
      ctx.addIssue({ code: 'custom', message: AMAZON_CONFIRM_MESSAGES.cookiesFormat });
      return z.NEVER;
    }
    if (header === '') return undefined;
    const problem = cookieHeaderProblem(header);
    if (problem) {
      ctx.addIssue({ code: 'custom', message: problem });
      return z.NEVER;
    }
    return header;
  });

/** POST /api/amazon/confirm-orders. Missing cookies / token: the saved ones are used, else the SPEC texts. */
export const AmazonConfirmRequest = z.object({
  bulkOrderId: z
    .string({ error: AMAZON_CONFIRM_MESSAGES.selectBulkOrder })
    .trim()
    .min(1, AMAZON_CONFIRM_MESSAGES.selectBulkOrder)
    .max(100),
  cookies: AmazonCookiesInput.optional().nullable(),
  csrfToken: z
    .string()
    .trim()
    .max(4096, AMAZON_CONFIRM_MESSAGES.csrfInvalid)
    .refine((v) => v === '' || CSRF_TOKEN.test(v), AMAZON_CONFIRM_MESSAGES.csrfInvalid)
    .optional()
    .nullable(),
  saveCookies: z.boolean().optional().default(false),
  saveCsrfToken: z.boolean().optional().default(false),
});
export type AmazonConfirmRequest = z.input<typeof AmazonConfirmRequest>;

export const AmazonConfirmationStatus = z.enum(['sending', 'confirmed', 'refused', 'failed']);
export type AmazonConfirmationStatus = z.infer<typeof AmazonConfirmationStatus>;

/** One order's confirmation state (kept: a confirmed order is never sent again). */
export const AmazonConfirmation = z.object({
  orderId: z.string(),
  amazonOrderId: z.string(),
  status: AmazonConfirmationStatus,
  reason: z.string().nullable(),
  confirmedAt: z.string().nullable(),
  updatedAt: z.string(),
});
export type AmazonConfirmation = z.infer<typeof AmazonConfirmation>;

export const AmazonConfirmResponse = z.object({
  /** Orders confirmed by THIS call (SPEC: the client reads confirmedCount). */
  confirmedCount: z.number().int(),
  message: z.string(),
  /** Extensions: orders refused by this call, already confirmed before, and every eligible order's state. */
  refusedCount: z.number().int(),
  alreadyConfirmedCount: z.number().int(),
  results: z.array(AmazonConfirmation),
});
export type AmazonConfirmResponse = z.infer<typeof AmazonConfirmResponse>;

/** GET /api/amazon/confirmations/{bulkOrderId}: the per-order results of a bulk order. */
export const AmazonConfirmationsResponse = z.object({ confirmations: z.array(AmazonConfirmation) });
export type AmazonConfirmationsResponse = z.infer<typeof AmazonConfirmationsResponse>;

/**
 * GET /api/amazon/saved-credentials?includeCredentials=true. `credentials` holds the values only with
 * includeCredentials=true (else nulls); `savedAt` is the latest save; per-field times are extensions for the warnings.
 */
export const AmazonSavedCredentialsResponse = z.object({
  credentials: z.object({ cookies: z.string().nullable(), csrfToken: z.string().nullable() }),
  savedAt: z.string().nullable(),
  hasCookies: z.boolean(),
  hasCsrfToken: z.boolean(),
  cookiesSavedAt: z.string().nullable(),
  csrfTokenSavedAt: z.string().nullable(),
});
export type AmazonSavedCredentialsResponse = z.infer<typeof AmazonSavedCredentialsResponse>;

/**
 * DELETE /api/amazon/saved-credentials: always 200 (idempotent); `forgotten` says whether anything was saved. The
 * message is the same either way, so the answer is safe to repeat.
 */
export const AmazonForgetCredentialsResponse = z.object({ message: z.string(), forgotten: z.boolean() });
export type AmazonForgetCredentialsResponse = z.infer<typeof AmazonForgetCredentialsResponse>;

export const AmazonSavedCredentialsQuery = z.object({
  includeCredentials: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => v === 'true' || v === '1'),
});
