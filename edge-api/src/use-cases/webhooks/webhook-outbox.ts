import type { WebhookEventType } from '@labeldesk/contracts';
import { is, SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { webhookEndpoints, webhookMessages } from '../../db/schema';
import { newId } from '../../lib/ids';
import { type Db, reusableStatement } from '../../ports/database';

/**
 * An event to record (the outbox): what happened, to whom, in which mode. Its parts are values, or SQL over `from`
 * when only the batch knows them (a balance after a credit, a bulk order's final counts).
 */
export interface WebhookEvent {
  type: WebhookEventType;
  /** The account: a value, or a column of `from`. */
  userId: string | SQL;
  /** The key mode the fact happened in: a value, or a column of `from` (1/0). */
  livemode: boolean | SQL;
  /** The payload's `data`: a value (JSON-encoded here), or a JSON expression over `from` (json_object(…)). */
  data: Record<string, unknown> | SQL;
  /** The table the SQL parts read, if any (one row: the fact's). */
  from?: SQL;
  /**
   * Only when this holds: the proof, inside the batch, that the fact was made by THIS batch (`changes() = 1` right
   * after its UPDATE, or a marker only this batch wrote), so a racing path that changed nothing records nothing.
   */
  onlyIf: SQL;
}

/** The job of attempt `attempt` of the retry schedule: one per message, endpoint and attempt. */
export const scheduledDeliveryJobId = (messageId: string, endpointId: string, attempt: number) =>
  `whd_${messageId}_${endpointId}_${attempt}`;

const asSql = (v: string | boolean | SQL): SQL =>
  typeof v === 'object' ? v : typeof v === 'boolean' ? sql`${v ? 1 : 0}` : sql`${v}`;

/**
 * The statement that records an event IN the batch that makes its fact (D1 has no interactive transactions, so the
 * event joins the use-case's own batch): the fact and its event commit together or not at all, and a process that
 * dies right after the commit leaves the message for the relay (relayWebhookMessages) instead of losing it.
 *
 * The row is written only when `onlyIf` holds and the account has an enabled endpoint of that mode subscribed to the
 * type (an account without one stores nothing). Put it right after the statement `onlyIf` speaks of when that is
 * `changes()`. Run as part of a batch, its result is the written message's id (`[{ id }]`) or nothing (`[]`).
 */
export function webhookEventStatement(
  db: Db,
  event: WebhookEvent,
  at: string,
): { messageId: string; statement: BatchItem<'sqlite'> } {
  const messageId = newId('msg');
  const userId = asSql(event.userId);
  const livemode = asSql(event.livemode);
  const data = is(event.data, SQL) ? event.data : sql`json(${JSON.stringify(event.data)})`;
  // The body exactly as it is signed and sent: {id, type, created_at, livemode, data}.
  const payload = sql`json_object('id', ${messageId}, 'type', ${event.type}, 'created_at', ${at},
    'livemode', json(CASE WHEN ${livemode} THEN 'true' ELSE 'false' END), 'data', ${data})`;
  // A query builder, not raw SQL: drizzle's D1 batch binds builders only. The SELECT gives every column in the
  // table's order (dispatched_at: NULL, for the relay).
  const statement = db
    .insert(webhookMessages)
    .select(sql`SELECT ${messageId}, ${userId}, ${livemode}, ${event.type}, ${payload}, ${at}, NULL
      ${event.from ? sql`FROM ${event.from}` : sql``}
      WHERE (${event.onlyIf}) AND EXISTS (
        SELECT 1 FROM ${webhookEndpoints} AS we, json_each(we.events) AS wev
        WHERE we.user_id = ${userId} AND we.livemode = ${livemode} AND we.disabled_at IS NULL
          AND wev.value = ${event.type})`)
    .returning({ id: webhookMessages.id });
  return { messageId, statement };
}

const p = (name: string): SQL => sql`${sql.placeholder(name)}`;

/**
 * webhookEventStatement for the commonest shape, built once per database: every part a value and `onlyIf` the
 * `changes() = 1` of the statement right before it (an order's purchase completing). Same SQL, same row, same result;
 * only the values are bound per use (a bulk row completes thousands of times).
 */
const changedRowEvent = reusableStatement((db) => {
  const payload = sql`json_object('id', ${p('messageId')}, 'type', ${p('type')}, 'created_at', ${p('at')},
    'livemode', json(CASE WHEN ${p('livemode')} THEN 'true' ELSE 'false' END), 'data', json(${p('data')}))`;
  return db
    .insert(webhookMessages)
    .select(sql`SELECT ${p('messageId')}, ${p('userId')}, ${p('livemode')}, ${p('type')}, ${payload}, ${p('at')}, NULL
      WHERE (changes() = 1) AND EXISTS (
        SELECT 1 FROM ${webhookEndpoints} AS we, json_each(we.events) AS wev
        WHERE we.user_id = ${p('userId')} AND we.livemode = ${p('livemode')} AND we.disabled_at IS NULL
          AND wev.value = ${p('type')})`)
    .returning({ id: webhookMessages.id });
});

/** See changedRowEvent: the event of the row the statement right before it changed, recorded only if it did. */
export function changedRowEventStatement(
  db: Db,
  event: { type: WebhookEventType; userId: string; livemode: boolean; data: Record<string, unknown> },
  at: string,
): { messageId: string; statement: BatchItem<'sqlite'> } {
  const messageId = newId('msg');
  const statement = changedRowEvent(db, {
    messageId,
    userId: event.userId,
    livemode: event.livemode ? 1 : 0,
    type: event.type,
    data: JSON.stringify(event.data),
    at,
  });
  return { messageId, statement };
}

/** The statements of several events (nulls skipped) for one batch, and the ids of the messages they may write. */
export function webhookEventStatements(
  db: Db,
  events: readonly (WebhookEvent | null)[],
  at: string,
): { messageIds: string[]; statements: BatchItem<'sqlite'>[] } {
  const made = events.filter((e): e is WebhookEvent => e !== null).map((e) => webhookEventStatement(db, e, at));
  return { messageIds: made.map((m) => m.messageId), statements: made.map((m) => m.statement) };
}
