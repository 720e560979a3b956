import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { insertTestUser, type TestServices, testServices } from '../../adapters/node/test-support';
import { bulkOrders, type OrderStatusValue, orders, type User } from '../../db/schema';
import { newId } from '../../lib/ids';
import { bulkProcessingStatus, NO_BULK_ROWS, presentBulkOrder } from '../../lib/presenters/bulk-order';
import { countBulkRows } from './bulk-order-reads';
import { countRows } from './get-bulk-order';

describe('bulk order progress, counted from its rows (real database file)', () => {
  let t: TestServices;
  let owner: User;
  beforeEach(async () => {
    t = await testServices(new Date('2026-02-01T10:00:00.000Z'));
    owner = await insertTestUser(t.services, { name: 'Owner' });
  });
  afterEach(() => t.cleanup());

  /** A bulk order whose rows have these statuses and prices (cents). */
  async function bulkWith(rows: Array<[OrderStatusValue, number]>) {
    const id = newId('blk');
    const now = t.clock.now().toISOString();
    await t.services.db.insert(bulkOrders).values({
      id,
      userId: owner.id,
      apiId: 'api_1',
      apiName: 'API 1',
      serviceId: 'svc_1',
      carrier: 'UPS',
      serviceName: 'UPS Ground',
      orderCount: rows.length,
      totalPriceCents: rows.reduce((sum, [, cents]) => sum + cents, 0),
      holdEntryId: `txn_hold_${id}`,
      createdAt: now,
      updatedAt: now,
    });
    await t.services.db.insert(orders).values(
      rows.map(([status, priceCents], rowIndex) => ({
        id: newId('ord'),
        userId: owner.id,
        source: 'bulk' as const,
        status,
        apiId: 'api_1',
        apiName: 'API 1',
        serviceId: 'svc_1',
        carrier: 'UPS' as const,
        serviceName: 'UPS Ground',
        serviceCode: 'ground',
        priceCents,
        trackingNumber: status === 'completed' ? `1Z${rowIndex}` : 'PENDING',
        providerLabelId: status === 'completed' ? `lbl_${rowIndex}` : null,
        senderJson: '{}',
        recipientJson: '{}',
        packageJson: '{}',
        recipientName: `R${rowIndex}`,
        destination: 'Reno, NV',
        debitEntryId: `txn_hold_${id}`,
        refundEntryId: status === 'failed' ? `txn_refund_${rowIndex}_${id}` : null,
        bulkOrderId: id,
        rowIndex,
        createdAt: now,
        updatedAt: now,
      })),
    );
    return id;
  }

  it('counts bought, failed (with their refunded price) and open rows of a whole page in one query', async () => {
    const mixed = await bulkWith([
      ['completed', 1140],
      ['failed', 995],
      ['processing', 1140],
      ['pending_reconciliation', 700],
      ['failed', 5],
      ['completed', 1],
    ]);
    const done = await bulkWith([
      ['completed', 100],
      ['completed', 200],
    ]);
    const allFailed = await bulkWith([['failed', 300]]);

    const select = vi.spyOn(t.services.db, 'select');
    const counts = await countBulkRows(t.services, [mixed, done, allFailed, 'blk_unknown']);
    expect(select).toHaveBeenCalledTimes(1);
    expect(Object.fromEntries(counts)).toEqual({
      // The row in reconciliation waits on the provider (no next attempt recorded on these hand-made rows).
      [mixed]: { completed: 2, failed: 2, open: 2, refundedCents: 1000, waiting: 1, nextAttemptAt: null },
      [done]: { ...NO_BULK_ROWS, completed: 2 },
      [allFailed]: { ...NO_BULK_ROWS, failed: 1, refundedCents: 300 },
      blk_unknown: NO_BULK_ROWS,
    });
    expect(await countBulkRows(t.services, [])).toEqual(new Map());

    // The detail counts the rows it has read the same way.
    const rows = await t.services.db.select().from(orders);
    expect(countRows(rows.filter((r) => r.bulkOrderId === mixed))).toEqual(counts.get(mixed));
    expect(countRows(rows.filter((r) => r.bulkOrderId === allFailed))).toEqual(counts.get(allFailed));
  });

  it('presents progress: processed = settled rows, remaining = total − settled, failures and refunds so far', async () => {
    const id = await bulkWith([
      ['completed', 1140],
      ['failed', 995],
      ['processing', 1140],
    ]);
    const [row] = await t.services.db.select().from(bulkOrders);
    if (!row) throw new Error('no bulk order');
    const counts = (await countBulkRows(t.services, [id])).get(id) ?? NO_BULK_ROWS;
    const customerView = presentBulkOrder(row, counts, owner);
    expect(customerView).toMatchObject({
      _id: id,
      bulkOrderId: id,
      orderCount: 3,
      failedOrderCount: 1,
      totalPrice: 32.75,
      refundedAmount: 9.95,
      status: 'processing',
      hasFailures: true,
      hasLabels: true,
      userName: 'Owner',
      processingStatus: {
        isProcessing: true,
        totalLabels: 3,
        labelsProcessed: 2,
        labelsRemaining: 1,
        labelsFailed: 1,
      },
    });
    expect(customerView).not.toHaveProperty('userEmail');
    expect(presentBulkOrder(row, counts, owner, { admin: true }).userEmail).toBe(owner.email);

    // Nothing settled yet; then everything failed: no labels, nothing remaining.
    expect(bulkProcessingStatus({ status: 'processing', orderCount: 3 }, NO_BULK_ROWS)).toEqual({
      isProcessing: true,
      totalLabels: 3,
      labelsProcessed: 0,
      labelsRemaining: 3,
      labelsFailed: 0,
      labelsWaiting: 0,
      nextAttemptAt: null,
    });
    const failed = { ...NO_BULK_ROWS, failed: 3, refundedCents: 300 };
    expect(bulkProcessingStatus({ status: 'failed', orderCount: 3 }, failed)).toMatchObject({
      isProcessing: false,
      labelsProcessed: 3,
      labelsRemaining: 0,
    });
    expect(presentBulkOrder({ ...row, status: 'failed' }, failed, owner)).toMatchObject({
      hasLabels: false,
      hasFailures: true,
      refundedAmount: 3,
    });
  });
});
