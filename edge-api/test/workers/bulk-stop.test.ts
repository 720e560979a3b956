import { env } from 'cloudflare:workers';
import { BULK_MESSAGES, type BulkCancelResponse } from '@labeldesk/contracts';
import { describe, expect, inject, it } from 'vitest';
import { d1Money, d1Rows, labelsByReference, workerShop } from './support/shop';

/**
 * Bulk orders that cannot finish, on Workers (D1, the deployed queue handler and cron): a cancel refunds the share of
 * every row not bought yet at once (one ledger credit per row) and a late message for a refunded row buys nothing; a
 * bulk order still unbought BULK_ROW_DEADLINE_HOURS after it was created is stopped by the cron's `bulk.resume-due`,
 * its rows failed and refunded the same way.
 */
const carrier = inject('carrier');

const bulkRow = (id: string) =>
  env.DB.prepare('SELECT status, failed_order_count, stopped_at, stop_reason FROM bulk_orders WHERE id = ?')
    .bind(id)
    .first<{ status: string; failed_order_count: number; stopped_at: string | null; stop_reason: string | null }>();

describe('bulk cancel and the row deadline on Workers', () => {
  it('cancel refunds the unbought rows one credit each; a late message for one of them buys nothing', async () => {
    const shop = workerShop(carrier, 'stop-cancel');
    const { api, buyer } = await shop.open(100);
    const bulk = await shop.bulkOrder(buyer.token, api._id, 3);
    expect((await shop.deliver([{ id: 'row0', body: bulk.messageOf(0) }])).explicitAcks).toEqual(['row0']);

    const res = await shop.fetchWorker(`/api/orders/bulk/${bulk.bulkOrderId}/cancel`, {
      token: buyer.token,
      method: 'POST',
    });
    expect(res.status).toBe(200);
    const cancelled = (await res.json()) as BulkCancelResponse;
    const [r0, r1, r2] = bulk.rows;
    if (!r0 || !r1 || !r2) throw new Error('rows missing');
    expect(cancelled.cancelledRows).toBe(2);
    expect(Math.round(cancelled.cancelledAmount * 100)).toBe(r1.price_cents + r2.price_cents);
    expect(cancelled.bulkOrder).toMatchObject({ status: 'partial', stopReason: 'customer' });

    // A message for a refunded row arrives after the cancel: acknowledged, nothing bought, nothing refunded twice.
    const late = await shop.deliver([{ id: 'row1-late', body: bulk.messageOf(1) }]);
    expect(late.explicitAcks).toEqual(['row1-late']);
    const again = await shop.fetchWorker(`/api/orders/bulk/${bulk.bulkOrderId}/cancel`, {
      token: buyer.token,
      method: 'POST',
    });
    expect(((await again.json()) as BulkCancelResponse).cancelledRows).toBe(0);

    const rows = await d1Rows(bulk.bulkOrderId);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'failed', 'failed']);
    expect(rows[1]?.failure_reason).toBe(BULK_MESSAGES.cancelledRow);
    expect(rows.slice(1).every((r) => r.refund_entry_id !== null)).toBe(true);
    const labels = await labelsByReference(carrier);
    expect([labels[r0.id], labels[r1.id] ?? 0, labels[r2.id] ?? 0]).toEqual([1, 0, 0]);
    expect(await bulkRow(bulk.bulkOrderId)).toMatchObject({
      status: 'partial',
      failed_order_count: 2,
      stop_reason: 'customer',
    });
    // The hold stands for row 0 only: one hold, one refund per unbought row.
    expect(await d1Money(buyer.user._id)).toEqual({
      balance: 10_000 - r0.price_cents,
      ledger: 10_000 - r0.price_cents,
      debits: 1,
      refunds: 2,
    });
  });

  it('rows still unbought past BULK_ROW_DEADLINE_HOURS fail and are refunded by the cron', async () => {
    const shop = workerShop(carrier, 'stop-deadline', { BULK_ROW_DEADLINE_HOURS: '2' });
    const { api, buyer } = await shop.open(100);
    const fresh = await shop.bulkOrder(buyer.token, api._id, 1);
    const overdue = await shop.bulkOrder(buyer.token, api._id, 3);
    expect((await shop.deliver([{ id: 'row0', body: overdue.messageOf(0) }])).explicitAcks).toEqual(['row0']);
    // Created three hours ago: one hour past this deployment's deadline of two.
    const threeHoursAgo = new Date(Date.now() - 3 * 3_600_000).toISOString();
    await env.DB.batch([
      env.DB.prepare('UPDATE bulk_orders SET created_at = ? WHERE id = ?').bind(threeHoursAgo, overdue.bulkOrderId),
      env.DB.prepare('UPDATE orders SET created_at = ? WHERE bulk_order_id = ?').bind(
        threeHoursAgo,
        overdue.bulkOrderId,
      ),
    ]);

    const messages = await shop.cron();
    const resume = messages.find((m) => m.type === 'bulk.resume-due');
    if (!resume) throw new Error(`the cron sent no bulk.resume-due: ${JSON.stringify(messages)}`);
    expect((await shop.deliver([{ id: 'resume', body: resume }])).explicitAcks).toEqual(['resume']);

    const rows = await d1Rows(overdue.bulkOrderId);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'failed', 'failed']);
    expect(rows.slice(1).every((r) => r.refund_entry_id !== null)).toBe(true);
    expect(await bulkRow(overdue.bulkOrderId)).toMatchObject({
      status: 'partial',
      failed_order_count: 2,
      stop_reason: 'deadline',
    });
    // The bulk order inside its deadline is left alone.
    expect(await bulkRow(fresh.bulkOrderId)).toMatchObject({ status: 'processing', stopped_at: null });
    expect((await d1Rows(fresh.bulkOrderId)).map((r) => r.status)).toEqual(['processing']);

    const [r0, r1, r2] = rows;
    if (!r0 || !r1 || !r2) throw new Error('rows missing');
    const held = fresh.rows.reduce((s, r) => s + r.price_cents, 0);
    expect(await d1Money(buyer.user._id)).toEqual({
      balance: 10_000 - r0.price_cents - held,
      ledger: 10_000 - r0.price_cents - held,
      debits: 2,
      refunds: 2,
    });
  });
});
