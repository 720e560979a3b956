import { z } from 'zod';
import { BULK_STATUSES, BulkOrder } from './bulk';
import { ORDER_STATUSES } from './order-status';
import { Order } from './orders';

/**
 * The public API's cursor lists (GET /api/v1/orders, GET /api/v1/bulk-orders): newest first, `limit` items a page,
 * `starting_after` = the `next_cursor` of the page before. Query names are snake_case like `starting_after` (Stripe's
 * list style, which integrators know); the items are exactly the single-item answers' `data`.
 */

export const V1_LIST_DEFAULT_LIMIT = 50;
export const V1_LIST_MAX_LIMIT = 100;

export const V1_LIST_MESSAGES = {
  limit: `limit must be a whole number from 1 to ${V1_LIST_MAX_LIMIT}`,
  startingAfter: 'starting_after must be the id of an item of this list (the next_cursor of the page before)',
  unknownStartingAfter: 'starting_after is not the id of one of your items in this key mode',
  createdAfter: 'created_after must be a date (YYYY-MM-DD, UTC) or an ISO 8601 date-time with a time zone',
  createdBefore: 'created_before must be a date (YYYY-MM-DD, UTC) or an ISO 8601 date-time with a time zone',
  emptyRange: 'created_before must be later than created_after',
  status: (values: readonly string[]) => `status must be one of ${values.join(', ')}`,
  unknownParameter: (name: string) => `Unknown query parameter: ${name}`,
} as const;

/** A day (midnight UTC) or a date-time with its offset → the ISO instant (UTC) `created_at` is compared with. */
const instant = (message: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], { error: message })
    .transform((value) => new Date(value.length === 10 ? `${value}T00:00:00.000Z` : value).toISOString());

function listQuery<S extends readonly [string, ...string[]]>(statuses: S) {
  return z
    .strictObject(
      {
        limit: z.coerce
          .number({ error: V1_LIST_MESSAGES.limit })
          .int(V1_LIST_MESSAGES.limit)
          .min(1, V1_LIST_MESSAGES.limit)
          .max(V1_LIST_MAX_LIMIT, V1_LIST_MESSAGES.limit)
          .default(V1_LIST_DEFAULT_LIMIT)
          .describe(`Items per page, 1–${V1_LIST_MAX_LIMIT} (default ${V1_LIST_DEFAULT_LIMIT})`),
        starting_after: z
          .string()
          .trim()
          .min(1, V1_LIST_MESSAGES.startingAfter)
          .max(100, V1_LIST_MESSAGES.startingAfter)
          .optional()
          .describe('The `next_cursor` of the page before: the list goes on after that item'),
        status: z
          .enum(statuses, { error: V1_LIST_MESSAGES.status(statuses) })
          .optional()
          .describe('Only items with this status'),
        created_after: instant(V1_LIST_MESSAGES.createdAfter)
          .optional()
          .describe('Only items created at or after this instant (a day is its midnight UTC)'),
        created_before: instant(V1_LIST_MESSAGES.createdBefore)
          .optional()
          .describe('Only items created before this instant (a day is its midnight UTC)'),
      },
      {
        error: (issue) =>
          issue.code === 'unrecognized_keys' ? V1_LIST_MESSAGES.unknownParameter(issue.keys.join(', ')) : undefined,
      },
    )
    .refine((q) => !q.created_after || !q.created_before || q.created_after < q.created_before, {
      message: V1_LIST_MESSAGES.emptyRange,
      path: ['created_before'],
    });
}

/** GET /api/v1/orders: `status` is the purchase's (processing, completed, pending_reconciliation, failed). */
export const V1OrderListQuery = listQuery(ORDER_STATUSES);
export type V1OrderListQuery = z.output<typeof V1OrderListQuery>;

/** GET /api/v1/bulk-orders: `status` is the bulk order's (processing, completed, partial, failed). */
export const V1BulkOrderListQuery = listQuery(BULK_STATUSES);
export type V1BulkOrderListQuery = z.output<typeof V1BulkOrderListQuery>;

const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    status: z.literal('success'),
    livemode: z.boolean(),
    data: z.array(item),
    /** More items follow this page: ask again with `starting_after` = `next_cursor`. */
    has_more: z.boolean(),
    /** The id of this page's last item while `has_more`; null on the last page. */
    next_cursor: z.string().nullable(),
  });

export const V1OrderListResponse = listEnvelope(Order);
export type V1OrderListResponse = z.infer<typeof V1OrderListResponse>;

export const V1BulkOrderListResponse = listEnvelope(BulkOrder);
export type V1BulkOrderListResponse = z.infer<typeof V1BulkOrderListResponse>;
