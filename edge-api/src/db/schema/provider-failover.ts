import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { orders } from './orders';
import { shippingApis } from './shipping-apis';

/**
 * What each provider API was asked while buying an order's label, oldest first (shown on the admin's order details):
 * - `bought`: the label was bought there;
 * - `failed_over`: it failed before any label existed and the next API was tried at once;
 * - `skipped`: its circuit breaker was open, so the next API was tried without asking it;
 * - `not_bought`: it failed before any label existed and no other API could take the order (it waits, as before);
 * - `unknown`: the outcome is unclear (timeout after sending, a 5xx of the purchase): lookup and reconciliation;
 * - `refused`: a definite refusal (the order is refunded).
 * `error` is the admin-facing reason (our text and the provider's status/code), never shown to customers.
 */
export const ORDER_ATTEMPT_OUTCOMES = ['bought', 'failed_over', 'skipped', 'not_bought', 'unknown', 'refused'] as const;
export type OrderAttemptOutcome = (typeof ORDER_ATTEMPT_OUTCOMES)[number];

export const orderAttempts = sqliteTable(
  'order_attempts',
  {
    /** `att_…` (time-sortable: the order of attempts). */
    id: text('id').primaryKey(),
    orderId: text('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Snapshots: the API config may be deleted later. */
    apiId: text('api_id').notNull(),
    apiName: text('api_name').notNull(),
    outcome: text('outcome', { enum: ORDER_ATTEMPT_OUTCOMES }).notNull(),
    error: text('error'),
    createdAt: text('created_at').notNull(),
  },
  (t) => [
    index('order_attempts_order_idx').on(t.orderId, t.id),
    // Failovers per API in the last 24 h (Service Status).
    index('order_attempts_api_created_idx').on(t.apiId, t.createdAt),
    check(
      'order_attempts_outcome_valid',
      sql`${t.outcome} IN ('bought', 'failed_over', 'skipped', 'not_bought', 'unknown', 'refused')`,
    ),
  ],
);

export type OrderAttemptRow = typeof orderAttempts.$inferSelect;

/**
 * One circuit breaker per provider API, in the database so that every Node process and every Worker isolate sees the
 * same state (isolates share no memory), read in the same query that picks the APIs to buy through. No row: closed.
 * - closed: `open_until` null; `failures` counts purchase failures that bought nothing since `window_started_at`;
 * - open: now < `open_until` — purchases skip this API;
 * - half-open: now ≥ `open_until` — one purchase at a time may probe it, claimed by a conditional UPDATE of
 *   `probe_until` (a lease, so a probe that died does not keep it half-open for ever). A good probe closes it, a
 *   failed one opens it for another cooldown.
 */
export const providerBreakers = sqliteTable(
  'provider_breakers',
  {
    apiId: text('api_id')
      .primaryKey()
      .references(() => shippingApis.id, { onDelete: 'cascade' }),
    failures: integer('failures').notNull().default(0),
    windowStartedAt: text('window_started_at'),
    openUntil: text('open_until'),
    /** When it last went from closed to open (not re-opened by a failed probe): the admins' mail is sent for that. */
    openedAt: text('opened_at'),
    probeUntil: text('probe_until'),
    lastError: text('last_error'),
    lastErrorAt: text('last_error_at'),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [check('provider_breakers_failures_nonnegative', sql`${t.failures} >= 0`)],
);

export type ProviderBreakerRow = typeof providerBreakers.$inferSelect;
