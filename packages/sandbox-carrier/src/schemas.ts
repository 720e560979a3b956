import { z } from 'zod';
import { CarrierError, type FieldError } from './errors';
import { CARRIERS, WEIGHT_UNITS } from './types';

/** Request bodies of the protocol (decimal USD, weights in lbs or oz, dimensions in inches). */

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v ? v : null));

export const AddressInput = z
  .object({
    name: z.string().trim().min(1, 'is required').max(100),
    company: optionalText(100),
    street1: z.string().trim().min(1, 'is required').max(100),
    street2: optionalText(100),
    city: z.string().trim().min(1, 'is required').max(60),
    state: z.string().trim().min(1, 'is required').max(40),
    zip: z.string().trim().min(1, 'is required').max(12),
    country: z
      .string()
      .trim()
      .regex(/^[A-Za-z]{2}$/, 'must be a two-letter country code')
      .transform((c) => c.toUpperCase())
      .default('US'),
    phone: optionalText(30),
    email: optionalText(254),
  })
  .superRefine((a, ctx) => {
    if (a.country !== 'US') return;
    if (!/^\d{5}(-\d{4})?$/.test(a.zip))
      ctx.addIssue({ code: 'custom', path: ['zip'], message: 'must be a US ZIP code (12345 or 12345-6789)' });
    if (!/^[A-Za-z]{2}$/.test(a.state))
      ctx.addIssue({ code: 'custom', path: ['state'], message: 'must be a two-letter US state code' });
  })
  .transform((a) => ({ ...a, state: a.country === 'US' ? a.state.toUpperCase() : a.state }));

const weight = z.number({ error: 'must be a number' }).positive('must be greater than 0').max(10_000);
const dimension = z
  .number({ error: 'must be a number' })
  .positive('must be greater than 0')
  .max(120, 'must be 120 inches or less');

export const PackageInput = z.object({
  weight,
  weightUnit: z.enum(WEIGHT_UNITS, { error: 'must be lbs or oz' }).default('lbs'),
  length: dimension,
  width: dimension,
  height: dimension,
  dimensionUnit: z.literal('in', { error: 'must be in' }).default('in'),
  description: optionalText(200),
  value: z.number().min(0).max(100_000).nullish(),
});

export const RatePackageInput = PackageInput.partial({ length: true, width: true, height: true });

const serviceCode = z.string({ error: 'is required' }).trim().min(1, 'is required').max(64);
const zip = z.string({ error: 'is required' }).trim().min(1, 'is required').max(12);

export const RateRequest = z.object({
  serviceCode,
  fromZip: zip,
  toZip: zip,
  package: RatePackageInput,
});

export const LabelRequestInput = z.object({
  serviceCode,
  template: z
    .string()
    .trim()
    .toUpperCase()
    .nullish()
    .transform((t) => t || null),
  from: AddressInput,
  to: AddressInput,
  package: PackageInput,
  reference: optionalText(100),
  includePdf: z.boolean().default(false),
});

/** A service as sent to POST /_sandbox/catalogues/{id}/services (prices in decimal USD). */
export const ServiceInput = z.object({
  carrier: z.enum(CARRIERS),
  name: z.string().trim().min(1).max(100),
  serviceCode: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, 'must be 1-64 letters, digits, _ . -'),
  status: z.enum(['active', 'inactive']).default('active'),
  weightUnit: z.enum(WEIGHT_UNITS).optional(),
  maxWeight: z.number().positive(),
  prices: z
    .array(z.object({ fromWeight: z.number().min(0), toWeight: z.number().positive(), price: z.number().min(0) }))
    .min(1),
  transitDays: z.object({ min: z.number().int().min(1), max: z.number().int().max(30) }).default({ min: 2, max: 5 }),
  trackingCode: z.string().trim().max(4).optional(),
});

export const StatusInput = z.object({ status: z.enum(['active', 'inactive']) });
export const DownInput = z.object({ down: z.boolean() });
export const VoidSettlementInput = z.object({ mode: z.enum(['instant', 'pending']) });
export const FailureRateInput = z.object({ failureRate: z.number().min(0).max(1) });
/** `false` turns the per-key rate limit off. */
export const RateLimitInput = z.object({
  rateLimit: z.union([
    z.literal(false),
    z.object({ limit: z.number().int().min(1).max(1_000_000), windowMs: z.number().int().min(100).max(3_600_000) }),
  ]),
});
/**
 * How POST /v1/labels answers once it has bought (or replayed) the label: `normal`, or one of the answers a client
 * cannot use while the label stands billed — for `count` purchases, or until set back to `normal`.
 */
export const LABEL_ANSWERS = [
  'normal',
  'non_json',
  'wrong_shape',
  'no_pdf',
  'bad_pdf',
  'oversized',
  'server_error',
] as const;
export type LabelAnswer = (typeof LABEL_ANSWERS)[number];
/** The next `count` protocol requests are answered 429 rate_limited with this Retry-After (seconds). */
export const ThrottleInput = z.object({
  count: z.number().int().min(0).max(1_000_000),
  retryAfterSeconds: z.number().int().min(1).max(3600).default(1),
});

export const LabelAnswerInput = z.object({
  answer: z.enum(LABEL_ANSWERS),
  count: z.number().int().min(1).max(1_000_000).optional(),
});

/** Moves the sandbox's time forward (never back: labels and tracking only ever age). At most a year per call. */
export const ClockInput = z.object({
  advanceMs: z
    .number()
    .int()
    .min(0)
    .max(366 * 24 * 3_600_000),
});

export const LatencyInput = z.object({
  latencyMs: z.union([
    z.number().int().min(0).max(60_000),
    z
      .object({ min: z.number().int().min(0), max: z.number().int().max(60_000) })
      .refine((l) => l.min <= l.max, 'min must be <= max'),
  ]),
});

/** Parses with zod and turns failures into invalid_request with one detail per field. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const details: FieldError[] = result.error.issues.map((issue) => ({
    field: issue.path.map(String).join('.') || '(body)',
    message: issue.message,
  }));
  const first = details[0];
  throw new CarrierError('invalid_request', first ? `${first.field}: ${first.message}` : 'Invalid request', {
    details,
  });
}
