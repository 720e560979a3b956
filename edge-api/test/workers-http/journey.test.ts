import {
  ApiConfigListResponse,
  AuthResponse,
  BalanceResponse,
  CalculatePriceResponse,
  CreateInvoiceResponse,
  CreateOrderResponse,
  ErrorBody,
  LabelLinkResponse,
  TrackingInfo,
  TransactionListResponse,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ADMIN, CARRIER_CONTROL_KEY, type DevWorker, startDevWorker } from './dev-worker';

/**
 * The Workers operator path end to end, over real HTTP: `node edge-api/scripts/dev-worker.mjs` (what the README tells an
 * operator to run) starts the sandboxes on loopback, applies the D1 migrations, runs `wrangler dev` (offline, workerd
 * with local D1, Queues, R2 and the Durable Object) and seeds the first admin and "API 1"/"API 2". This test then
 * drives the Worker as a customer and an admin would: register, admin funds, quote, purchase, label PDF, tracking, a
 * crypto top-up paid on the BTCPay sandbox's checkout page whose signed webhook reaches the Worker over HTTP and is
 * credited once, even when BTCPay redelivers it, and the cron trigger.
 */
let dev: DevWorker;
let worker: string;
let btcpay: string;
let carrier: string;
const call: DevWorker['call'] = (...args) => dev.call(...args);
const waitFor: DevWorker['waitFor'] = (...args) => dev.waitFor(...args);
const secrets = () => dev.secrets();

beforeAll(async () => {
  dev = await startDevWorker();
  ({ worker, btcpay, carrier } = dev);
}, 180_000);

afterAll(() => dev?.stop(), 30_000);

describe('the Worker under wrangler dev with both sandboxes, over HTTP', () => {
  let admin: string;
  let customer: AuthResponse;

  it('has its first admin from the bootstrap token, and the token opens nothing more', async () => {
    const login = await call('POST', '/api/auth/login', { json: ADMIN });
    expect(login.status, login.text).toBe(200);
    const session = AuthResponse.parse(login.body);
    expect(session.user.isAdmin).toBe(true);
    admin = session.token;

    const { ADMIN_BOOTSTRAP_TOKEN } = await secrets();
    const again = await call('POST', '/api/auth/bootstrap-admin', {
      json: {
        bootstrapToken: ADMIN_BOOTSTRAP_TOKEN,
        name: 'Eve',
        email: 'eve@example.com',
        password: 'eve-password-1',
      },
    });
    expect(again.status).toBe(409);
    const wrong = await call('POST', '/api/auth/bootstrap-admin', {
      json: { bootstrapToken: 'x'.repeat(40), name: 'Eve', email: 'eve@example.com', password: 'eve-password-1' },
    });
    expect(wrong.status).toBe(403);
    expect(ErrorBody.parse(wrong.body).error.message).toBe('Invalid bootstrap token');
    const eve = await call('POST', '/api/auth/login', {
      json: { email: 'eve@example.com', password: 'eve-password-1' },
    });
    expect(eve.status).toBe(401);
  });

  it('is seeded with "API 1" (default) and "API 2" from the carrier sandbox', async () => {
    const list = ApiConfigListResponse.parse((await call('GET', '/api/admin/config/apis', { token: admin })).body);
    expect(list.apis.map((a) => [a.name, a.isDefault]).sort()).toEqual([
      ['API 1', true],
      ['API 2', false],
    ]);
  });

  it('sells a label: register, admin funds, quote, purchase, PDF and tracking', async () => {
    const registered = await call('POST', '/api/auth/register', {
      json: { name: 'Jo Journey', email: 'jo@example.com', password: 'journey-password-1' },
    });
    expect(registered.status, registered.text).toBe(201);
    customer = AuthResponse.parse(registered.body);

    const funded = await call('PATCH', `/api/admin/users/${customer.user._id}/balance`, {
      token: admin,
      json: { mode: 'set', balance: 30 },
    });
    expect(funded.status, funded.text).toBe(200);

    const apis = ApiConfigListResponse.parse((await call('GET', '/api/admin/config/apis', { token: admin })).body);
    const api1 = apis.apis.find((a) => a.name === 'API 1');
    if (!api1) throw new Error('API 1 missing');
    const order = {
      apiId: api1._id,
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      sender: { name: 'Jo Journey', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', phone: '1' },
      recipient: {
        name: 'Ray',
        street1: '500 Market St',
        city: 'San Francisco',
        state: 'CA',
        zip: '94105',
        phone: '2',
      },
      packageDetails: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
    };
    const quoted = await call('POST', '/api/orders/calculate-price', { token: customer.token, json: order });
    expect(quoted.status, quoted.text).toBe(200);
    const { price } = CalculatePriceResponse.parse(quoted.body);
    expect(price).toBeGreaterThan(0);

    const bought = await call('POST', '/api/orders', { token: customer.token, json: { ...order, price } });
    expect(bought.status, bought.text).toBe(201);
    const purchase = CreateOrderResponse.parse(bought.body);
    expect(purchase.order.status).toBe('completed');
    expect(purchase.newBalance).toBeCloseTo(30 - price, 2);
    const balance = BalanceResponse.parse((await call('GET', '/api/balance', { token: customer.token })).body);
    expect(balance.balance).toBeCloseTo(30 - price, 2);

    // The PDF comes from R2, written after the purchase answered (kept alive by waitUntil): it is served while the
    // carrier is down, when the provider fallback could not answer.
    const link = await call('POST', `/api/labels/${purchase._id}/link`, { token: customer.token });
    expect(link.status, link.text).toBe(200);
    const carrierDown = (down: boolean) =>
      fetch(`${carrier}/_sandbox/down`, {
        method: 'PUT',
        headers: { 'X-Sandbox-Key': CARRIER_CONTROL_KEY, 'content-type': 'application/json' },
        body: JSON.stringify({ down }),
      });
    expect((await carrierDown(true)).ok).toBe(true);
    try {
      const pdf = await fetch(new URL(LabelLinkResponse.parse(link.body).url, worker));
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toContain('application/pdf');
      expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
    } finally {
      await carrierDown(false);
    }

    const tracking = await call('GET', `/api/tracking/${purchase._id}`, { token: customer.token });
    expect(tracking.status, tracking.text).toBe(200);
    const info = TrackingInfo.parse(tracking.body);
    expect(info.trackingNumber).toBe(purchase.order.trackingNumber);
    expect(info.carrier).toBe('UPS');
  });

  it('credits a crypto top-up once from the signed BTCPay webhook, also when BTCPay redelivers it', async () => {
    const before = BalanceResponse.parse((await call('GET', '/api/balance', { token: customer.token })).body).balance;
    const opened = await call('POST', '/api/crypto/create-invoice', { token: customer.token, json: { amount: 20 } });
    expect(opened.status, opened.text).toBe(201);
    const topUp = CreateInvoiceResponse.parse(opened.body);
    expect(topUp.paymentUrl.startsWith(`${btcpay}/i/`)).toBe(true);

    // The customer pays on the sandbox's checkout page (its form posts to /i/{id}/pay-full).
    const paid = await fetch(`${topUp.paymentUrl}/pay-full`, { method: 'POST', redirect: 'manual' });
    expect(paid.status).toBe(303);

    const balanceNow = async () =>
      BalanceResponse.parse((await call('GET', '/api/balance', { token: customer.token })).body).balance;
    await waitFor('the webhook credit', async () => ((await balanceNow()) >= before + 20 ? true : undefined));
    expect(await balanceNow()).toBeCloseTo(before + 20, 2);

    // BTCPay redelivers the settled event (Greenfield's redeliver): the Worker answers it and credits nothing more.
    const { BTCPAY_API_KEY } = await secrets();
    const greenfield = async (method: string, path: string) => {
      const res = await fetch(`${btcpay}/api/v1/stores/labeldesk-sandbox${path}`, {
        method,
        headers: { authorization: `token ${BTCPAY_API_KEY}` },
      });
      expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
      return (await res.json()) as unknown;
    };
    const [hook] = z.array(z.object({ id: z.string() })).parse(await greenfield('GET', '/webhooks'));
    if (!hook) throw new Error('no webhook configured on the sandbox store');
    const Deliveries = z.array(z.object({ id: z.string(), status: z.string() }));
    const deliveries = Deliveries.parse(await greenfield('GET', `/webhooks/${hook.id}/deliveries`));
    expect(deliveries.length).toBeGreaterThan(0);
    expect(deliveries.every((d) => d.status === 'HttpSuccess')).toBe(true);
    for (const delivery of deliveries) {
      await greenfield('POST', `/webhooks/${hook.id}/deliveries/${delivery.id}/redeliver`);
    }
    await waitFor('the redeliveries to be answered', async () => {
      const all = Deliveries.parse(await greenfield('GET', `/webhooks/${hook.id}/deliveries`));
      return all.length >= deliveries.length * 2 && all.every((d) => d.status === 'HttpSuccess') ? true : undefined;
    });
    // Give the queue consumer time to (not) credit again.
    await new Promise((r) => setTimeout(r, 6_000));
    expect(await balanceNow()).toBeCloseTo(before + 20, 2);
    const history = TransactionListResponse.parse(
      (await call('GET', '/api/balance/transactions?limit=50', { token: customer.token })).body,
    );
    const credits = history.transactions.filter((t) => t.transactionId === topUp.transactionId);
    expect(credits.map((t) => [t.type, t.status, t.amount])).toEqual([['credit', 'completed', 20]]);
  });

  it("serves the interactive API reference and Swagger UI's files from its static assets (wrangler.jsonc assets)", async () => {
    const page = await fetch(`${worker}/api/v1/reference`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'");
    await page.arrayBuffer();
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript; charset=utf-8'],
      ['swagger-ui.css', 'text/css; charset=utf-8'],
    ] as const) {
      const res = await fetch(`${worker}/api/v1/reference/${file}`);
      expect(res.status, file).toBe(200);
      expect(res.headers.get('content-type'), file).toBe(type);
      expect((await res.arrayBuffer()).byteLength, file).toBeGreaterThan(100_000);
    }
    // run_worker_first: the assets folder is not served by path, only through the route.
    expect((await fetch(`${worker}/swagger-ui-bundle.js`)).status).toBe(404);
  });

  it('runs the cron trigger on demand (wrangler dev --test-scheduled)', async () => {
    const res = await fetch(`${worker}/__scheduled?cron=${encodeURIComponent('*/5 * * * *')}`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('Ran scheduled event');
  });
});
