import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser, type TestServices, testServices } from '../../adapters/node/test-support';
import { type OrderRow, orderAttempts, orders, providerBreakers } from '../../db/schema';
import { newId } from '../../lib/ids';
import { failOver } from './failover-plan';

describe('failOver: one failover’s bookkeeping in one batch (real database file)', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-11-28T12:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

  const API_2 = { id: 'api_2', name: 'API 2' };

  async function openOrder(status: OrderRow['status'] = 'processing') {
    const owner = await insertTestUser(t.services);
    const now = t.clock.now().toISOString();
    const id = newId('ord');
    const attemptId = newId('att');
    const [row] = await t.services.db
      .insert(orders)
      .values({
        id,
        userId: owner.id,
        source: 'manual',
        status,
        apiId: 'api_1',
        apiName: 'API 1',
        serviceId: 'svc_1',
        carrier: 'UPS',
        serviceName: 'UPS Ground',
        serviceCode: 'ups_ground',
        priceCents: 1140,
        trackingNumber: 'PENDING',
        senderJson: '{}',
        recipientJson: '{}',
        packageJson: '{}',
        recipientName: 'R',
        destination: 'Reno, NV',
        debitEntryId: `txn_${id}`,
        refundEntryId: status === 'failed' ? `txn_refund_${id}` : null,
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!row) throw new Error('no order');
    await t.services.db
      .insert(orderAttempts)
      .values({ id: attemptId, orderId: id, apiId: 'api_1', apiName: 'API 1', outcome: 'unknown', createdAt: now });
    return { order: row, attemptId };
  }

  const attemptsOf = (orderId: string) =>
    t.services.db
      .select({ apiId: orderAttempts.apiId, outcome: orderAttempts.outcome, error: orderAttempts.error })
      .from(orderAttempts)
      .where(eq(orderAttempts.orderId, orderId))
      .orderBy(asc(orderAttempts.id));

  it('moves the order, records the next attempt, settles the one it leaves and counts the failure on its breaker', async () => {
    const now = t.clock.now().toISOString();
    // The breaker belongs to an API that exists (a foreign key).
    await t.services.db.run(
      sql`INSERT INTO shipping_apis (id, name, key_ciphertext, key_hint, base_url, is_default, enabled, created_at, updated_at)
          VALUES ('api_1', 'API 1', 'sealed', '••••', 'https://provider.invalid', 1, 1, ${now}, ${now})`,
    );
    const { order, attemptId } = await openOrder();
    const next = await failOver(t.services, {
      order,
      from: 'api_1',
      attemptId,
      outcome: 'failed_over',
      error: 'connection refused',
      breakerFailure: 'connect ECONNREFUSED',
      to: API_2,
    });
    expect(next).toMatch(/^att_/);
    expect(await attemptsOf(order.id)).toEqual([
      { apiId: 'api_1', outcome: 'failed_over', error: 'connection refused' },
      { apiId: 'api_2', outcome: 'unknown', error: null },
    ]);
    const [moved] = await t.services.db.select().from(orders).where(eq(orders.id, order.id));
    expect(moved).toMatchObject({ providerApiId: 'api_2', providerApiName: 'API 2' });
    const [breaker] = await t.services.db.select().from(providerBreakers).where(eq(providerBreakers.apiId, 'api_1'));
    expect(breaker).toMatchObject({ failures: 1, lastError: 'connect ECONNREFUSED' });
  });

  it('a skip counts nothing on the breaker', async () => {
    const { order, attemptId } = await openOrder();
    expect(
      await failOver(t.services, {
        order,
        from: 'api_1',
        attemptId,
        outcome: 'skipped',
        error: 'circuit breaker open',
        to: API_2,
      }),
    ).not.toBeNull();
    expect((await attemptsOf(order.id)).map((a) => a.outcome)).toEqual(['skipped', 'unknown']);
    expect(await t.services.db.select().from(providerBreakers)).toEqual([]);
  });

  it('an order settled or moved meanwhile is not moved, and no attempt is recorded on the next API', async () => {
    const settled = await openOrder('failed');
    const input = (o: { order: OrderRow; attemptId: string }) => ({
      order: o.order,
      from: 'api_1',
      attemptId: o.attemptId,
      outcome: 'failed_over' as const,
      error: 'connection refused',
      to: API_2,
    });
    expect(await failOver(t.services, input(settled))).toBeNull();
    expect((await attemptsOf(settled.order.id)).map((a) => a.apiId)).toEqual(['api_1']);

    const elsewhere = await openOrder();
    await t.services.db
      .update(orders)
      .set({ providerApiId: 'api_3', providerApiName: 'API 3' })
      .where(eq(orders.id, elsewhere.order.id));
    expect(await failOver(t.services, input(elsewhere))).toBeNull();
    expect((await attemptsOf(elsewhere.order.id)).map((a) => a.apiId)).toEqual(['api_1']);
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, elsewhere.order.id));
    expect(row?.providerApiId).toBe('api_3');
  });
});
