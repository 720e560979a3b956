import { asc, eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { insertTestUser, type TestServices, testServices } from '../../adapters/node/test-support';
import {
  type OrderRow,
  orderAttempts,
  orders,
  providerBreakers,
  shippingApis,
  shippingServices,
} from '../../db/schema';
import { newId } from '../../lib/ids';
import { failOver } from './fail-over';
import { planPurchase } from './failover-plan';

/** An order for UPS Ground chosen on API 1 (`api_1`), owned by a new customer. */
async function insertOrder(t: TestServices, o: { status?: OrderRow['status']; packageJson?: string } = {}) {
  const status = o.status ?? 'processing';
  const owner = await insertTestUser(t.services);
  const now = t.clock.now().toISOString();
  const id = newId('ord');
  const [row] = await t.services.db
    .insert(orders)
    .values({
      id,
      userId: owner.id,
      source: 'manual',
      status,
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
      packageJson: o.packageJson ?? '{}',
      recipientName: 'R',
      destination: 'Reno, NV',
      debitEntryId: `txn_${id}`,
      refundEntryId: status === 'failed' ? `txn_refund_${id}` : null,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  if (!row) throw new Error('no order');
  return row;
}

/** An order's attempts, oldest first. */
const attemptsOf = (t: TestServices, orderId: string) =>
  t.services.db
    .select({ apiId: orderAttempts.apiId, outcome: orderAttempts.outcome, error: orderAttempts.error })
    .from(orderAttempts)
    .where(eq(orderAttempts.orderId, orderId))
    .orderBy(asc(orderAttempts.id));

describe('failOver: one failover’s bookkeeping in one batch (real database file)', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-11-28T12:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

  const API_2 = { id: 'api_2', name: 'API 2' };

  async function openOrder(status: OrderRow['status'] = 'processing') {
    const row = await insertOrder(t, { status });
    const attemptId = newId('att');
    await t.services.db.insert(orderAttempts).values({
      id: attemptId,
      orderId: row.id,
      apiId: 'api_1',
      apiName: 'API 1',
      outcome: 'unknown',
      createdAt: row.createdAt,
    });
    return { order: row, attemptId };
  }

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
    expect(await attemptsOf(t, order.id)).toEqual([
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
    expect((await attemptsOf(t, order.id)).map((a) => a.outcome)).toEqual(['skipped', 'unknown']);
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
    expect((await attemptsOf(t, settled.order.id)).map((a) => a.apiId)).toEqual(['api_1']);

    const elsewhere = await openOrder();
    await t.services.db
      .update(orders)
      .set({ providerApiId: 'api_3', providerApiName: 'API 3' })
      .where(eq(orders.id, elsewhere.order.id));
    expect(await failOver(t.services, input(elsewhere))).toBeNull();
    expect((await attemptsOf(t, elsewhere.order.id)).map((a) => a.apiId)).toEqual(['api_1']);
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, elsewhere.order.id));
    expect(row?.providerApiId).toBe('api_3');
  });
});

describe('planPurchase: a chosen API whose breaker is open costs a read, not a second write', () => {
  let t: TestServices;
  beforeEach(async () => {
    t = await testServices(new Date('2026-11-28T12:00:00.000Z'));
  });
  afterEach(() => t.cleanup());

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

  /** API 1 (chosen) and API 2 (a failover target), each selling UPS Ground; API 1's breaker open for an hour. */
  async function twoApis(breakerOpen: boolean) {
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
    await t.services.db.insert(providerBreakers).values({
      apiId: 'api_1',
      failures: 5,
      windowStartedAt: now,
      openUntil: breakerOpen ? new Date(t.clock.now().getTime() + 3_600_000).toISOString() : null,
      updatedAt: now,
    });
    return insertOrder(t, { packageJson: PKG });
  }

  it('the first purchase learns the breaker is open; the next one is planned straight onto API 2 in one write', async () => {
    const first = await twoApis(true);
    // Nothing known yet: the plan records the attempt on API 1 and reads the breaker beside it (the purchase then skips).
    const plain = await planPurchase(t.services, first, { id: 'api_1', name: 'API 1' });
    expect(plain).toMatchObject({ breaker: { openUntil: expect.any(String) }, targets: [{ api: { id: 'api_2' } }] });
    expect(plain.skippedTo).toBeUndefined();
    expect((await attemptsOf(t, first.id)).map((a) => [a.apiId, a.outcome])).toEqual([['api_1', 'unknown']]);

    // Now the process knows: the next order is moved to API 2 by the plan itself, the skip recorded on API 1.
    const [second] = await t.services.db
      .insert(orders)
      .values({ ...first, id: newId('ord'), debitEntryId: `txn_${newId('ord')}` })
      .returning();
    if (!second) throw new Error('no order');
    const planned = await planPurchase(t.services, second, { id: 'api_1', name: 'API 1' });
    expect(planned.skippedTo?.api.id).toBe('api_2');
    expect(planned.targets).toEqual([]);
    expect(await attemptsOf(t, second.id)).toEqual([
      { apiId: 'api_1', outcome: 'skipped', error: 'circuit breaker open' },
      { apiId: 'api_2', outcome: 'unknown', error: null },
    ]);
    const [moved] = await t.services.db.select().from(orders).where(eq(orders.id, second.id));
    expect(moved).toMatchObject({ providerApiId: 'api_2', providerApiName: 'API 2' });
    expect((await attemptsOf(t, second.id)).find((a) => a.outcome === 'unknown')?.apiId).toBe('api_2');
    expect(planned.attemptId).toMatch(/^att_/);
  });

  it('a stale hint (the breaker closed meanwhile) plans on the chosen API as usual', async () => {
    const order = await twoApis(true);
    await planPurchase(t.services, order, { id: 'api_1', name: 'API 1' }); // the hint: open
    await t.services.db.update(providerBreakers).set({ failures: 0, openUntil: null });
    const [next] = await t.services.db
      .insert(orders)
      .values({ ...order, id: newId('ord'), debitEntryId: `txn_${newId('ord')}` })
      .returning();
    if (!next) throw new Error('no order');
    const planned = await planPurchase(t.services, next, { id: 'api_1', name: 'API 1' });
    expect(planned.skippedTo).toBeUndefined();
    expect((await attemptsOf(t, next.id)).map((a) => [a.apiId, a.outcome])).toEqual([['api_1', 'unknown']]);
    const [row] = await t.services.db.select().from(orders).where(eq(orders.id, next.id));
    expect(row?.providerApiId ?? null).toBeNull();
  });

  it('the planned skip follows the failover rules: a target too small is passed over; a maybe-bought order stays', async () => {
    const order = await twoApis(true);
    await planPurchase(t.services, order, { id: 'api_1', name: 'API 1' }); // the hint: open
    const now = t.clock.now().toISOString();
    // API 2 now takes 1 lb at most (the parcel weighs 2 lbs); API 3, after it by priority, takes 32 oz.
    await t.services.db.update(shippingServices).set({ maxWeight: 1 }).where(eq(shippingServices.apiId, 'api_2'));
    await t.services.db.insert(shippingApis).values({
      id: 'api_3',
      name: 'API 3',
      keyCiphertext: 'sealed',
      keyHint: '••••',
      baseUrl: 'https://provider.invalid',
      priority: 3,
      createdAt: now,
      updatedAt: now,
    });
    await t.services.db.insert(shippingServices).values({
      id: 'svc_api_3',
      apiId: 'api_3',
      carrier: 'UPS',
      name: 'UPS Ground',
      serviceCode: 'ups_ground',
      basePriceCents: 1000,
      weightUnit: 'oz',
      maxWeight: 32,
      createdAt: now,
      updatedAt: now,
    });
    const copy = async () => {
      const [row] = await t.services.db
        .insert(orders)
        .values({ ...order, id: newId('ord'), debitEntryId: `txn_${newId('ord')}` })
        .returning();
      if (!row) throw new Error('no order');
      return row;
    };
    const fits = await copy();
    const planned = await planPurchase(t.services, fits, { id: 'api_1', name: 'API 1' });
    expect(planned.skippedTo?.api.id).toBe('api_3');
    expect((await attemptsOf(t, fits.id)).map((a) => [a.apiId, a.outcome])).toEqual([
      ['api_1', 'skipped'],
      ['api_3', 'unknown'],
    ]);

    // An earlier attempt whose outcome is unknown: a label may exist, so the order is asked for where it went.
    const unclear = await copy();
    await t.services.db.insert(orderAttempts).values({
      id: newId('att'),
      orderId: unclear.id,
      apiId: 'api_1',
      apiName: 'API 1',
      outcome: 'unknown',
      createdAt: now,
    });
    const stays = await planPurchase(t.services, unclear, { id: 'api_1', name: 'API 1' });
    expect(stays).toMatchObject({ mayHaveLabel: true });
    expect(stays.skippedTo).toBeUndefined();
    expect((await attemptsOf(t, unclear.id)).map((a) => [a.apiId, a.outcome])).toEqual([
      ['api_1', 'unknown'],
      ['api_1', 'unknown'],
    ]);
  });
});
