import { env } from 'cloudflare:workers';
import type {
  ApiConfigResponse,
  AuthResponse,
  CheckUpdatesResponse,
  CreateOrderResponse,
  LabelLinkResponse,
  OrderResponse,
  ProviderHealthResponse,
  ShippingApiConfig,
} from '@labeldesk/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchWorkerWith, type WorkerRequest } from './support/http';

/**
 * Issue 21 inside workerd, through the deployed Worker (D1, R2, workerd's fetch): an EasyPost-kind API bought through
 * the EasyPost adapter against the EasyPost-protocol sandbox served from Node, and a failover from it, while its
 * sandbox is down, to a generic API on the carrier sandbox that sells the same service (`ups_ground`).
 */
const easypost = inject('easypost');
const carrier = inject('carrier');
const sandboxEnv = { ...env, ALLOW_PRIVATE_PROVIDER_URLS: 'true' } as unknown as Env;

let ip = 0;
function fetchWorker(path: string, opts: Omit<WorkerRequest, 'ip'> = {}) {
  ip += 1;
  return fetchWorkerWith(sandboxEnv, path, { ...opts, ip: `203.0.113.${100 + ip}` });
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function registerUser(name: string, email: string) {
  return ok<AuthResponse>(
    await fetchWorker('/api/auth/register', { json: { name, email, password: 'workers-pw-1' } }),
    201,
  );
}

async function easypostControl<T>(method: string, action: string, json?: unknown): Promise<T> {
  const res = await fetch(`${easypost.controls}/${action}`, {
    method,
    headers: { 'X-Sandbox-Key': easypost.controlKey, 'content-type': 'application/json' },
    body: json === undefined ? undefined : JSON.stringify(json),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const easypostPurchases = () => easypostControl<{ shipmentId: string; reference: string | null }[]>('GET', 'purchases');

/** Labels the carrier sandbox's alpha catalogue made for an order (its reference is our order id). */
async function carrierLabelsFor(orderId: string): Promise<number> {
  const res = await fetch(`${carrier.url}/_sandbox/catalogues/alpha/labels`, {
    headers: { 'X-Sandbox-Key': carrier.controlKey },
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { byReference: Record<string, number> }).byReference[orderId] ?? 0;
}

async function balanceCents(userId: string) {
  const row = await env.DB.prepare(
    `SELECT balance_cents AS balance,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = ? AND method = 'label_purchase') AS debits,
       (SELECT COUNT(*) FROM ledger_entries WHERE user_id = ? AND method = 'label_refund') AS refunds
     FROM users WHERE id = ?`,
  )
    .bind(userId, userId, userId)
    .first<{ balance: number; debits: number; refunds: number }>();
  if (!row) throw new Error('no user');
  return row;
}

const party = (name: string, city: string, state: string, zip: string) => ({
  name,
  street1: '1 Main St',
  city,
  state,
  zip,
  phone: '212-555-0100',
});

describe('EasyPost kind and failover inside workerd', () => {
  let admin: string;
  let easypostApi: ShippingApiConfig;
  let genericApi: ShippingApiConfig;

  async function addApi(body: Record<string, unknown>) {
    const { api } = await ok<ApiConfigResponse>(
      await fetchWorker('/api/admin/config/apis', { token: admin, json: body }),
      201,
    );
    return api;
  }

  async function addUpsGround(api: ShippingApiConfig) {
    await ok(
      await fetchWorker('/api/admin/services/add-services', {
        token: admin,
        json: { services: [{ apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
      }),
    );
  }

  async function fundedCustomer(email: string, dollars: number) {
    const buyer = await registerUser('Wes Worker', email);
    await ok(
      await fetchWorker(`/api/admin/users/${buyer.user._id}/balance`, {
        token: admin,
        method: 'PATCH',
        json: { mode: 'set', balance: dollars },
      }),
    );
    return buyer;
  }

  const order = (api: ShippingApiConfig) => ({
    apiId: api._id,
    carrier: 'UPS',
    serviceType: 'UPS Ground',
    sender: party('Wes Worker', 'New York', 'NY', '10001'),
    recipient: party('Rae Receiver', 'San Francisco', 'CA', '94105'),
    packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
  });

  beforeAll(async () => {
    const registered = await registerUser('Ada Admin', 'failover-admin@example.com');
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(registered.user._id).run();
    admin = registered.token;
    // The EasyPost API first in the failover order; the generic one after it takes its failovers.
    easypostApi = await addApi({
      name: 'EasyPost W',
      kind: 'easypost',
      key: 'EZTKworkers0123456789',
      baseUrl: easypost.baseUrl,
      priority: 10,
    });
    genericApi = await addApi({
      name: 'Carrier W',
      key: carrier.alpha.apiKey,
      baseUrl: carrier.alpha.baseUrl,
      priority: 20,
    });
    expect(easypostApi.kind).toBe('easypost');

    // The update check through the EasyPost adapter: the sandbox's services, rated at the reference parcels.
    const report = await ok<CheckUpdatesResponse>(
      await fetchWorker('/api/admin/services/check-updates', {
        token: admin,
        json: { apis: [{ id: easypostApi._id }] },
      }),
    );
    const checked = report[easypostApi._id];
    if (!checked || !('carriers' in checked)) throw new Error(`update check failed: ${JSON.stringify(checked)}`);
    expect(checked.carriers.UPS.find((s) => s.serviceCode === 'ups_ground')?.prices.length).toBeGreaterThan(1);
    await addUpsGround(easypostApi);
    await addUpsGround(genericApi);
  });

  it('buys a label through the EasyPost adapter: one shipment bought by our reference, the PDF stored, one debit', async () => {
    const buyer = await fundedCustomer('easypost-buyer@example.com', 50);
    const before = (await easypostPurchases()).length;
    const bought = await ok<CreateOrderResponse>(
      await fetchWorker('/api/orders', { token: buyer.token, json: order(easypostApi) }),
      201,
    );
    expect(bought.order).toMatchObject({
      status: 'completed',
      apiId: easypostApi._id,
      boughtVia: { apiId: easypostApi._id, apiName: 'EasyPost W' },
    });
    expect(bought.order.trackingNumber).not.toBe('PENDING');
    const purchases = await easypostPurchases();
    expect(purchases).toHaveLength(before + 1);
    expect(purchases.filter((p) => p.reference === bought._id)).toHaveLength(1);
    expect(await carrierLabelsFor(bought._id)).toBe(0);

    // The provider cost is the rate bought; the customer paid our price, once.
    const row = await env.DB.prepare(
      'SELECT provider_cost_cents AS cost, provider_label_id AS label FROM orders WHERE id = ?',
    )
      .bind(bought._id)
      .first<{ cost: number; label: string }>();
    expect(row?.cost).toBeGreaterThan(0);
    expect(row?.label).toBe(purchases.find((p) => p.reference === bought._id)?.shipmentId);
    const priceCents = Math.round(bought.order.price * 100);
    expect(await balanceCents(buyer.user._id)).toEqual({ balance: 5000 - priceCents, debits: 1, refunds: 0 });

    // The postage label, downloaded from the sandbox in workerd and kept in R2, opens as a PDF.
    const link = await ok<LabelLinkResponse>(
      await fetchWorker(`/api/labels/${bought._id}/link`, { token: buyer.token, method: 'POST' }),
    );
    const pdf = await fetchWorker(link.url);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');
  });

  it("with the EasyPost sandbox down, the order fails over to the generic API at once, at EasyPost's price", async () => {
    const buyer = await fundedCustomer('failover-buyer@example.com', 50);
    const quoted = await ok<{ price: number }>(
      await fetchWorker('/api/orders/calculate-price', {
        token: buyer.token,
        json: {
          apiId: easypostApi._id,
          carrier: 'UPS',
          serviceType: 'UPS Ground',
          packageDetails: order(easypostApi).packageDetails,
        },
      }),
    );
    const before = (await easypostPurchases()).length;
    await easypostControl('PUT', 'down', { down: true });
    let bought: CreateOrderResponse;
    try {
      bought = await ok<CreateOrderResponse>(
        await fetchWorker('/api/orders', { token: buyer.token, json: order(easypostApi) }),
        201,
      );
    } finally {
      await easypostControl('PUT', 'down', { down: false });
    }
    expect(bought.order).toMatchObject({
      status: 'completed',
      apiId: easypostApi._id,
      apiName: 'EasyPost W',
      boughtVia: { apiId: genericApi._id, apiName: 'Carrier W' },
      price: quoted.price,
    });
    // One label, at the generic API; none at EasyPost; one debit of the quoted price, nothing refunded.
    expect(await carrierLabelsFor(bought._id)).toBe(1);
    expect(await easypostPurchases()).toHaveLength(before);
    expect(await balanceCents(buyer.user._id)).toEqual({
      balance: 5000 - Math.round(quoted.price * 100),
      debits: 1,
      refunds: 0,
    });

    // The admin's read: both attempts, in order; Service Status counts the failover on the EasyPost API.
    const seen = await ok<OrderResponse>(await fetchWorker(`/api/orders/${bought._id}`, { token: admin }));
    expect(seen.order.attempts?.map((a) => [a.apiName, a.outcome])).toEqual([
      ['EasyPost W', 'failed_over'],
      ['Carrier W', 'bought'],
    ]);
    expect(seen.order.attempts?.[0]?.error).toContain('503');
    const health = await ok<ProviderHealthResponse>(
      await fetchWorker('/api/admin/config/apis/health', { token: admin }),
    );
    expect(health.apis.find((a) => a.apiId === easypostApi._id)).toMatchObject({
      state: 'closed',
      failures: 1,
      failovers24h: 1,
    });
  });
});
