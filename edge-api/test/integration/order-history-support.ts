import { type CreateOrderRequest, CreateOrderResponse, type Order, type OrderPartyInput } from '@labeldesk/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { localJobRunner } from '../../src/adapters/node/local-job-runner';
import { type OrderRow, orders } from '../../src/db/schema';
import type { CarrierSandboxOverrides } from '../../src/entries/node/carrier-sandbox';
import { newId } from '../../src/lib/ids';
import { fixedClock } from '../../src/ports/clock';
import { applyBalanceChange } from '../../src/use-cases/ledger/apply-balance-change';
import { call, startTestServer, type TestServer } from './helpers';
import { SENDER } from './orders-support';
import { carrierOf } from './providers-support';

/**
 * Order history, tracking and admin order tests: a real Node server with the embedded carrier sandbox, both on one
 * clock the test moves (orders land on known days; parcels move along as time passes), sessions that outlive the
 * moves, and tracking without random exceptions (so a journey's statuses are predictable).
 */
export type TestClock = ReturnType<typeof fixedClock>;

export async function startOrdersServer(
  start: Date,
  carrier: CarrierSandboxOverrides = {},
): Promise<{ server: TestServer; clock: TestClock }> {
  const clock = fixedClock(start);
  const server = await startTestServer({
    clock,
    runJobs: false,
    jwtTtlSeconds: 365 * 24 * 3600,
    carrierSandboxOptions: { clock, exceptionRate: 0, ...carrier },
  });
  return { server, clock };
}

/** Credits a user's balance (an admin adjustment through the ledger use-case). */
export async function fund(server: TestServer, userId: string, cents: number, adminId: string): Promise<void> {
  await applyBalanceChange(server.services, {
    userId,
    change: { kind: 'amount', type: 'credit', amountCents: cents },
    method: 'admin_adjustment',
    description: 'Funds for order tests',
    adminId,
  });
}

export function recipient(name: string, city: string, state: string, zip: string): OrderPartyInput {
  return { name, street1: '500 Market St', city, state, zip, phone: '415-555-0100' };
}

export interface LabelChoice {
  apiId: string;
  carrier: 'UPS' | 'USPS' | 'FEDEX';
  serviceType: string;
  recipient: OrderPartyInput;
  /** lbs; default 2. */
  weight?: number;
}

function orderBody(choice: LabelChoice): CreateOrderRequest {
  return {
    apiId: choice.apiId,
    carrier: choice.carrier,
    serviceType: choice.serviceType,
    sender: SENDER,
    recipient: choice.recipient,
    packageDetails: { weight: choice.weight ?? 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
  };
}

/** UPS Ground on `apiId` to a Chicago recipient named `name` (the tracking files' label). */
export function upsToChicago(apiId: string, name: string): LabelChoice {
  return { apiId, carrier: 'UPS', serviceType: 'UPS Ground', recipient: recipient(name, 'Chicago', 'IL', '60601') };
}

/** Buys a label through the real POST /api/orders (fails the test on anything but 201 and a completed order). */
export async function buyLabel(server: TestServer, token: string, choice: LabelChoice): Promise<Order> {
  const res = await call(server, 'POST', '/api/orders', {
    token,
    json: orderBody(choice),
    headers: { 'Idempotency-Key': newId('idem') },
  });
  if (res.status !== 201) throw new Error(`POST /api/orders: ${res.status} ${res.text}`);
  const created = CreateOrderResponse.parse(res.body);
  if (created.order.status !== 'completed') throw new Error(`order not completed: ${created.order.status}`);
  return created.order;
}

/** Straight from the database file. */
export async function orderRow(server: TestServer, id: string): Promise<OrderRow> {
  const [row] = await server.services.db.select().from(orders).where(eq(orders.id, id));
  if (!row) throw new Error(`no order ${id}`);
  return row;
}

/**
 * A purchase the provider refuses for good: the sandbox stops selling the service while our catalogue still lists it,
 * so POST /api/orders fails and refunds the hold at once (a `failed` order). Returns that order's id.
 */
export async function buyRefusedLabel(
  server: TestServer,
  token: string,
  choice: LabelChoice & { catalogue: string; serviceCode: string },
): Promise<string> {
  const catalogue = carrierOf(server).catalogues[choice.catalogue];
  if (!catalogue) throw new Error(`no catalogue ${choice.catalogue}`);
  catalogue.setServiceStatus(choice.serviceCode, 'inactive');
  try {
    const key = newId('idem');
    const res = await call(server, 'POST', '/api/orders', {
      token,
      json: orderBody(choice),
      headers: { 'Idempotency-Key': key },
    });
    if (res.status < 400) throw new Error(`expected a refusal, got ${res.status} ${res.text}`);
    const [row] = await server.services.db.select().from(orders).where(eq(orders.idempotencyKey, key));
    if (row?.status !== 'failed') throw new Error(`expected a failed order, got ${row?.status}`);
    return row.id;
  } finally {
    catalogue.setServiceStatus(choice.serviceCode, 'active');
  }
}

/**
 * A purchase whose provider never answers (the sandbox is down): the order waits in `pending_reconciliation` with its
 * money held (the reconciliation job does not run on these test servers). Returns the order.
 */
export async function buyUnansweredLabel(server: TestServer, token: string, choice: LabelChoice): Promise<Order> {
  carrierOf(server).setDown(true);
  try {
    const res = await call(server, 'POST', '/api/orders', {
      token,
      json: orderBody(choice),
      headers: { 'Idempotency-Key': newId('idem') },
    });
    if (res.status !== 202) throw new Error(`expected 202, got ${res.status} ${res.text}`);
    const order = CreateOrderResponse.parse(res.body).order;
    if (order.status !== 'pending_reconciliation') throw new Error(`unexpected status ${order.status}`);
    return order;
  } finally {
    carrierOf(server).setDown(false);
  }
}

/**
 * Runs every due job of the server's queue through the real local job runner (the test servers start without one),
 * until none is left.
 */
export async function drainJobs(server: TestServer): Promise<void> {
  const runner = localJobRunner({ services: server.services });
  while (await runner.runOnce()) {
    // one job per turn
  }
}

/** Σ price − Σ stored provider cost of the completed live labels `where` picks (test orders are never sales), from the file. */
export async function storedSums(server: TestServer, where: SQL) {
  const [r] = await server.services.db.all<{ n: number; price: number; cost: number; missing: number }>(sql`
    SELECT COUNT(*) AS n, COALESCE(SUM(price_cents), 0) AS price, COALESCE(SUM(provider_cost_cents), 0) AS cost,
      SUM(provider_cost_cents IS NULL) AS missing
    FROM orders WHERE status = 'completed' AND livemode = 1 AND ${where}`);
  return { n: Number(r?.n), price: Number(r?.price), cost: Number(r?.cost), missing: Number(r?.missing ?? 0) };
}
