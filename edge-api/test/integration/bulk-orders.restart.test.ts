import {
  AuthResponse,
  BalanceResponse,
  BulkOrderDetailResponse,
  BulkProcessResponse,
  BulkValidateResponse,
} from '@labeldesk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { csvRow } from './bulk-engine-support';
import { call } from './helpers';
import { type MainOnDisk, mainOnDisk } from './node-process-support';

const CONTROL_KEY = 'restart-test-control-key-0123456789';
const ADMIN = { email: 'admin@restart.test', password: 'restart-admin-password' };

async function detail(url: string, token: string, bulkOrderId: string) {
  const res = await call({ url }, 'GET', `/api/orders/bulk/${bulkOrderId}`, { token });
  expect(res.status, res.text).toBe(200);
  return BulkOrderDetailResponse.parse(res.body);
}

/**
 * The engine survives its process dying: SIGKILL in the middle of a 200-row bulk order, then a restart on the same
 * data directory. The restarted runner takes up the jobs the dead one left running at once, the provider's
 * idempotency keys (the order ids) turn purchases that were in flight into the labels already made, and the bulk
 * order completes with every row bought exactly once and the hold fully settled.
 */
describe('bulk orders across a SIGKILL', () => {
  let main: MainOnDisk | undefined;
  afterAll(() => main?.dispose());

  it('a 200-row bulk order killed half way completes after the restart: no row bought twice, none lost', async () => {
    main = await mainOnDisk('labeldesk-bulk-kill-', {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CARRIER_SANDBOX_CONTROL_KEY: CONTROL_KEY,
      JOB_CONCURRENCY: '8',
      BULK_CONCURRENCY_PER_API: '4',
    });
    const { url } = await main.start();
    const admin = AuthResponse.parse((await call({ url }, 'POST', '/api/auth/login', { json: ADMIN })).body).token;
    const reg = await call({ url }, 'POST', '/api/auth/register', {
      json: { name: 'Kill Test', email: 'kill@example.com', password: 'pw-123456' },
    });
    const buyer = AuthResponse.parse(reg.body);
    const startBalance = 5_000;
    const set = await call({ url }, 'PATCH', `/api/admin/users/${buyer.user._id}/balance`, {
      token: admin,
      json: { mode: 'set', balance: startBalance },
    });
    expect(set.status, set.text).toBe(200);
    const apis = (await call({ url }, 'GET', '/api/admin/config/apis', { token: admin })).body as {
      apis: { _id: string; name: string }[];
    };
    const api1 = apis.apis.find((a) => a.name === 'API 1');
    if (!api1) throw new Error('API 1 not seeded');
    // Slow purchases, so the kill lands while many rows are in flight.
    const latency = await call({ url }, 'PUT', '/sandbox/carrier/_sandbox/latency', {
      headers: { 'X-Sandbox-Key': CONTROL_KEY },
      json: { latencyMs: { min: 60, max: 140 } },
    });
    expect(latency.status, latency.text).toBe(200);

    const selection = { apiId: api1._id, carrier: 'UPS', service: 'UPS Ground' };
    const rows = Array.from({ length: 200 }, (_, i) => csvRow({ weight: String(1 + (i % 9)) }));
    const validated = BulkValidateResponse.parse(
      (
        await call({ url }, 'POST', '/api/orders/bulk/validate', {
          token: buyer.token,
          json: { ...selection, orders: rows },
        })
      ).body,
    );
    expect(validated.validCount).toBe(200);
    const processed = await call({ url }, 'POST', '/api/orders/bulk/process', {
      token: buyer.token,
      json: {
        ...selection,
        orders: validated.results.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
        totalPrice: validated.totalPrice,
      },
    });
    expect(processed.status, processed.text).toBe(201);
    const { bulkOrderId, totalPrice } = BulkProcessResponse.parse(processed.body);

    // Kill it once some rows are bought and most are not.
    const deadline = Date.now() + 60_000;
    let before = 0;
    for (;;) {
      before = (await detail(url, buyer.token, bulkOrderId)).bulkOrder.processingStatus.labelsProcessed;
      if (before >= 30) break;
      if (Date.now() > deadline) throw new Error('no progress before the kill');
      await new Promise((r) => setTimeout(r, 50));
    }
    await main.stop('SIGKILL');
    expect(before).toBeLessThan(170);

    const after = (await main.start()).url;
    let final = await detail(after, buyer.token, bulkOrderId);
    const finishBy = Date.now() + 90_000;
    while (final.bulkOrder.status === 'processing') {
      if (Date.now() > finishBy) throw new Error(`bulk order still processing: ${JSON.stringify(final.bulkOrder)}`);
      await new Promise((r) => setTimeout(r, 200));
      final = await detail(after, buyer.token, bulkOrderId);
    }
    expect(final.bulkOrder).toMatchObject({ status: 'completed', failedOrderCount: 0, orderCount: 200 });
    expect(final.orders).toHaveLength(200);
    expect(final.orders.every((o) => o.status === 'completed')).toBe(true);
    // The rows in flight at the kill were taken up at once, not after their 5-minute lock.
    expect(main.running.output()).toMatch(/"msg":"jobs\.reclaimed","thread":"jobs","component":"jobs","count":\d+/);

    // Every row has exactly one label at the provider (its reference is the order id): none twice, none lost.
    const labels = await call({ url: after }, 'GET', '/sandbox/carrier/_sandbox/catalogues/alpha/labels', {
      headers: { 'X-Sandbox-Key': CONTROL_KEY },
    });
    const byReference = (labels.body as { byReference: Record<string, number> }).byReference;
    for (const o of final.orders) expect(byReference[o._id], `labels of row ${o.rowIndex}`).toBe(1);

    // The hold is settled: nothing refunded, the balance is the start minus every row's price.
    const spent = Math.round(final.orders.reduce((s, o) => s + o.price * 100, 0));
    expect(spent).toBe(Math.round(totalPrice * 100));
    const balance = BalanceResponse.parse(
      (await call({ url: after }, 'GET', '/api/balance', { token: buyer.token })).body,
    );
    expect(Math.round(balance.balance * 100)).toBe(startBalance * 100 - spent);

    await main.stop('SIGTERM');
    // The ledger agrees with the balance, straight from the database file.
    const db = main.openDb();
    try {
      const audit = await db.execute(`
        SELECT u.balance_cents AS balance,
          COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
            FROM ledger_entries WHERE user_id = u.id AND status = 'completed'), 0) AS ledger,
          (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_purchase') AS holds,
          (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_refund') AS refunds
        FROM users u WHERE u.id = '${buyer.user._id}'`);
      expect(audit.rows[0]).toMatchObject({
        balance: startBalance * 100 - spent,
        ledger: startBalance * 100 - spent,
        holds: 1,
        refunds: 0,
      });
    } finally {
      db.close();
    }
  }, 240_000);
});
