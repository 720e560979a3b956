import { env } from 'cloudflare:workers';
import type { CreateOrderResponse } from '@labeldesk/contracts';
import { describe, expect, inject, it } from 'vitest';
import { asIfCrashedMidPurchase, d1Money, d1Rows, labelsByReference, workerShop } from './support/shop';

/**
 * Workers have no start-up to settle what a dead invocation left (the Node entry does it when it starts): an isolate
 * that dies between a purchase's two phases leaves the order `processing` with its debit, and the cron's
 * `orders.reconcile-due` settles it once it is two minutes old, asking the provider with the order's own
 * Idempotency-Key (so it answers the label it already made). A bulk row whose message was never acknowledged is
 * delivered again by the Queue, and the row is bought once.
 */
const carrier = inject('carrier');

const orderRow = (id: string) =>
  env.DB.prepare('SELECT status, tracking_number, provider_label_id FROM orders WHERE id = ?')
    .bind(id)
    .first<{ status: string; tracking_number: string; provider_label_id: string | null }>();

describe('what a dead Worker invocation leaves behind', () => {
  it('a purchase left processing is settled by the cron sweep with the label already made: one label, one debit', async () => {
    const shop = workerShop(carrier, 'crash-single');
    const { api, buyer } = await shop.open(50);
    const res = await shop.fetchWorker('/api/orders', {
      token: buyer.token,
      json: {
        apiId: api._id,
        carrier: 'UPS',
        serviceType: 'UPS Ground',
        sender: { name: 'A', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001', phone: '2125550100' },
        recipient: {
          name: 'B',
          street1: '2 Market St',
          city: 'San Francisco',
          state: 'CA',
          zip: '94105',
          phone: '4155550199',
        },
        packageDetails: { weight: 3, length: 10, width: 8, height: 4 },
      },
    });
    expect(res.status).toBe(201);
    const bought = (await res.json()) as CreateOrderResponse;
    const before = await orderRow(bought._id);
    expect(before?.status).toBe('completed');
    // The invocation died after the provider made the label and before the answer was stored, three minutes ago.
    await asIfCrashedMidPurchase(bought._id, 3 * 60_000);

    const messages = await shop.cron();
    const sweep = messages.find((m) => m.type === 'orders.reconcile-due');
    if (!sweep) throw new Error(`the cron sent no sweep: ${JSON.stringify(messages)}`);
    const result = await shop.deliver([{ id: 'sweep', body: sweep }]);
    expect(result.explicitAcks).toEqual(['sweep']);

    // The order has the label the provider made for it, not a second one.
    expect(await orderRow(bought._id)).toEqual(before);
    expect((await labelsByReference(carrier))[bought._id]).toBe(1);
    const price = Math.round(bought.order.price * 100);
    expect(await d1Money(buyer.user._id)).toEqual({
      balance: 5_000 - price,
      ledger: 5_000 - price,
      debits: 1,
      refunds: 0,
    });
  });

  it('a bulk row whose message was never acknowledged is delivered again and bought once', async () => {
    const shop = workerShop(carrier, 'crash-bulk');
    const { api, buyer } = await shop.open(100);
    const bulk = await shop.bulkOrder(buyer.token, api._id, 2);
    const first = await shop.deliver([{ id: 'row0', body: bulk.messageOf(0) }]);
    expect(first.explicitAcks).toEqual(['row0']);
    const row0 = bulk.rows[0];
    if (!row0) throw new Error('no row 0');
    const bought = (await d1Rows(bulk.bulkOrderId))[0];
    expect(bought?.status).toBe('completed');
    // The isolate died before it stored the answer and acknowledged the message: the Queue delivers it again.
    await asIfCrashedMidPurchase(row0.id, 60_000);
    const again = await shop.deliver([
      { id: 'row0-again', body: bulk.messageOf(0), attempts: 2 },
      { id: 'row1', body: bulk.messageOf(1) },
    ]);
    expect([...again.explicitAcks].sort()).toEqual(['row0-again', 'row1']);

    const rows = await d1Rows(bulk.bulkOrderId);
    expect(rows.map((r) => r.status)).toEqual(['completed', 'completed']);
    expect(rows[0]?.tracking_number).toBe(bought?.tracking_number);
    const labels = await labelsByReference(carrier);
    for (const r of rows) expect(labels[r.id], `labels of row ${r.row_index}`).toBe(1);
    const status = await env.DB.prepare('SELECT status FROM bulk_orders WHERE id = ?').bind(bulk.bulkOrderId).first();
    expect(status).toEqual({ status: 'completed' });
    const spent = rows.reduce((s, r) => s + r.price_cents, 0);
    expect(await d1Money(buyer.user._id)).toEqual({
      balance: 10_000 - spent,
      ledger: 10_000 - spent,
      debits: 1,
      refunds: 0,
    });
  });
});
