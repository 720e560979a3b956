import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type DeliveryStatusValue, type OrderRow, orders, PENDING_TRACKING_NUMBER } from '../../db/schema';
import type { Services } from '../../env';
import type { StoredTrackingEvents } from '../../lib/presenters/order';
import { batch } from '../../ports/database';
import type { ProviderTracking, ProviderTrackingStatus } from '../../ports/label-provider';
import { relayWebhookMessages } from '../webhooks/relay-webhook-messages';
import { trackingUpdatedEvent } from '../webhooks/webhook-events';
import { webhookEventStatements } from '../webhooks/webhook-outbox';

/**
 * Provider tracking statuses → SPEC §4 delivery statuses: pre_transit → pending (label made, not dropped off yet);
 * in_transit and out_for_delivery → in_transit; delivered, exception and cancelled (voided) keep their names.
 */
export function deliveryStatusFor(status: ProviderTrackingStatus): DeliveryStatusValue {
  switch (status) {
    case 'pre_transit':
      return 'pending';
    case 'in_transit':
    case 'out_for_delivery':
      return 'in_transit';
    case 'delivered':
      return 'delivered';
    case 'exception':
      return 'exception';
    case 'cancelled':
      return 'cancelled';
  }
}

/** The columns a provider answer sets on an order, checked at `checkedAt` (our clock). */
export function trackingUpdate(row: OrderRow, tracking: ProviderTracking, checkedAt: string) {
  const deliveryStatus = deliveryStatusFor(tracking.status);
  const events: z.infer<typeof StoredTrackingEvents> = tracking.events
    .map((e) => ({
      status: deliveryStatusFor(e.status),
      description: e.description,
      location: e.location,
      date: e.occurredAt,
    }))
    // Oldest first, whatever order the provider sent (stable for equal times).
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const number = tracking.trackingNumber.trim();
  return {
    deliveryStatus,
    trackingEventsJson: JSON.stringify(events),
    lastCheckedAt: checkedAt,
    deliveredAt: deliveryStatus === 'delivered' ? (tracking.deliveredAt ?? checkedAt) : null,
    // SPEC §4: the tracking number follows the provider's, unless that is the placeholder.
    trackingNumber: number !== '' && number !== PENDING_TRACKING_NUMBER ? number : row.trackingNumber,
    estimatedDelivery: tracking.estimatedDelivery ?? row.estimatedDelivery,
    updatedAt: checkedAt,
  };
}

/**
 * Stores a provider's tracking answer on the order it was asked for, keyed by the check it started from: the update
 * applies only while the row's last_checked_at is still the one read before asking (and the label is still bought).
 * So two refreshes racing (a customer's button and the scheduled job, or a redelivered job) cannot let an older
 * answer overwrite a newer one, and a replay of the same check changes nothing. Returns the updated row, or null when
 * another check got there first.
 */
export async function storeProviderTracking(
  services: Services,
  row: OrderRow,
  tracking: ProviderTracking,
): Promise<OrderRow | null> {
  const now = services.clock.now().toISOString();
  const set = trackingUpdate(row, tracking, now);
  // `tracking.updated` (a change of status) is recorded by the same batch, only when its update applied.
  const recorded = webhookEventStatements(
    services.db,
    [trackingUpdatedEvent(row, { ...row, ...set }, row.livemode, sql`changes() = 1`)],
    now,
  );
  const [[updated]] = await batch(services.db, [
    services.db
      .update(orders)
      .set(set)
      .where(
        and(
          eq(orders.id, row.id),
          eq(orders.status, 'completed'),
          sql`${orders.lastCheckedAt} IS ${row.lastCheckedAt}`,
        ),
      )
      .returning(),
    ...recorded.statements,
  ]);
  if (updated) await relayWebhookMessages(services, recorded.messageIds);
  return updated ?? null;
}

/** Records that the provider was asked about the order without changing what it shows (same key as above). */
export async function markTrackingChecked(services: Services, row: OrderRow): Promise<boolean> {
  const now = services.clock.now().toISOString();
  const updated = await services.db
    .update(orders)
    .set({ lastCheckedAt: now, updatedAt: now })
    .where(and(eq(orders.id, row.id), sql`${orders.lastCheckedAt} IS ${row.lastCheckedAt}`))
    .returning({ id: orders.id });
  return updated.length > 0;
}
