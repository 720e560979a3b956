import { sql } from 'drizzle-orm';
import { check, index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { users } from './users';

/**
 * Outbound webhooks (Standard Webhooks). Not to be confused with `webhook_deliveries`, which records the payment
 * processor's webhooks coming IN.
 *
 * An endpoint belongs to one customer and one key mode (`livemode`): live events go to live endpoints only. Its signing
 * secret is sealed at rest with the provider-key box (AES-256-GCM, bound to the endpoint id), never stored in
 * plaintext; after a rotation the previous one keeps signing beside it until `previous_secret_expires_at`.
 */
export const webhookEndpoints = sqliteTable(
  'webhook_endpoints',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    livemode: integer('livemode', { mode: 'boolean' }).notNull(),
    url: text('url').notNull(),
    /** JSON array of event types. */
    events: text('events').notNull(),
    description: text('description'),
    secretSealed: text('secret_sealed').notNull(),
    previousSecretSealed: text('previous_secret_sealed'),
    previousSecretExpiresAt: text('previous_secret_expires_at'),
    /** Set when delivery stopped: by the owner, by a 410 Gone answer, or after 3 days of failures. */
    disabledAt: text('disabled_at'),
    /** manual | gone | failing */
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success (null while healthy). */
    failingSince: text('failing_since'),
    createdAt: text('created_at').notNull(),
    updatedAt: text('updated_at').notNull(),
  },
  (t) => [
    index('webhook_endpoints_user_mode_idx').on(t.userId, t.livemode),
    check(
      'webhook_endpoints_disabled_reason_valid',
      sql`${t.disabledReason} IS NULL OR ${t.disabledReason} IN ('manual', 'gone', 'failing')`,
    ),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;

/** One event (`msg_…`: the `webhook-id` of every attempt to deliver it), its payload exactly as it is signed and sent. */
export const webhookMessages = sqliteTable(
  'webhook_messages',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    livemode: integer('livemode', { mode: 'boolean' }).notNull(),
    type: text('type').notNull(),
    /** The JSON body sent: {id, type, created_at, livemode, data}. */
    payload: text('payload').notNull(),
    createdAt: text('created_at').notNull(),
    /**
     * When its delivery jobs were queued (null until then). The message is written in the same batch as the fact it
     * reports (the outbox), and queued right after that batch; a process that dies in between leaves it null, and
     * the relay sweep (start-up and every 5 minutes) queues it then.
     */
    dispatchedAt: text('dispatched_at'),
  },
  (t) => [
    index('webhook_messages_user_created_idx').on(t.userId, t.createdAt),
    // The relay sweep: messages still to queue, oldest first (a few at most; the index holds only those).
    index('webhook_messages_undispatched_idx').on(t.createdAt).where(sql`${t.dispatchedAt} IS NULL`),
    // The maintenance purge: messages past their retention, oldest first.
    index('webhook_messages_created_idx').on(t.createdAt),
  ],
);

export type WebhookMessageRow = typeof webhookMessages.$inferSelect;

/**
 * One HTTP attempt to deliver a message to an endpoint. `job_id` is the queue job that made it (unique): a redelivered
 * job finds its attempt already recorded and does not call the endpoint again.
 */
export const webhookAttempts = sqliteTable(
  'webhook_attempts',
  {
    id: text('id').primaryKey(),
    jobId: text('job_id').notNull(),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessages.id, { onDelete: 'cascade' }),
    endpointId: text('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    /** 1-based within the retry schedule; a replay counts on from the last attempt. */
    attempt: integer('attempt').notNull(),
    /** scheduled | replay */
    trigger: text('trigger').notNull(),
    attemptedAt: text('attempted_at').notNull(),
    succeeded: integer('succeeded', { mode: 'boolean' }).notNull(),
    responseStatus: integer('response_status'),
    error: text('error'),
    latencyMs: integer('latency_ms').notNull(),
    /** At most 1 KiB of the answer's body. */
    responseBody: text('response_body'),
  },
  (t) => [
    uniqueIndex('webhook_attempts_job_unique').on(t.jobId),
    index('webhook_attempts_endpoint_idx').on(t.endpointId, t.attemptedAt),
    index('webhook_attempts_message_idx').on(t.messageId),
  ],
);

export type WebhookAttemptRow = typeof webhookAttempts.$inferSelect;
