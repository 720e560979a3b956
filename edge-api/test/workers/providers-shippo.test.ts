import { env } from 'cloudflare:workers';
import type {
  ApiConfigListResponse,
  ApiConfigResponse,
  AuthResponse,
  CheckUpdatesResponse,
  CreateOrderResponse,
  LabelLinkResponse,
  TrackingRefreshResponse,
} from '@labeldesk/contracts';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { fetchWorkerWith, type WorkerRequest } from './support/http';

/**
 * Issue 21 inside workerd, through the deployed Worker (D1, R2, workerd's fetch): a Shippo-kind API, its key checked
 * before it is saved, its update check, a purchase through the Shippo adapter against the Shippo-protocol sandbox
 * served from Node (one transaction carrying our order id as metadata, its label kept in R2), and its tracking.
 */
const shippo = inject('shippo');
const sandboxEnv = { ...env, ALLOW_PRIVATE_PROVIDER_URLS: 'true' } as unknown as Env;
const KEY = 'shippo_test_workers0123456789';

let ip = 0;
function fetchWorker(path: string, opts: Omit<WorkerRequest, 'ip'> = {}) {
  ip += 1;
  return fetchWorkerWith(sandboxEnv, path, { ...opts, ip: `203.0.113.${150 + ip}` });
}

async function ok<T>(res: Response, status = 200): Promise<T> {
  const text = await res.text();
  expect(res.status, text).toBe(status);
  return JSON.parse(text) as T;
}

async function purchases() {
  const res = await fetch(`${shippo.controls}/purchases`, { headers: { 'X-Sandbox-Key': shippo.controlKey } });
  expect(res.status).toBe(200);
  return (await res.json()) as { transactionId: string; metadata: string | null; refund: string | null }[];
}

const party = (name: string, city: string, state: string, zip: string) => ({
  name,
  street1: '1 Main St',
  city,
  state,
  zip,
  phone: '212-555-0100',
});

describe('Shippo kind inside workerd', () => {
  let admin: string;
  let apiId: string;

  beforeAll(async () => {
    const registered = await ok<AuthResponse>(
      await fetchWorker('/api/auth/register', {
        json: { name: 'Sam Shippo', email: 'shippo-admin@example.com', password: 'workers-pw-1' },
      }),
      201,
    );
    await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(registered.user._id).run();
    admin = registered.token;
  });

  it('refuses a key Shippo refuses (nothing saved), then adds the API and lists its services', async () => {
    const refused = await fetchWorker('/api/admin/config/apis', {
      token: admin,
      json: { name: 'Shippo W', kind: 'shippo', key: 'shippo_live_not_for_a_sandbox', baseUrl: shippo.baseUrl },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      'The shipping provider refused the API key. Check the key (and that it is for this provider).',
    );
    const listed = await ok<ApiConfigListResponse>(await fetchWorker('/api/admin/config/apis', { token: admin }));
    expect(listed.apis.filter((a) => a.kind === 'shippo')).toEqual([]);

    const { api } = await ok<ApiConfigResponse>(
      await fetchWorker('/api/admin/config/apis', {
        token: admin,
        json: { name: 'Shippo W', kind: 'shippo', key: KEY, baseUrl: shippo.baseUrl },
      }),
      201,
    );
    apiId = api._id;
    expect(api.kind).toBe('shippo');
    const report = await ok<CheckUpdatesResponse>(
      await fetchWorker('/api/admin/services/check-updates', { token: admin, json: { apis: [{ id: apiId }] } }),
    );
    const checked = report[apiId];
    if (!checked || !('carriers' in checked)) throw new Error(`update check failed: ${JSON.stringify(checked)}`);
    expect(checked.carriers.UPS.find((s) => s.serviceCode === 'ups_ground')?.prices.length).toBe(7);
    expect(checked.carriers.USPS.map((s) => s.serviceCode)).toContain('usps_priority_mail');
    await ok(
      await fetchWorker('/api/admin/services/add-services', {
        token: admin,
        json: { services: [{ apiId, carrier: 'UPS', service: { serviceCode: 'ups_ground' } }] },
      }),
    );
  });

  it('buys through the Shippo adapter: one transaction with our order id, the PDF in R2, one debit, tracking', async () => {
    const buyer = await ok<AuthResponse>(
      await fetchWorker('/api/auth/register', {
        json: { name: 'Bea Buyer', email: 'shippo-buyer@example.com', password: 'workers-pw-1' },
      }),
      201,
    );
    await ok(
      await fetchWorker(`/api/admin/users/${buyer.user._id}/balance`, {
        token: admin,
        method: 'PATCH',
        json: { mode: 'set', balance: 50 },
      }),
    );
    const before = (await purchases()).length;
    const bought = await ok<CreateOrderResponse>(
      await fetchWorker('/api/orders', {
        token: buyer.token,
        json: {
          apiId,
          carrier: 'UPS',
          serviceType: 'UPS Ground',
          sender: party('Bea Buyer', 'New York', 'NY', '10001'),
          recipient: party('Rae Receiver', 'San Francisco', 'CA', '94105'),
          packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
        },
      }),
      201,
    );
    expect(bought.order).toMatchObject({ status: 'completed', boughtVia: { apiId, apiName: 'Shippo W' } });
    expect(bought.order.trackingNumber).toMatch(/^1Z/);
    const after = await purchases();
    expect(after).toHaveLength(before + 1);
    const mine = after.filter((p) => p.metadata === bought._id);
    expect(mine).toHaveLength(1);

    const row = await env.DB.prepare(
      `SELECT o.provider_cost_cents AS cost, o.provider_label_id AS label, u.balance_cents AS balance,
         (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_purchase') AS debits
       FROM orders o JOIN users u ON u.id = o.user_id WHERE o.id = ?`,
    )
      .bind(bought._id)
      .first<{ cost: number; label: string; balance: number; debits: number }>();
    expect(row?.label).toBe(mine[0]?.transactionId);
    expect(row?.cost).toBeGreaterThan(0);
    expect(row).toMatchObject({ balance: 5000 - Math.round(bought.order.price * 100), debits: 1 });

    const link = await ok<LabelLinkResponse>(
      await fetchWorker(`/api/labels/${bought._id}/link`, { token: buyer.token, method: 'POST' }),
    );
    const pdf = await fetchWorker(link.url);
    expect(pdf.status).toBe(200);
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    const tracking = await ok<TrackingRefreshResponse>(
      await fetchWorker(`/api/tracking/${bought._id}/refresh`, { token: buyer.token, method: 'POST' }),
    );
    expect(tracking).toMatchObject({ trackingNumber: bought.order.trackingNumber, carrier: 'UPS' });
    expect(tracking.events.length).toBeGreaterThan(0);
  });
});
