import { AuthResponse, CreateOrderResponse, type ShippingApiConfig } from '@labeldesk/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { type CallResult, call } from './helpers';
import { type MainOnDisk, mainOnDisk } from './node-process-support';
import { upsGround } from './orders-support';

const CONTROL_KEY = 'order-restart-control-key-0123456789';
const ADMIN = { email: 'admin@order-restart.test', password: 'order-restart-admin-password' };
const sandbox = { 'X-Sandbox-Key': CONTROL_KEY };

const labelsAtSandbox = async (url: string) =>
  (await call({ url }, 'GET', '/sandbox/carrier/_sandbox/catalogues/alpha/labels', { headers: sandbox })).body as {
    count: number;
    byReference: Record<string, number>;
  };

/**
 * A purchase whose process dies between its two phases (kill -9 while the provider holds the answer): the label is
 * made at the provider, the order is left `processing` with its debit. The restarted process settles it at start-up
 * (the provider is asked again with the order's own Idempotency-Key, so it answers the label it already made), and the
 * customer's retry with the same Idempotency-Key gets the final answer within seconds, not after the 5-minute sweep.
 */
describe('a purchase across a SIGKILL', () => {
  let main: MainOnDisk | undefined;
  afterAll(() => main?.dispose());

  it('killed mid-purchase, restarted: the retry with its Idempotency-Key gets the label; one label, one debit', async () => {
    main = await mainOnDisk('labeldesk-order-kill-', {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CARRIER_SANDBOX_CONTROL_KEY: CONTROL_KEY,
      // The purchase must still be waiting on the provider when the process is killed, not timed out.
      PROVIDER_TIMEOUT_MS: '120000',
    });
    const { url } = await main.start();
    const admin = AuthResponse.parse((await call({ url }, 'POST', '/api/auth/login', { json: ADMIN })).body).token;
    const buyer = AuthResponse.parse(
      (
        await call({ url }, 'POST', '/api/auth/register', {
          json: { name: 'Kill Buyer', email: 'kill-buyer@example.com', password: 'pw-123456' },
        })
      ).body,
    );
    const funded = await call({ url }, 'PATCH', `/api/admin/users/${buyer.user._id}/balance`, {
      token: admin,
      json: { mode: 'set', balance: 100 },
    });
    expect(funded.status, funded.text).toBe(200);
    const apis = (await call({ url }, 'GET', '/api/admin/config/apis', { token: admin })).body as {
      apis: ShippingApiConfig[];
    };
    const api1 = apis.apis.find((a) => a.name === 'API 1');
    if (!api1) throw new Error('API 1 not seeded');

    // The provider makes the label at once and holds its answer for a minute.
    const latency = await call({ url }, 'PUT', '/sandbox/carrier/_sandbox/latency', {
      headers: sandbox,
      json: { latencyMs: 60_000 },
    });
    expect(latency.status, latency.text).toBe(200);
    const body = upsGround(api1);
    const key = 'checkout-kill-9';
    const purchase = (token: string, at: string) =>
      call({ url: at }, 'POST', '/api/orders', { token, json: body, headers: { 'Idempotency-Key': key } });
    const inFlight = purchase(buyer.token, url).catch((err: unknown) => err);

    const madeBy = Date.now() + 30_000;
    while ((await labelsAtSandbox(url)).count === 0) {
      if (Date.now() > madeBy) throw new Error('the provider never got the purchase');
      await new Promise((r) => setTimeout(r, 25));
    }
    await main.stop('SIGKILL');
    // The customer never got an answer.
    expect(await inFlight).toBeInstanceOf(Error);

    const after = (await main.start()).url;
    // The customer retries with the same key and body until the answer is final (each try waits up to 10 s for an
    // order still being bought, then says 409 + Retry-After). Generous deadline: the 5-minute sweep is far beyond it.
    let answer: CallResult = await purchase(buyer.token, after);
    const answeredBy = Date.now() + 60_000;
    while (answer.status === 409) {
      if (Date.now() > answeredBy) throw new Error(`no final answer after the restart: ${answer.text}`);
      await new Promise((r) => setTimeout(r, 250));
      answer = await purchase(buyer.token, after);
    }
    expect(answer.status, answer.text).toBe(200);
    const replayed = CreateOrderResponse.parse(answer.body);
    expect(replayed.order).toMatchObject({ status: 'completed', hasLabel: true });
    expect(replayed.order.trackingNumber).not.toBe('PENDING');

    // Exactly one label at the provider, for this order.
    const labels = await labelsAtSandbox(after);
    expect(labels.count).toBe(1);
    expect(labels.byReference).toEqual({ [replayed._id]: 1 });

    await main.stop('SIGTERM');
    // One debit for the order, no refund, and the balance agrees with the ledger: straight from the database file.
    const db = main.openDb();
    try {
      const audit = await db.execute({
        sql: `SELECT u.balance_cents AS balance,
          COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
            FROM ledger_entries WHERE user_id = u.id AND status = 'completed'), 0) AS ledger,
          (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_purchase') AS debits,
          (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_refund') AS refunds,
          (SELECT COUNT(*) FROM orders WHERE user_id = u.id) AS orders
        FROM users u WHERE u.id = ?`,
        args: [buyer.user._id],
      });
      expect(audit.rows[0]).toMatchObject({
        balance: 10_000 - 1_140,
        ledger: 10_000 - 1_140,
        debits: 1,
        refunds: 0,
        orders: 1,
      });
    } finally {
      db.close();
    }
  }, 240_000);
});
