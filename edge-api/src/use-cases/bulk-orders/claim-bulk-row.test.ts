import { asc, eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser, type TestServices, testServices } from '../../adapters/node/test-support';
import { type OrderRow, orderAttempts, orders, shippingApis, shippingServices } from '../../db/schema';
import { newId } from '../../lib/ids';
import { RECONCILE_WINDOW_MS } from '../orders/reconcile-order';
import { planPurchase } from '../provider-failover/failover-plan';
import { claimBulkRow } from './claim-bulk-row';

const PKG = JSON.stringify({
  weight: 2,
  weightUnit: 'lbs',
  length: 10,
  width: 8,
  height: 4,
  description: '',
  valueCents: 0,
  template: null,
});

describe('claimBulkRow: a bulk row claimed and its purchase planned in one batch (real database file)', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-11-28T12:00:00.000Z'));
    // API 1 (chosen) and API 2 (a failover target), each selling UPS Ground.
    const now = t.clock.now().toISOString();
    for (const [id, priority] of [
      ['api_1', 1],
      ['api_2', 2],
    ] as const) {
      await t.services.db.insert(shippingApis).values({
        id,
        name: id.replace('api_', 'API '),
        keyCiphertext: 'sealed',
        keyHint: '••••',
        baseUrl: 'https://provider.invalid',
        priority,
        createdAt: now,
        updatedAt: now,
      });
      await t.services.db.insert(shippingServices).values({
        id: `svc_${id}`,
        apiId: id,
        carrier: 'UPS',
        name: 'UPS Ground',
        serviceCode: 'ups_ground',
        basePriceCents: 1000,
        weightUnit: 'lbs',
        maxWeight: 150,
        createdAt: now,
        updatedAt: now,
      });
    }
  });
  afterEach(() => t.cleanup());

  async function insertOrder(o: Partial<OrderRow> = {}): Promise<OrderRow> {
    const owner = await insertTestUser(t.services);
    const now = t.clock.now().toISOString();
    const id = newId('ord');
    const [row] = await t.services.db
      .insert(orders)
      .values({
        id,
        userId: owner.id,
        source: 'manual',
        status: 'processing',
        apiId: 'api_1',
        apiName: 'API 1',
        serviceId: 'svc_api_1',
        carrier: 'UPS',
        serviceName: 'UPS Ground',
        serviceCode: 'ups_ground',
        priceCents: 1140,
        trackingNumber: 'PENDING',
        senderJson: '{}',
        recipientJson: '{}',
        packageJson: PKG,
        recipientName: 'R',
        destination: 'Reno, NV',
        debitEntryId: `txn_${id}`,
        createdAt: now,
        updatedAt: now,
        ...o,
      })
      .returning();
    if (!row) throw new Error('no order');
    return row;
  }

  const attemptsOf = (orderId: string) =>
    t.services.db
      .select({ apiId: orderAttempts.apiId, apiName: orderAttempts.apiName, outcome: orderAttempts.outcome })
      .from(orderAttempts)
      .where(eq(orderAttempts.orderId, orderId))
      .orderBy(asc(orderAttempts.id));

  const claim = (orderId: string) => {
    const now = t.clock.now();
    return claimBulkRow(t.services, {
      orderId,
      now,
      windowStart: new Date(now.getTime() - RECONCILE_WINDOW_MS).toISOString(),
    });
  };

  it('claims an open row, reads its API and records the attempt with the same plan planPurchase makes', async () => {
    const order = await insertOrder();
    const claimed = await claim(order.id);
    expect(claimed?.order).toMatchObject({ id: order.id, status: 'processing', purchaseAttempts: 1 });
    expect(claimed?.api).toMatchObject({ id: 'api_1', name: 'API 1', keyCiphertext: 'sealed' });
    expect(claimed?.plan).toMatchObject({ breaker: null, mayHaveLabel: false, targets: [{ api: { id: 'api_2' } }] });
    const attempts = await attemptsOf(order.id);
    expect(attempts).toEqual([{ apiId: 'api_1', apiName: 'API 1', outcome: 'unknown' }]);

    // The same order planned the usual way (another order, same data): the same targets and breaker.
    const twin = await insertOrder();
    const usual = await planPurchase(t.services, twin, { id: 'api_1', name: 'API 1' });
    expect(claimed?.plan?.targets).toEqual(usual.targets);
    expect(claimed?.plan?.breaker).toEqual(usual.breaker);

    // A second claim of the same row counts a second attempt and sees the first (a label may exist: no failover).
    const again = await claim(order.id);
    expect(again?.order.purchaseAttempts).toBe(2);
    expect(again?.plan?.mayHaveLabel).toBe(true);
    expect(await attemptsOf(order.id)).toHaveLength(2);
  });

  it('a row moved to another API is planned there, with the chosen API as its failover target', async () => {
    const order = await insertOrder({ providerApiId: 'api_2', providerApiName: 'API 2' });
    const claimed = await claim(order.id);
    expect(claimed?.api?.id).toBe('api_2');
    expect(claimed?.plan?.targets.map((x) => x.api.id)).toEqual(['api_1']);
    expect(await attemptsOf(order.id)).toEqual([{ apiId: 'api_2', apiName: 'API 2', outcome: 'unknown' }]);
  });

  it('claims nothing and records nothing for a settled row, a row in reconciliation or an unknown id', async () => {
    const failed = await insertOrder({ status: 'failed', refundEntryId: 'txn_refund' });
    const pending = await insertOrder({ status: 'pending_reconciliation' });
    expect(await claim(failed.id)).toBeNull();
    expect(await claim(pending.id)).toBeNull();
    expect(await claim('ord_unknown')).toBeNull();
    expect(await t.services.db.select().from(orderAttempts)).toEqual([]);
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, pending.id));
    expect(row?.purchaseAttempts).toBe(0);
  });

  it('records no attempt for a test order, a row past the reconciliation window or an API deleted since', async () => {
    const test = await insertOrder({ livemode: false });
    const old = await insertOrder({
      createdAt: new Date(t.clock.now().getTime() - RECONCILE_WINDOW_MS - 1).toISOString(),
    });
    const gone = await insertOrder({ apiId: 'api_deleted', apiName: 'Gone' });
    for (const order of [test, old, gone]) {
      const claimed = await claim(order.id);
      expect(claimed?.order.purchaseAttempts).toBe(1);
      expect(claimed?.plan).toBeNull();
      expect(await attemptsOf(order.id)).toEqual([]);
    }
    expect((await claim(gone.id))?.api).toBeUndefined();
  });
});
