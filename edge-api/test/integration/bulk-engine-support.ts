import {
  type BulkCsvRow,
  BulkProcessResponse,
  BulkValidateResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { checkLedgerInvariant } from '../../src/use-cases/ledger/check-ledger-invariant';
import { call, type TestServer } from './helpers';
import { waitFor } from './money-support';
import { CARRIER_REFUSED_RECIPIENT } from './orders-support';
import { carrierOf } from './providers-support';

/** Bulk orders over HTTP against the embedded carrier sandbox, effects read from the database file. */

let rowCount = 0;

/** One CSV row (every cell text, as papaparse gives it): a 3 lb UPS parcel NY → CA, with Amazon columns. */
export function csvRow(overrides: Partial<BulkCsvRow> = {}): BulkCsvRow {
  rowCount += 1;
  return {
    fromName: 'Ada Shipper',
    fromCompany: 'Acme Widgets',
    fromStreet1: '1 Main St',
    fromStreet2: '',
    fromCity: 'New York',
    fromState: 'NY',
    fromZip: '10001',
    fromPhone: '+1 (212) 555-0100',
    toName: `Grace Receiver ${rowCount}`,
    toCompany: '',
    toStreet1: '500 Market St',
    toStreet2: 'Suite 200',
    toCity: 'San Francisco',
    toState: 'CA',
    toZip: '94105',
    toPhone: '415-555-0199',
    weight: '3',
    length: '10',
    width: '8',
    height: '4',
    description: 'Books',
    orderNumber: `113-${String(rowCount).padStart(7, '0')}-0000001`,
    sku: `SKU-${rowCount}`,
    productName: 'A book',
    ...overrides,
  };
}

/**
 * A street longer than the carrier takes (our rules allow 200 characters, the carrier sandbox 100): the row passes
 * validation and fails at the provider, so it is refunded.
 */
export const PROVIDER_REFUSED_STREET = CARRIER_REFUSED_RECIPIENT.street1;

export const upsGroundSelection = (api: ShippingApiConfig) => ({
  apiId: api._id,
  carrier: 'UPS' as const,
  service: 'UPS Ground',
});

export function postValidate(server: TestServer, token: string | undefined, body: unknown) {
  return call(server, 'POST', '/api/orders/bulk/validate', { token, json: body });
}

export function postProcess(server: TestServer, token: string | undefined, body: unknown, idempotencyKey?: string) {
  return call(server, 'POST', '/api/orders/bulk/process', {
    token,
    json: body,
    ...(idempotencyKey === undefined ? {} : { headers: { 'Idempotency-Key': idempotencyKey } }),
  });
}

export async function validateRows(server: TestServer, token: string, api: ShippingApiConfig, rows: unknown[]) {
  const res = await postValidate(server, token, { ...upsGroundSelection(api), orders: rows });
  expect(res.status, res.text).toBe(200);
  return BulkValidateResponse.parse(res.body);
}

/** Validates `rows`, then buys the valid ones at the prices shown (as the screen does); expects 201. */
export async function buyRows(server: TestServer, token: string, api: ShippingApiConfig, rows: BulkCsvRow[]) {
  const validated = await validateRows(server, token, api, rows);
  const selected = validated.results.filter((r) => r.isValid);
  const totalPrice = Math.round(selected.reduce((sum, r) => sum + (r.price ?? 0) * 100, 0)) / 100;
  const res = await postProcess(server, token, {
    ...upsGroundSelection(api),
    orders: selected.map((r) => ({ rowIndex: r.rowIndex, data: rows[r.rowIndex], price: r.price })),
    totalPrice,
  });
  expect(res.status, res.text).toBe(201);
  return { validated, selected, created: BulkProcessResponse.parse(res.body) };
}

export interface BulkDbRow {
  id: string;
  status: string;
  order_count: number;
  failed_order_count: number;
  total_price_cents: number;
  hold_entry_id: string;
  completed_at: string | null;
}

export async function bulkOrderRow(server: TestServer, bulkOrderId: string): Promise<BulkDbRow | undefined> {
  const [row] = await server.services.db.all<BulkDbRow>(sql`
    SELECT id, status, order_count, failed_order_count, total_price_cents, hold_entry_id, completed_at
    FROM bulk_orders WHERE id = ${bulkOrderId}`);
  return row;
}

export interface BulkRowDbRow {
  id: string;
  row_index: number;
  status: string;
  source: string;
  price_cents: number;
  provider_label_id: string | null;
  debit_entry_id: string;
  refund_entry_id: string | null;
  failure_reason: string | null;
  amazon_order_id: string | null;
  sku: string | null;
  purchase_attempts: number;
}

export async function bulkRowsOf(server: TestServer, bulkOrderId: string): Promise<BulkRowDbRow[]> {
  return server.services.db.all<BulkRowDbRow>(sql`
    SELECT id, row_index, status, source, price_cents, provider_label_id, debit_entry_id, refund_entry_id,
      failure_reason, amazon_order_id, sku, purchase_attempts
    FROM orders WHERE bulk_order_id = ${bulkOrderId} ORDER BY row_index`);
}

/** Waits until the bulk order has its final status. */
export async function waitForBulk(server: TestServer, bulkOrderId: string, timeoutMs = 30_000): Promise<BulkDbRow> {
  return waitFor(async () => {
    const row = await bulkOrderRow(server, bulkOrderId);
    return row && row.status !== 'processing' ? row : undefined;
  }, timeoutMs);
}

/** Labels the embedded sandbox (catalogue alpha) made, per reference (our order id). */
export function labelsByOrder(server: TestServer): Map<string, number> {
  const counts = new Map<string, number>();
  for (const label of carrierOf(server).catalogues.alpha?.labels() ?? []) {
    const ref = label.reference ?? '';
    counts.set(ref, (counts.get(ref) ?? 0) + 1);
  }
  return counts;
}

/** The ledger invariant (balance = Σ credits − Σ debits) holds for every user. */
export async function expectLedgerInvariant(server: TestServer): Promise<void> {
  const audit = await checkLedgerInvariant(server.services);
  expect(audit.mismatches).toEqual([]);
}

/** Money and rows of a finished bulk order add up: bought rows stand, failed rows refunded once each, nothing held. */
export async function expectSettled(server: TestServer, userId: string, bulkOrderId: string, startCents: number) {
  const rows = await bulkRowsOf(server, bulkOrderId);
  const bulk = await bulkOrderRow(server, bulkOrderId);
  expect(rows.filter((r) => r.status === 'processing' || r.status === 'pending_reconciliation')).toEqual([]);
  const bought = rows.filter((r) => r.status === 'completed');
  const failed = rows.filter((r) => r.status === 'failed');
  const boughtCents = bought.reduce((s, r) => s + r.price_cents, 0);
  const [money] = await server.services.db.all<{
    balance: number;
    holds: number;
    refunds: number;
    refunded: number;
  }>(sql`
    SELECT u.balance_cents AS balance,
      (SELECT COUNT(*) FROM ledger_entries WHERE user_id = u.id AND reference = ${bulkOrderId}) AS holds,
      (SELECT COUNT(*) FROM ledger_entries e JOIN orders o ON o.id = e.reference
        WHERE o.bulk_order_id = ${bulkOrderId} AND e.method = 'label_refund') AS refunds,
      (SELECT COALESCE(SUM(e.amount_cents), 0) FROM ledger_entries e JOIN orders o ON o.id = e.reference
        WHERE o.bulk_order_id = ${bulkOrderId} AND e.method = 'label_refund') AS refunded
    FROM users u WHERE u.id = ${userId}`);
  expect(Number(money?.balance)).toBe(startCents - boughtCents);
  expect(Number(money?.holds)).toBe(1);
  expect(Number(money?.refunds)).toBe(failed.length);
  expect(Number(money?.refunded)).toBe(failed.reduce((s, r) => s + r.price_cents, 0));
  expect(bulk?.failed_order_count).toBe(failed.length);
  expect(bulk?.status).toBe(failed.length === 0 ? 'completed' : failed.length === rows.length ? 'failed' : 'partial');
  // Every bought row has exactly one provider label; no failed row has one.
  const labels = labelsByOrder(server);
  for (const r of bought) expect(labels.get(r.id), `labels of ${r.id}`).toBe(1);
  for (const r of failed) expect(labels.get(r.id) ?? 0, `labels of ${r.id}`).toBe(0);
  await expectLedgerInvariant(server);
  return { bought, failed, boughtCents };
}
