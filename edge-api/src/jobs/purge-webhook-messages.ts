import { asc, inArray, lt } from 'drizzle-orm';
import { webhookAttempts, webhookMessages } from '../db/schema';
import type { Services } from '../env';
import { batch } from '../ports/database';

/**
 * Outbound webhook events (and every attempt to deliver them) are kept this long, then purged: 30 days. The retry
 * schedule ends about 28 hours after an event and an endpoint is disabled after 3 days of failures, so no event this
 * old can still be delivered or retried; the deliveries list and replay cover the last 30 days.
 */
export const WEBHOOK_MESSAGE_RETENTION_MS = 30 * 24 * 60 * 60_000;

/** Events deleted per statement pair (a D1 statement has a bound-parameter limit; the next run takes the rest). */
const PURGE_CHUNK = 90;
/** Chunks per run: a backlog is worked off over a few runs of the 5-minute job instead of one long one. */
const MAX_CHUNKS = 20;

/**
 * Deletes the webhook events created more than `olderThanMs` ago with their delivery attempts: per chunk, one batch
 * removes the attempts and then the events (so no attempt is left pointing at a removed event, foreign keys on or
 * off). Idempotent. Returns how many events were removed.
 */
export async function purgeWebhookMessages(services: Services, olderThanMs: number): Promise<number> {
  const { db } = services;
  const cutoff = new Date(services.clock.now().getTime() - olderThanMs).toISOString();
  let removed = 0;
  for (let i = 0; i < MAX_CHUNKS; i += 1) {
    const old = await db
      .select({ id: webhookMessages.id })
      .from(webhookMessages)
      .where(lt(webhookMessages.createdAt, cutoff))
      .orderBy(asc(webhookMessages.createdAt))
      .limit(PURGE_CHUNK);
    if (old.length === 0) break;
    const ids = old.map((m) => m.id);
    await batch(db, [
      db.delete(webhookAttempts).where(inArray(webhookAttempts.messageId, ids)),
      db.delete(webhookMessages).where(inArray(webhookMessages.id, ids)),
    ]);
    removed += ids.length;
    if (old.length < PURGE_CHUNK) break;
  }
  return removed;
}
