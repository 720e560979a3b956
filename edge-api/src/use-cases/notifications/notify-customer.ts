import { eq } from 'drizzle-orm';
import { bulkOrders, type LedgerEntryRow, ledgerEntries, type OrderRow } from '../../db/schema';
import type { Services } from '../../env';
import { enqueueMail } from '../mail/enqueue-mail';
import { checkLowBalance } from './low-balance';
import { notificationSettingsOf } from './notification-settings';

/**
 * The customers' notification mails (issue 23), called where each fact's webhook event is relayed (right after the
 * batch that made the fact committed, and only by the caller whose batch made it), with the same livemode as the
 * event: test-mode facts (livemode false) mail nobody.
 * Nothing here throws: a mail that cannot be queued is logged (enqueueMail), and a failed read is logged, so the action
 * behind it always succeeds. The mail itself goes out from the job queue, with retries.
 */
async function guarded(services: Services, what: string, run: () => Promise<void>): Promise<void> {
  try {
    await run();
  } catch (err) {
    services.log.error('notification.failed', { notification: what, err });
  }
}

/** A bulk order reached its final status: completed, partial or failed, with its counts (read as it was left). */
export function notifyBulkOrderFinished(services: Services, bulkOrderId: string, livemode: boolean): Promise<void> {
  return guarded(services, 'bulk-order-finished', async () => {
    if (!livemode) return;
    const [row] = await services.db.select().from(bulkOrders).where(eq(bulkOrders.id, bulkOrderId)).limit(1);
    if (!row || row.status === 'processing') return;
    if ((await notificationSettingsOf(services, row.userId)).bulkOrderFinished) {
      await enqueueMail(services, {
        template: 'bulk-order-finished',
        userId: row.userId,
        bulkOrderId: row.id,
        status: row.status,
        orderCount: row.orderCount,
        completedCount: row.orderCount - row.failedOrderCount,
        failedCount: row.failedOrderCount,
      });
    }
    // The bulk order's price was taken when it was placed; refunds of failed rows came back since.
    await checkLowBalance(services, row.userId);
  });
}

/**
 * A completed ledger entry changed the balance (a crypto top-up, an admin's change). A deposit (a credit by crypto or
 * by an admin) mails; any change may cross the low-balance threshold either way.
 */
export function notifyBalanceChanged(services: Services, entry: LedgerEntryRow, livemode: boolean): Promise<void> {
  return guarded(services, 'deposit-credited', async () => {
    if (!livemode || entry.status !== 'completed') return;
    const deposit = entry.type === 'credit' && (entry.method === 'crypto' || entry.method === 'admin_adjustment');
    if (deposit && entry.balanceAfterCents !== null) {
      if ((await notificationSettingsOf(services, entry.userId)).depositCredited) {
        await enqueueMail(services, {
          template: 'deposit-credited',
          userId: entry.userId,
          transactionId: entry.id,
          amountCents: entry.amountCents,
          balanceCents: entry.balanceAfterCents,
        });
      }
    }
    await checkLowBalance(services, entry.userId);
  });
}

/** A single label bought (the price was taken as the order was placed): the balance may have crossed below. */
export function notifyLabelBought(services: Services, row: OrderRow, livemode: boolean): Promise<void> {
  return guarded(services, 'low-balance', async () => {
    // A bulk order's rows are checked once, when the bulk order finishes (one check, not one per row).
    if (!livemode || row.bulkOrderId) return;
    await checkLowBalance(services, row.userId);
  });
}

/**
 * An order's price came back. Only a voided label's refund mails ("label voided and refunded"); a purchase that failed
 * and was refunded is shown where it was bought. Either may end a low balance.
 */
export function notifyOrderRefunded(services: Services, row: OrderRow, livemode: boolean): Promise<void> {
  return guarded(services, 'label-refunded', async () => {
    if (!livemode) return;
    if (row.voidStatus === 'refunded' && (await notificationSettingsOf(services, row.userId)).labelRefunded) {
      // The refund as the ledger wrote it: what came back and the balance it left.
      const [refund] = row.refundEntryId
        ? await services.db
            .select({ amountCents: ledgerEntries.amountCents, balanceAfterCents: ledgerEntries.balanceAfterCents })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.id, row.refundEntryId))
            .limit(1)
        : [];
      await enqueueMail(services, {
        template: 'label-refunded',
        userId: row.userId,
        orderId: row.id,
        carrier: row.carrier,
        trackingNumber: row.trackingNumber,
        amountCents: refund?.amountCents ?? row.priceCents,
        balanceCents: refund?.balanceAfterCents ?? null,
      });
    }
    await checkLowBalance(services, row.userId);
  });
}
