import {
  BulkHistoryResponse,
  BulkOrderDetailResponse,
  type CreateOrderRequest,
  CreateOrderResponse,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { desc, eq, inArray } from 'drizzle-orm';
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream } from 'pdf-lib';
import { expect } from 'vitest';
import { bulkOrders, type OrderRow, orders } from '../../src/db/schema';
import { newId } from '../../src/lib/ids';
import { call, type TestServer } from './helpers';
import { CARRIER_REFUSED_RECIPIENT, postOrder, RECIPIENT, upsGround } from './orders-support';

/**
 * Bulk orders for the read-side tests, made of REAL purchases: labels bought through POST /api/orders (so their PDFs
 * are the carrier sandbox's), refused shipments (failed and refunded by the purchase use-case), then gathered under a
 * bulk_orders row written straight into the server's database file, as the bulk engine's creation batch leaves them.
 * The money side (one hold for the whole bulk order) is the engine's and is not modelled here: each row keeps the
 * debit of its own purchase, and the bulk order's hold id is a placeholder.
 */

/** A label bought for `recipientName` (201), or a shipment the carrier refuses (400, refunded) when `refused`. */
export async function purchase(
  server: TestServer,
  token: string,
  api: ShippingApiConfig,
  opts: { recipientName?: string; refused?: boolean; overrides?: Partial<CreateOrderRequest> } = {},
): Promise<string> {
  const recipient = {
    ...RECIPIENT,
    name: opts.recipientName ?? RECIPIENT.name,
    // A street longer than the carrier takes passes our checks and is refused by the carrier: the purchase refunded.
    ...(opts.refused ? { street1: CARRIER_REFUSED_RECIPIENT.street1 } : {}),
  };
  const res = await postOrder(server, token, upsGround(api, { recipient, ...opts.overrides }));
  expect(res.status, res.text).toBe(opts.refused ? 400 : 201);
  if (!opts.refused) return CreateOrderResponse.parse(res.body)._id;
  const [row] = await server.services.db
    .select({ id: orders.id })
    .from(orders)
    .where(eq(orders.recipientName, recipient.name))
    .orderBy(desc(orders.createdAt));
  if (!row) throw new Error(`no order for ${recipient.name}`);
  return row.id;
}

export type BulkRowSpec =
  /** An order already bought (or refused). */
  | { orderId: string; attempts?: number }
  /** A row still being bought: a copy of `like` in `processing`, no label yet. */
  | { openLike: string };

/**
 * A bulk order of `rows` (row i gets row_index i) owned by `userId`. `status` defaults to the one the engine would
 * give it: processing while a row is open, else completed / partial / failed.
 */
export async function seedBulkOrder(
  server: TestServer,
  input: {
    userId: string;
    rows: BulkRowSpec[];
    status?: 'processing' | 'completed' | 'partial' | 'failed';
    createdAt?: string;
  },
): Promise<string> {
  const db = server.services.db;
  const ids = input.rows.map((r) => ('orderId' in r ? r.orderId : r.openLike));
  const found = await db.select().from(orders).where(inArray(orders.id, ids));
  const byId = new Map(found.map((o) => [o.id, o]));
  const first = byId.get(ids[0] ?? '');
  if (!first) throw new Error('seedBulkOrder: unknown first order');
  const bulkOrderId = newId('blk');
  const now = input.createdAt ?? new Date().toISOString();
  let open = false;
  let failed = 0;
  let completed = 0;
  let totalCents = 0;
  const copies: OrderRow[] = [];
  input.rows.forEach((spec, rowIndex) => {
    const source = byId.get('orderId' in spec ? spec.orderId : spec.openLike);
    if (!source) throw new Error('seedBulkOrder: unknown order');
    totalCents += source.priceCents;
    if ('openLike' in spec) {
      open = true;
      copies.push({
        ...source,
        id: newId('ord'),
        status: 'processing',
        trackingNumber: 'PENDING',
        providerLabelId: null,
        labelBlobKey: null,
        refundEntryId: null,
        failureReason: null,
        idempotencyKey: null,
        completedAt: null,
        bulkOrderId,
        rowIndex,
        purchaseAttempts: 0,
        source: 'bulk',
      });
    } else if (source.status === 'failed') failed += 1;
    else if (source.status === 'completed') completed += 1;
    else open = true;
  });
  const status =
    input.status ?? (open ? 'processing' : failed === 0 ? 'completed' : completed === 0 ? 'failed' : 'partial');
  await db.insert(bulkOrders).values({
    id: bulkOrderId,
    userId: input.userId,
    status,
    apiId: first.apiId,
    apiName: first.apiName,
    serviceId: first.serviceId,
    carrier: first.carrier,
    serviceName: first.serviceName,
    template: null,
    orderCount: input.rows.length,
    failedOrderCount: status === 'processing' ? 0 : failed,
    totalPriceCents: totalCents,
    holdEntryId: `test-hold-${bulkOrderId}`,
    createdAt: now,
    updatedAt: now,
    completedAt: status === 'processing' ? null : now,
  });
  for (const [rowIndex, spec] of input.rows.entries()) {
    if (!('orderId' in spec)) continue;
    await db
      .update(orders)
      .set({ bulkOrderId, rowIndex, source: 'bulk', purchaseAttempts: spec.attempts ?? 1 })
      .where(eq(orders.id, spec.orderId));
  }
  if (copies.length > 0) await db.insert(orders).values(copies);
  return bulkOrderId;
}

export async function bulkHistory(server: TestServer, token: string, query = '') {
  const res = await call(server, 'GET', `/api/orders/bulk/history${query}`, { token });
  expect(res.status, res.text).toBe(200);
  return BulkHistoryResponse.parse(res.body);
}

export async function bulkDetail(server: TestServer, token: string, bulkOrderId: string, admin = false) {
  const path = admin ? `/api/admin/bulk-orders/${bulkOrderId}` : `/api/orders/bulk/${bulkOrderId}`;
  const res = await call(server, 'GET', path, { token });
  expect(res.status, res.text).toBe(200);
  return BulkOrderDetailResponse.parse(res.body);
}

/** The text each page of a PDF shows (pdf-lib, like the sandbox, writes standard-font text as hex strings + Tj). */
export async function pageTexts(pdf: Uint8Array): Promise<string[][]> {
  const doc = await PDFDocument.load(pdf);
  return doc.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams: PDFRawStream[] = [];
    if (contents instanceof PDFArray) {
      for (let i = 0; i < contents.size(); i++) {
        const stream = contents.lookup(i);
        if (stream instanceof PDFRawStream) streams.push(stream);
      }
    } else if (contents instanceof PDFRawStream) streams.push(contents);
    const ops = streams.map((s) => Buffer.from(decodePDFRawStream(s).decode()).toString('latin1')).join('\n');
    return [...ops.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)].map((m) => Buffer.from(m[1] ?? '', 'hex').toString('latin1'));
  });
}

/** Page sizes in points. */
export async function pageSizes(pdf: Uint8Array): Promise<Array<{ width: number; height: number }>> {
  return (await PDFDocument.load(pdf)).getPages().map((p) => p.getSize());
}
