import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { notificationSettings, users } from '../../db/schema';
import type { Services } from '../../env';
import { enqueueMail } from '../mail/enqueue-mail';

/**
 * The low-balance alert (issue 23), checked after the customer's balance changed. De-duplicated by a flag on the
 * settings row, in two conditional statements, each reading the balance inside itself:
 * - at or above the threshold and alerted → re-armed (a deposit, a refund, an admin's credit brought it back up);
 * - below the threshold and not alerted → alerted, and only the statement that set the flag queues the mail.
 * So one crossing below sends one mail, however many purchases follow and however many run at once. A customer with
 * no threshold (the default) matches neither statement (one primary-key lookup each).
 */
export async function checkLowBalance(services: Services, userId: string): Promise<void> {
  const { db } = services;
  const s = notificationSettings;
  const balance = sql<number>`(SELECT ${users.balanceCents} FROM ${users} WHERE ${users.id} = ${s.userId})`;
  const mine = and(eq(s.userId, userId), isNotNull(s.lowBalanceThresholdCents));
  await db
    .update(s)
    .set({ lowBalanceAlerted: false })
    .where(and(mine, eq(s.lowBalanceAlerted, true), sql`${balance} >= ${s.lowBalanceThresholdCents}`));
  const [crossed] = await db
    .update(s)
    .set({ lowBalanceAlerted: true })
    .where(and(mine, eq(s.lowBalanceAlerted, false), sql`${balance} < ${s.lowBalanceThresholdCents}`))
    .returning({ thresholdCents: s.lowBalanceThresholdCents, balanceCents: balance });
  if (!crossed || crossed.thresholdCents === null) return;
  await enqueueMail(services, {
    template: 'low-balance',
    userId,
    balanceCents: Number(crossed.balanceCents),
    thresholdCents: crossed.thresholdCents,
  });
}
