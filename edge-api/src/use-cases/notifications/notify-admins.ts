import { and, eq, sql } from 'drizzle-orm';
import { notificationSettings, users } from '../../db/schema';
import type { Services } from '../../env';
import type { MailJob } from '../../ports/job-queue';
import { enqueueMail } from '../mail/enqueue-mail';

type AdminNotification = 'depositAttention' | 'providerCircuitOpened';

/**
 * Mails every admin who has this notification on (the default; Settings › Notifications), one mail job each, each
 * addressed to that admin's own address. Never throws: the fact behind it (a deposit credited, a breaker opened)
 * already happened and stands.
 */
export async function notifyAdmins(
  services: Services,
  which: AdminNotification,
  mail: (adminId: string) => MailJob,
): Promise<void> {
  try {
    const toggle = notificationSettings[which];
    const admins = await services.db
      .select({ id: users.id })
      .from(users)
      .leftJoin(notificationSettings, eq(notificationSettings.userId, users.id))
      .where(and(eq(users.isAdmin, true), sql`COALESCE(${toggle}, 1) = 1`));
    for (const admin of admins) await enqueueMail(services, mail(admin.id));
  } catch (err) {
    services.log.error('notification.failed', { notification: which, err });
  }
}

export type DepositAttentionReason = 'underpaid' | 'overpaid' | 'late';

/** What makes a credited crypto deposit worth an admin's look: less or more than asked, or paid after it expired. */
export function depositAttentionReasons(input: {
  requestedCents: number;
  receivedCents: number;
  paidLate: boolean;
}): DepositAttentionReason[] {
  const reasons: DepositAttentionReason[] = [];
  if (input.receivedCents < input.requestedCents) reasons.push('underpaid');
  if (input.receivedCents > input.requestedCents) reasons.push('overpaid');
  if (input.paidLate) reasons.push('late');
  return reasons;
}

/** A crypto deposit was credited but needs attention (see depositAttentionReasons): every admin is told. */
export async function notifyDepositAttention(
  services: Services,
  input: {
    userId: string;
    transactionId: string;
    invoiceId: string;
    requestedCents: number;
    receivedCents: number;
    paidLate: boolean;
  },
): Promise<void> {
  const reasons = depositAttentionReasons(input);
  if (reasons.length === 0) return;
  try {
    const [customer] = await services.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, input.userId))
      .limit(1);
    const [first, ...rest] = reasons;
    if (!first) return;
    await notifyAdmins(services, 'depositAttention', (adminId) => ({
      template: 'deposit-attention',
      userId: adminId,
      customerEmail: customer?.email ?? input.userId,
      transactionId: input.transactionId,
      invoiceId: input.invoiceId,
      reasons: [first, ...rest],
      requestedCents: input.requestedCents,
      receivedCents: input.receivedCents,
    }));
  } catch (err) {
    services.log.error('notification.failed', { notification: 'deposit-attention', err });
  }
}
