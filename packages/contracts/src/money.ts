import { z } from 'zod';
import { integerFromText } from './number-text';

export const INVALID_AMOUNT = 'Please enter a valid amount';
/** The largest single top-up or admin change, in USD: a typo guard, not a business limit. */
export const MAX_AMOUNT_USD = 100_000;

/**
 * A positive USD amount as the API speaks it: a number with at most 2 decimals, between `min` and MAX_AMOUNT_USD.
 * Every failure says 'Please enter a valid amount' (SPEC §5).
 */
export const UsdAmount = (min = 0.01) =>
  z
    .number({ error: INVALID_AMOUNT })
    .refine((v) => Number.isFinite(v) && v >= min && v <= MAX_AMOUNT_USD, INVALID_AMOUNT)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, INVALID_AMOUNT);

export const Pagination = z.object({
  page: z.number().int(),
  limit: z.number().int(),
  totalPages: z.number().int(),
});
export type Pagination = z.infer<typeof Pagination>;

export const PAGE_SIZES = [10, 25, 50, 100] as const;
const PAGE_SIZE_MESSAGE = 'Page size must be 10, 25, 50 or 100';
const isoDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates must be YYYY-MM-DD');
export const DATE_ORDER_MESSAGE = 'From date cannot be after To date';

/** The fields of a list query (extend them with a list's own filters, then apply {@link withDateOrder}). */
export const ListQueryFields = z.object({
  page: integerFromText('Page must be a whole number').pipe(z.number().min(1)).default(1),
  limit: integerFromText(PAGE_SIZE_MESSAGE)
    .refine((v) => (PAGE_SIZES as readonly number[]).includes(v), PAGE_SIZE_MESSAGE)
    .default(10),
  search: z.string().trim().max(200).optional(),
  /** First day included (UTC). */
  from: isoDay.optional(),
  /** Last day included (UTC): the end day is inclusive (SPEC §5). */
  to: isoDay.optional(),
});

/** SPEC §5 date filters: from <= to. */
export const withDateOrder = <T extends z.ZodType<{ from?: string | undefined; to?: string | undefined }>>(schema: T) =>
  schema.refine((q) => !q.from || !q.to || q.from <= q.to, { message: DATE_ORDER_MESSAGE, path: ['from'] });

/** Query of list endpoints: page from 1, limit one of the page sizes, optional search and YYYY-MM-DD date range. */
export const ListQuery = withDateOrder(ListQueryFields);
export type ListQuery = z.input<typeof ListQuery>;
