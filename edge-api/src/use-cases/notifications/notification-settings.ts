import type { NotificationSettings, UpdateNotificationSettingsRequest } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { notificationSettings, users } from '../../db/schema';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { centsToUsd, usdToCents } from '../../lib/money';

/** No row: every notification on, the low-balance alert off. */
export const DEFAULT_NOTIFICATION_SETTINGS = {
  bulkOrderFinished: true,
  depositCredited: true,
  labelRefunded: true,
  lowBalanceThresholdCents: null,
  lowBalanceAlerted: false,
  depositAttention: true,
  providerCircuitOpened: true,
} as const;

/** A user's settings row, or the defaults. */
export async function notificationSettingsOf(services: Services, userId: string) {
  const [row] = await services.db
    .select()
    .from(notificationSettings)
    .where(eq(notificationSettings.userId, userId))
    .limit(1);
  return row ?? { ...DEFAULT_NOTIFICATION_SETTINGS, userId };
}

export async function getNotificationSettings(services: Services, userId: string): Promise<NotificationSettings> {
  const row = await notificationSettingsOf(services, userId);
  return {
    bulkOrderFinished: row.bulkOrderFinished,
    depositCredited: row.depositCredited,
    labelRefunded: row.labelRefunded,
    lowBalanceThreshold: row.lowBalanceThresholdCents === null ? null : centsToUsd(row.lowBalanceThresholdCents),
    depositAttention: row.depositAttention,
    providerCircuitOpened: row.providerCircuitOpened,
  };
}

/**
 * PUT /api/notification-settings: the fields given (validated by the contract), the others unchanged. A new threshold
 * starts from where the balance is now: already below it counts as alerted (the customer is looking at the balance
 * as they set it), so the mail goes on the next crossing from at-or-above to below, not on the next purchase.
 */
export async function updateNotificationSettings(
  services: Services,
  userId: string,
  input: UpdateNotificationSettingsRequest,
): Promise<NotificationSettings> {
  const [user] = await services.db
    .select({ balanceCents: users.balanceCents })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user) throw new ApiError('not_found', 'User not found');
  const set: Partial<typeof notificationSettings.$inferInsert> = { updatedAt: services.clock.now().toISOString() };
  for (const key of [
    'bulkOrderFinished',
    'depositCredited',
    'labelRefunded',
    'depositAttention',
    'providerCircuitOpened',
  ] as const) {
    const value = input[key];
    if (value !== undefined) set[key] = value;
  }
  if (input.lowBalanceThreshold !== undefined) {
    const cents = input.lowBalanceThreshold === null ? null : usdToCents(input.lowBalanceThreshold);
    set.lowBalanceThresholdCents = cents;
    set.lowBalanceAlerted = cents !== null && user.balanceCents < cents;
  }
  await services.db
    .insert(notificationSettings)
    .values({ ...DEFAULT_NOTIFICATION_SETTINGS, userId, ...set, updatedAt: set.updatedAt ?? '' })
    .onConflictDoUpdate({ target: notificationSettings.userId, set });
  return getNotificationSettings(services, userId);
}
