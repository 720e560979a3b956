import {
  CalculatePriceResponse,
  type CreateOrderRequest,
  CreateOrderResponse,
  LabelLinkResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { StartServerOptions } from '../../src/entries/node/server';
import { handleJob } from '../../src/jobs/handle-job';
import { call, loginAdmin, register, startTestServer, type TestServer } from './helpers';
import { seededApis } from './providers-support';

/** Buying labels over HTTP against the embedded carrier sandbox, and reading the effects from the database file. */

export const SENDER = {
  name: 'Ada Shipper',
  company: 'Acme Widgets',
  street1: '1 Main St',
  city: 'New York',
  state: 'NY',
  zip: '10001',
  phone: '212-555-0100',
};

export const RECIPIENT = {
  name: 'Grace Receiver',
  street1: '500 Market St',
  street2: 'Suite 200',
  city: 'San Francisco',
  state: 'CA',
  zip: '94105',
  phone: '415-555-0199',
};

/**
 * A recipient the carrier refuses at purchase though the server takes it: a street of about 150 characters (the
 * contract takes 200, the sandbox carrier 100; the server's own address checks are about ZIP codes and states). Such a
 * purchase is debited, refused by the carrier and refunded at once.
 */
export const CARRIER_REFUSED_RECIPIENT = { ...RECIPIENT, street1: 'Market St '.repeat(15).trim() };

/** A UPS Ground order on `api` (catalogue alpha: 3 lbs is in the 1–5 tier, $11.40). */
export function upsGround(api: ShippingApiConfig, overrides: Partial<CreateOrderRequest> = {}): CreateOrderRequest {
  return {
    apiId: api._id,
    carrier: 'UPS',
    serviceType: 'UPS Ground',
    sender: SENDER,
    recipient: RECIPIENT,
    packageDetails: { weight: 3, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: 'Books' },
    ...overrides,
  };
}

/**
 * The real Node server for purchase tests: behind a "trusted proxy" so each test customer registers from an address of
 * its own (registration is throttled per client address), and with a fast job runner.
 */
export function startOrdersServer(opts: StartServerOptions = {}): Promise<TestServer> {
  return startTestServer({ trustProxy: 1, jobPollIntervalMs: 50, ...opts });
}

/**
 * The purchase tests' usual start: the orders server, an admin session, and the seeded "API 1" (the embedded carrier
 * sandbox) to buy through.
 */
export async function startShop(
  opts: StartServerOptions = {},
): Promise<{ server: TestServer; admin: string; api1: ShippingApiConfig; api2: ShippingApiConfig }> {
  const server = await startOrdersServer(opts);
  const admin = (await loginAdmin(server)).token;
  const { api1, api2 } = await seededApis(server, admin);
  return { server, admin, api1, api2 };
}

let customerCount = 0;

/** Registers a customer (from an address of its own) and sets their balance (USD). */
export async function newCustomer(server: TestServer, admin: string, balance: number, name?: string) {
  customerCount += 1;
  const n = customerCount;
  const auth = await register(
    server,
    { name: name ?? `Buyer ${n}`, email: `buyer${n}-${Date.now()}@example.com`, password: 'pw-123456' },
    { 'X-Forwarded-For': `198.51.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` },
  );
  if (balance > 0) await setBalance(server, admin, auth.user._id, balance);
  return { token: auth.token, id: auth.user._id, name: auth.user.name };
}

/** Sets a user's balance (USD) through the admin endpoint. */
export async function setBalance(server: TestServer, admin: string, userId: string, balance: number): Promise<void> {
  const res = await call(server, 'PATCH', `/api/admin/users/${userId}/balance`, {
    token: admin,
    json: { mode: 'set', balance },
  });
  if (res.status !== 200) throw new Error(`set balance: ${res.status} ${res.text}`);
}

export function postOrder(server: TestServer, token: string, body: unknown, idempotencyKey?: string) {
  return call(server, 'POST', '/api/orders', {
    token,
    json: body,
    ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
  });
}

/** Buys a label and expects it bought (201). */
export async function buyLabel(server: TestServer, token: string, body: CreateOrderRequest) {
  const res = await postOrder(server, token, body);
  expect(res.status, res.text).toBe(201);
  return CreateOrderResponse.parse(res.body);
}

export async function quote(server: TestServer, token: string, body: unknown) {
  const res = await call(server, 'POST', '/api/orders/calculate-price', { token, json: body });
  expect(res.status, res.text).toBe(200);
  return CalculatePriceResponse.parse(res.body);
}

export async function labelLink(server: TestServer, token: string, orderId: string) {
  const res = await call(server, 'POST', `/api/labels/${orderId}/link`, { token });
  expect(res.status, res.text).toBe(200);
  return LabelLinkResponse.parse(res.body);
}

/** GET a label URL (relative) with an optional Bearer token; the body as bytes. */
export async function fetchLabel(server: TestServer, path: string, token?: string) {
  const res = await fetch(`${server.url}${path}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}

export const startsWithPdf = (bytes: Uint8Array) => new TextDecoder().decode(bytes.slice(0, 5)) === '%PDF-';

export interface MoneyState {
  balance: number;
  totalSpend: number;
  /** Σ completed credits − Σ completed debits. */
  ledger: number;
  debits: number;
  refunds: number;
}

/** Straight from the database file (cents). */
export async function moneyOf(server: TestServer, userId: string): Promise<MoneyState> {
  const [row] = await server.services.db.all<{
    balance: number;
    total_spend: number;
    ledger: number;
    debits: number;
    refunds: number;
  }>(sql`
    SELECT u.balance_cents AS balance, u.total_spend_cents AS total_spend,
      COALESCE((SELECT SUM(CASE type WHEN 'credit' THEN amount_cents ELSE -amount_cents END)
        FROM ledger_entries WHERE user_id = u.id AND status = 'completed'), 0) AS ledger,
      (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_purchase') AS debits,
      (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND method = 'label_refund') AS refunds
    FROM users u WHERE u.id = ${userId}`);
  if (!row) throw new Error(`no user ${userId}`);
  return {
    balance: Number(row.balance),
    totalSpend: Number(row.total_spend),
    ledger: Number(row.ledger),
    debits: Number(row.debits),
    refunds: Number(row.refunds),
  };
}

export interface OrderDbRow {
  id: string;
  status: string;
  price_cents: number;
  tracking_number: string;
  provider_label_id: string | null;
  label_blob_key: string | null;
  debit_entry_id: string;
  refund_entry_id: string | null;
  failure_reason: string | null;
  idempotency_key: string | null;
}

export async function ordersOf(server: TestServer, userId: string): Promise<OrderDbRow[]> {
  return server.services.db.all<OrderDbRow>(sql`
    SELECT id, status, price_cents, tracking_number, provider_label_id, label_blob_key, debit_entry_id,
      refund_entry_id, failure_reason, idempotency_key
    FROM orders WHERE user_id = ${userId} ORDER BY created_at`);
}

export interface LedgerDbRow {
  id: string;
  type: string;
  method: string;
  amount_cents: number;
  balance_after_cents: number;
  reference: string | null;
  description: string;
  idempotency_key: string | null;
}

export async function ledgerRowsOf(server: TestServer, userId: string, method?: string): Promise<LedgerDbRow[]> {
  return server.services.db.all<LedgerDbRow>(sql`
    SELECT id, type, method, amount_cents, balance_after_cents, reference, description, idempotency_key
    FROM ledger_entries WHERE user_id = ${userId} ${method ? sql`AND method = ${method}` : sql``}
    ORDER BY created_at, id`);
}

/** Runs one order's reconcile job by hand (tests that start the server without a job runner). */
export const reconcileJob = (server: TestServer, orderId: string) =>
  handleJob(server.services, { type: 'orders.reconcile', jobId: `job_test_${orderId}`, orderId });

/** Runs the periodic reconciliation sweep once, by hand. */
export const reconcileSweep = (server: TestServer) =>
  handleJob(server.services, { type: 'orders.reconcile-due', jobId: 'job_test_sweep', limit: 50 });
