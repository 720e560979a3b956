import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildServices } from '../../src/entries/worker/services';
import { getLabelStats } from '../../src/use-cases/admin-orders/get-label-stats';
import { listAllOrders } from '../../src/use-cases/admin-orders/list-all-orders';
import { countOrders } from '../../src/use-cases/order-history/count-orders';
import { getOrderStats } from '../../src/use-cases/order-history/get-order-stats';
import { KEY_UNREADABLE_MESSAGE } from '../../src/use-cases/shipping-apis/connect-provider';
import { refreshDueTracking } from '../../src/use-cases/tracking/refresh-due-tracking';

/**
 * The read side's SQL on D1 (aggregates, the window function and the named partial index of the scheduled tracking
 * refresh), straight through the use-cases with the Worker's own services. Rows are written into D1 directly.
 */
const now = new Date();
const iso = (msAgo: number) => new Date(now.getTime() - msAgo).toISOString();
const DAY = 86_400_000;

async function seed(userId: string) {
  const apiId = `api_${userId}`;
  const order = (
    id: string,
    fields: { status: string; delivery: string; carrier: string; cents: number; at: string },
  ) =>
    env.DB.prepare(
      `INSERT INTO orders (id, user_id, status, delivery_status, api_id, api_name, service_id, carrier, service_name,
         service_code, price_cents, tracking_number, provider_label_id, sender_json, recipient_json, package_json,
         recipient_name, destination, debit_entry_id, refund_entry_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, 'API W', 'svc', ?, 'Ground', 'ground', ?, ?, ?, '{}', '{}', '{}', 'R', 'Town, ST', ?, ?, ?, ?)`,
    ).bind(
      id,
      userId,
      fields.status,
      fields.delivery,
      apiId,
      fields.carrier,
      fields.cents,
      fields.status === 'completed' ? `TRK${id}` : 'PENDING',
      fields.status === 'completed' ? `lbl_${id}` : null,
      `txn_d_${id}`,
      fields.status === 'failed' ? `txn_r_${id}` : null,
      fields.at,
      fields.at,
    );
  await env.DB.batch([
    env.DB.prepare(
      `INSERT INTO users (id, name, email, password_hash, created_at, updated_at)
       VALUES (?, 'Hana History', ?, 'x', ?, ?)`,
    ).bind(userId, `${userId}@example.com`, iso(0), iso(0)),
    // A key that cannot be unsealed: the tracking run stops before any provider is called.
    env.DB.prepare(
      `INSERT INTO shipping_apis (id, name, key_ciphertext, key_hint, base_url, is_default, enabled, created_at, updated_at)
       VALUES (?, 'API W', 'not-sealed', '••••', 'https://provider.invalid', 0, 1, ?, ?)`,
    ).bind(apiId, iso(0), iso(0)),
    order(`ord_${userId}_1`, {
      status: 'completed',
      delivery: 'in_transit',
      carrier: 'UPS',
      cents: 1140,
      at: iso(1000),
    }),
    order(`ord_${userId}_2`, {
      status: 'completed',
      delivery: 'delivered',
      carrier: 'FEDEX',
      cents: 910,
      at: iso(3 * DAY),
    }),
    order(`ord_${userId}_3`, {
      status: 'pending_reconciliation',
      delivery: 'pending',
      carrier: 'UPS',
      cents: 500,
      at: iso(2000),
    }),
    order(`ord_${userId}_4`, { status: 'failed', delivery: 'pending', carrier: 'UPS', cents: 700, at: iso(3000) }),
    order(`ord_${userId}_5`, {
      status: 'completed',
      delivery: 'pending',
      carrier: 'USPS',
      cents: 395,
      at: iso(40 * DAY),
    }),
  ]);
  return apiId;
}

describe('order history, statistics and the tracking refresh on D1', () => {
  const userId = 'usr_workers_history';
  let apiId: string;
  beforeAll(async () => {
    apiId = await seed(userId);
  });

  it('counts, sums and lists with the same rules as on libSQL', async () => {
    const services = buildServices(env);
    expect(await countOrders(services, { userId })).toEqual({
      all: 4,
      pending: 2,
      in_transit: 1,
      delivered: 1,
      exception: 0,
      cancelled: 0,
    });
    const stats = await getOrderStats(services, { userId });
    expect(stats).toMatchObject({ totalOrders: 3, pending: 1, inTransit: 1, delivered: 1, totalSpent: 25.5 });
    expect(stats.dailyOrders).toHaveLength(30);
    const labels = await getLabelStats(services, { period: 'week' });
    expect(labels.carrierStats).toEqual([
      { _id: 'UPS', count: 1, totalRevenue: 11.4 },
      { _id: 'USPS', count: 0, totalRevenue: 0 },
      { _id: 'FEDEX', count: 1, totalRevenue: 9.1 },
    ]);
    const admin = await listAllOrders(services, {
      query: { page: 1, limit: 10, status: 'processing', search: 'hana' },
    });
    expect(admin.total).toBe(2);
    expect(admin.rows.map((r) => [r.order.id, r.owner.name])).toEqual([
      [`ord_${userId}_3`, 'Hana History'],
      [`ord_${userId}_5`, 'Hana History'],
    ]);
  });

  it('the scheduled refresh picks due labels through its partial index and stops at an API it cannot call', async () => {
    const summary = await refreshDueTracking(buildServices(env), { limit: 10, pauseMs: 0 });
    // Orders 1 and 5 are bought and on their way (2 is delivered, 3 and 4 have no label).
    expect(summary).toMatchObject({ picked: 2, updated: 0, deferred: 2 });
    expect(summary.stoppedApis).toEqual([{ apiId, reason: KEY_UNREADABLE_MESSAGE }]);
  });
});
