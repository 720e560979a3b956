import {
  AmazonConfirmResponse,
  ApiKeyResponse,
  AuthResponse,
  BalanceResponse,
  BulkOrderDetailResponse,
  BulkProcessResponse,
  ErrorBody,
} from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type DevWorker, MARKETPLACE_CONTROL_KEY, startDevWorker } from './dev-worker';

/**
 * What runs only on Cloudflare's bindings, driven over HTTP through `dev-worker.mjs`: a bulk order bought row by row
 * through the Queue consumer, the public API's per-key limit held by the RateLimiter Durable Object, and the Amazon
 * confirmation of that bulk order on the marketplace sandbox the script starts.
 */
let dev: DevWorker;
let customer: AuthResponse;

beforeAll(async () => {
  dev = await startDevWorker();
  const registered = await dev.call('POST', '/api/auth/register', {
    json: { name: 'Bea Bulk', email: 'bea@example.com', password: 'bulk-journey-password-1' },
  });
  expect(registered.status, registered.text).toBe(201);
  customer = AuthResponse.parse(registered.body);
  const admin = AuthResponse.parse((await dev.call('POST', '/api/auth/login', { json: ADMIN })).body).token;
  const funded = await dev.call('PATCH', `/api/admin/users/${customer.user._id}/balance`, {
    token: admin,
    json: { mode: 'set', balance: 200 },
  });
  expect(funded.status, funded.text).toBe(200);
}, 240_000);

afterAll(() => dev?.stop(), 30_000);

const ROW = {
  fromName: 'Maya Chen',
  fromStreet1: '1200 Market St',
  fromCity: 'San Francisco',
  fromState: 'CA',
  fromZip: '94103',
  fromPhone: '415-555-0132',
  toStreet1: '350 W 42nd St',
  toCity: 'New York',
  toState: 'NY',
  toZip: '10036',
  toPhone: '212-555-0147',
  weight: '1',
  length: '10',
  width: '8',
  height: '4',
  description: 'Mug',
};
const AMAZON_IDS = ['114-1000001-0000001', '114-1000001-0000002', '114-1000001-0000003'];

describe('the Worker over HTTP: Queue, Durable Object and the marketplace', () => {
  let bulkOrderId: string;

  it('buys a bulk order row by row through the Queue consumer and debits the labels bought', async () => {
    const { apis } = (await dev.call('GET', '/api/shipping/apis', { token: customer.token })).body as {
      apis: Array<{ _id: string; isDefault: boolean }>;
    };
    const apiId = apis.find((a) => a.isDefault)?._id ?? '';
    const catalogue = (await dev.call('GET', `/api/shipping/all-services?apiId=${apiId}`, { token: customer.token }))
      .body as { UPS?: Array<{ name: string; active: boolean }> };
    const service = catalogue.UPS?.find((s) => s.active && s.name.startsWith('UPS Ground'))?.name;
    if (!service) throw new Error(`no UPS Ground service on the default API: ${JSON.stringify(catalogue)}`);
    const before = BalanceResponse.parse((await dev.call('GET', '/api/balance', { token: customer.token })).body);
    const started = await dev.call('POST', '/api/orders/bulk/process', {
      token: customer.token,
      json: {
        apiId,
        carrier: 'UPS',
        service,
        orders: AMAZON_IDS.map((id, i) => ({
          rowIndex: i,
          data: { ...ROW, toName: `Buyer ${i}`, orderNumber: id, sku: `MUG-${i}`, productName: 'Mug' },
        })),
      },
    });
    expect(started.status, started.text).toBe(201);
    const bulk = BulkProcessResponse.parse(started.body);
    bulkOrderId = bulk.bulkOrderId;
    expect(bulk.isBackgroundProcessing).toBe(true);

    const detail = await dev.waitFor(
      'the bulk order to complete',
      async () => {
        const res = await dev.call('GET', `/api/orders/bulk/${bulkOrderId}`, { token: customer.token });
        const d = BulkOrderDetailResponse.parse(res.body);
        return d.bulkOrder.status === 'completed' || d.bulkOrder.status === 'failed' ? d : undefined;
      },
      90_000,
    );
    expect(detail.bulkOrder.status).toBe('completed');
    expect(detail.orders.map((o) => o.status)).toEqual(['completed', 'completed', 'completed']);
    expect(detail.orders.every((o) => o.trackingNumber)).toBe(true);
    const spent = detail.orders.reduce((sum, o) => sum + o.price, 0);
    const after = BalanceResponse.parse((await dev.call('GET', '/api/balance', { token: customer.token })).body);
    expect(after.balance).toBeCloseTo(before.balance - spent, 2);
  });

  it('confirms that bulk order on the marketplace sandbox with the seller session from its sign-in', async () => {
    const signin = await fetch(`${dev.marketplace}/signin`, { method: 'POST' });
    expect(signin.status).toBe(201);
    const seller = (await signin.json()) as { cookies: Array<{ name: string; value: string }>; csrfToken: string };
    const confirmed = await dev.call('POST', '/api/amazon/confirm-orders', {
      token: customer.token,
      json: { bulkOrderId, cookies: seller.cookies, csrfToken: seller.csrfToken },
    });
    expect(confirmed.status, confirmed.text).toBe(200);
    const answer = AmazonConfirmResponse.parse(confirmed.body);
    expect(answer.confirmedCount).toBe(3);
    expect(answer.results.map((r) => [r.amazonOrderId, r.status]).sort()).toEqual(
      AMAZON_IDS.map((id) => [id, 'confirmed']),
    );
    // The marketplace recorded each package once, with the tracking number the Worker bought.
    const recorded = await fetch(`${dev.marketplace}/_sandbox/confirmations`, {
      headers: { 'X-Sandbox-Key': MARKETPLACE_CONTROL_KEY },
    });
    const { confirmations } = (await recorded.json()) as {
      confirmations: Array<{ amazonOrderId: string; trackingNumber: string }>;
    };
    expect(confirmations.map((c) => c.amazonOrderId).sort()).toEqual(AMAZON_IDS);
    expect(confirmations.every((c) => c.trackingNumber.length > 0)).toBe(true);

    // Again: nothing is confirmed twice.
    const again = await dev.call('POST', '/api/amazon/confirm-orders', {
      token: customer.token,
      json: { bulkOrderId, cookies: seller.cookies, csrfToken: seller.csrfToken },
    });
    expect(AmazonConfirmResponse.parse(again.body).confirmedCount).toBe(0);
  });

  it('answers 429 after 100 public API requests of one key in the window (the Durable Object counts them)', async () => {
    const key = ApiKeyResponse.parse((await dev.call('GET', '/api/user/api-key', { token: customer.token })).body);
    const v1 = () => dev.call('GET', '/api/v1/user', { headers: { 'x-api-key': key.apiKey } });
    for (let i = 1; i <= 100; i += 1) {
      const res = await v1();
      expect(res.status, `request ${i}: ${res.text}`).toBe(200);
      expect(res.headers.get('x-ratelimit-remaining'), `request ${i}`).toBe(String(100 - i));
    }
    const limited = await v1();
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(ErrorBody.parse(limited.body).error.code).toBe('rate_limited');
  });
});
