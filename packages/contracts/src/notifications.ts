import { z } from 'zod';
import { UsdAmount } from './money';

/**
 * The mails a user gets (issue 23), GET/PUT /api/notification-settings. Customers: a bulk order finished, a deposit
 * credited, a label voided and refunded (each on by default), and the balance below `lowBalanceThreshold` (USD; null:
 * off, the default; set on the Balance page). Admins also: a deposit needing attention (underpaid, overpaid, paid
 * late) and a provider API whose circuit opened (on by default; ignored for customers).
 */
export const NotificationSettings = z.object({
  bulkOrderFinished: z.boolean(),
  depositCredited: z.boolean(),
  labelRefunded: z.boolean(),
  lowBalanceThreshold: z.number().nullable(),
  depositAttention: z.boolean(),
  providerCircuitOpened: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

const flag = (label: string) => z.boolean({ message: `${label} must be true or false` }).optional();

/** A partial update: absent fields keep their value; `lowBalanceThreshold: null` turns the low-balance alert off. */
export const UpdateNotificationSettingsRequest = z.strictObject(
  {
    bulkOrderFinished: flag('bulkOrderFinished'),
    depositCredited: flag('depositCredited'),
    labelRefunded: flag('labelRefunded'),
    /** At least $1.00 ("Please enter a valid amount" otherwise); null: off. */
    lowBalanceThreshold: UsdAmount(1).nullable().optional(),
    depositAttention: flag('depositAttention'),
    providerCircuitOpened: flag('providerCircuitOpened'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined) },
);
export type UpdateNotificationSettingsRequest = z.input<typeof UpdateNotificationSettingsRequest>;

export const NotificationSettingsResponse = NotificationSettings.extend({ message: z.string() });
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

export const NOTIFICATION_MESSAGES = {
  saved: 'Notification settings saved',
} as const;
