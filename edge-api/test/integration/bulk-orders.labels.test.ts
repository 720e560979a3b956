import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BULK_MESSAGES, BulkLabelLinkResponse, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { formatTrackingNumber } from '@labeldesk/sandbox-carrier';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkOrders, orders } from '../../src/db/schema';
import { combineLabelsJob } from '../../src/use-cases/bulk-orders/build-combined-labels';
import { buyRows, csvRow, PROVIDER_REFUSED_STREET, waitForBulk } from './bulk-engine-support';
import { bulkDetail, bulkHistory, pageSizes, pageTexts, purchase, seedBulkOrder } from './bulk-orders-support';
import { call, errorOf, type TestServer } from './helpers';
import { waitFor } from './money-support';
import { fetchLabel, newCustomer, startShop, startsWithPdf } from './orders-support';

/**
 * The combined labels PDF of a bulk order over HTTP: one 4x6 page per bought label in row order (read back from the
 * PDF's own text), built on demand and kept, rebuilt when more labels were bought, signed links and sessions, the
 * `bulk.combine-labels` job.
 */
describe('bulk orders: combined labels', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let bulkId: string;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    alice = await newCustomer(server, admin, 300, 'Alice Labels');
    bob = await newCustomer(server, admin, 50, 'Bob Labels');
    // Bought in the reverse of row order, with a refused row and an open row between them.
    const c = await purchase(server, alice.token, api1, { recipientName: 'Third Row' });
    const refused = await purchase(server, alice.token, api1, { recipientName: 'Refused Row', refused: true });
    const b = await purchase(server, alice.token, api1, { recipientName: 'Second Row' });
    const a = await purchase(server, alice.token, api1, { recipientName: 'First Row' });
    bulkId = await seedBulkOrder(server, {
      userId: alice.id,
      rows: [{ orderId: a }, { orderId: refused }, { orderId: b }, { openLike: a }, { orderId: c }],
    });
  });
  afterAll(() => server.stop());

  const link = async (token: string, id = bulkId) => {
    const res = await call(server, 'POST', `/api/labels/bulk/${id}/link`, { token });
    expect(res.status, res.text).toBe(200);
    return BulkLabelLinkResponse.parse(res.body);
  };
  const labelsKey = async () =>
    (await server.services.db.select().from(bulkOrders).where(eq(bulkOrders.id, bulkId)))[0]?.labelsBlobKey;
  const blobFile = (key: string) => join(server.dataDir, 'blobs', 'data', ...key.split('/'));

  /** The tracking number printed on each page, in page order. */
  async function printedTracking(pdf: Uint8Array): Promise<string[]> {
    return (await pageTexts(pdf)).map((texts) => texts.find((t) => /^1Z [0-9A-Z]{3} /.test(t)) ?? '(none)');
  }
  async function expectedTracking(): Promise<string[]> {
    const detail = await bulkDetail(server, alice.token, bulkId);
    return detail.orders
      .filter((o) => o.status === 'completed')
      .map((o) => formatTrackingNumber('UPS', o.trackingNumber));
  }

  it('one 4x6 page per bought label, in row order, through a signed link without a session', async () => {
    const signed = await link(alice.token);
    expect(signed.url).toMatch(new RegExp(`^/api/labels/bulk/${bulkId}\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    const res = await fetchLabel(server, signed.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="bulk-labels-${bulkId}.pdf"`);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(startsWithPdf(res.bytes)).toBe(true);

    const expected = await expectedTracking();
    expect(expected).toHaveLength(3);
    expect(await printedTracking(res.bytes)).toEqual(expected);
    expect(await pageSizes(res.bytes)).toEqual(Array(3).fill({ width: 288, height: 432 }));
    // The recipients confirm the row order (the labels were bought last row first).
    const pages = await pageTexts(res.bytes);
    expect(pages.map((texts) => texts.find((t) => t.endsWith(' ROW')))).toEqual([
      'FIRST ROW',
      'SECOND ROW',
      'THIRD ROW',
    ]);

    // Kept in the blob store and recorded on the bulk order.
    expect(await labelsKey()).toBe(`bulk-labels/${bulkId}-3.pdf`);
    expect(existsSync(blobFile(`bulk-labels/${bulkId}-3.pdf`))).toBe(true);

    const download = await fetchLabel(server, signed.downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="bulk-labels-${bulkId}.pdf"`);
    expect(download.bytes).toEqual(res.bytes);
  });

  it('a label bought later makes a new document; the stale one is removed', async () => {
    const before = await labelsKey();
    // The open row's label arrives (as the engine would complete it): a real purchase put in its place.
    const fourth = await purchase(server, alice.token, api1, { recipientName: 'Fourth Row' });
    await server.services.db.delete(orders).where(and(eq(orders.bulkOrderId, bulkId), eq(orders.rowIndex, 3)));
    await server.services.db
      .update(orders)
      .set({ bulkOrderId: bulkId, rowIndex: 3, source: 'bulk' })
      .where(eq(orders.id, fourth));

    const res = await fetchLabel(server, `/api/labels/bulk/${bulkId}`, alice.token);
    expect(res.status).toBe(200);
    const pages = await pageTexts(res.bytes);
    expect(pages.map((texts) => texts.find((t) => t.endsWith(' ROW')))).toEqual([
      'FIRST ROW',
      'SECOND ROW',
      'FOURTH ROW',
      'THIRD ROW',
    ]);
    expect(await printedTracking(res.bytes)).toEqual(await expectedTracking());
    expect(await labelsKey()).toBe(`bulk-labels/${bulkId}-4.pdf`);
    expect(existsSync(blobFile(before ?? 'missing'))).toBe(false);
  });

  it('a label whose PDF is not stored is fetched from the provider', async () => {
    const detail = await bulkDetail(server, alice.token, bulkId);
    const first = detail.orders[0]?.orderId ?? '';
    rmSync(join(server.dataDir, 'blobs', 'data', 'labels', `${first}.pdf`));
    const key = (await labelsKey()) ?? '';
    rmSync(blobFile(key));
    const res = await fetchLabel(server, `/api/labels/bulk/${bulkId}`, admin);
    expect(res.status).toBe(200);
    expect(await printedTracking(res.bytes)).toEqual(await expectedTracking());
    expect(existsSync(join(server.dataDir, 'blobs', 'data', 'labels', `${first}.pdf`))).toBe(true);
  });

  it('links and sessions: others get 404, no credentials or a bad signature 403', async () => {
    // Bob can neither open it nor get a link for it.
    expect((await fetchLabel(server, `/api/labels/bulk/${bulkId}`, bob.token)).status).toBe(404);
    const bobLink = await call(server, 'POST', `/api/labels/bulk/${bulkId}/link`, { token: bob.token });
    expect(bobLink.status).toBe(404);
    expect(errorOf(bobLink).error.message).toBe(BULK_MESSAGES.bulkOrderNotFound);
    // The admin can do both.
    expect((await fetchLabel(server, (await link(admin)).url)).status).toBe(200);

    const anonymous = await call(server, 'GET', `/api/labels/bulk/${bulkId}`);
    expect(anonymous.status).toBe(403);
    expect(errorOf(anonymous).error.message).toBe(ORDER_MESSAGES.labelLinkInvalid);
    expect(anonymous.headers.get('cache-control')).toBe('no-store');
    const signed = await link(alice.token);
    const tampered = signed.url.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`);
    expect((await fetchLabel(server, tampered)).status).toBe(403);
    // A link signed for one bulk order opens no other, and no single label either.
    const other = await seedBulkOrder(server, {
      userId: alice.id,
      rows: [{ orderId: await purchase(server, alice.token, api1, { recipientName: 'Other Bulk' }) }],
    });
    const query = signed.url.slice(signed.url.indexOf('?'));
    expect((await fetchLabel(server, `/api/labels/bulk/${other}${query}`)).status).toBe(403);
    const detail = await bulkDetail(server, alice.token, bulkId);
    expect((await fetchLabel(server, `/api/labels/${detail.orders[0]?.orderId}${query}`)).status).toBe(403);
    // Anonymous link requests are refused.
    expect((await call(server, 'POST', `/api/labels/bulk/${bulkId}/link`)).status).toBe(401);
  });

  it('no label bought yet (or ever): 404 with the SPEC text', async () => {
    const refused = await purchase(server, bob.token, api1, { recipientName: 'Bob Refused', refused: true });
    const failedBulk = await seedBulkOrder(server, { userId: bob.id, rows: [{ orderId: refused }] });
    const res = await call(server, 'GET', `/api/labels/bulk/${failedBulk}`, { token: bob.token });
    expect(res.status).toBe(404);
    expect(errorOf(res).error.message).toBe(BULK_MESSAGES.labelsNotReady);
  });

  it('the bulk.combine-labels job builds and keeps the document', async () => {
    const bought = await purchase(server, bob.token, api1, { recipientName: 'Bob Job' });
    const jobBulk = await seedBulkOrder(server, { userId: bob.id, rows: [{ orderId: bought }] });
    await server.services.queue.send(combineLabelsJob(jobBulk));
    const key = `bulk-labels/${jobBulk}-1.pdf`;
    const deadline = Date.now() + 10_000;
    let recorded: string | null | undefined;
    while (Date.now() < deadline) {
      [{ labelsBlobKey: recorded } = { labelsBlobKey: null }] = await server.services.db
        .select({ labelsBlobKey: bulkOrders.labelsBlobKey })
        .from(bulkOrders)
        .where(eq(bulkOrders.id, jobBulk));
      if (recorded) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(recorded).toBe(key);
    expect(existsSync(blobFile(key))).toBe(true);
    const res = await fetchLabel(server, `/api/labels/bulk/${jobBulk}`, bob.token);
    expect((await pageTexts(res.bytes)).map((t) => t.find((x) => x === 'BOB JOB'))).toEqual(['BOB JOB']);
  });

  it('end to end through the engine: process, final status, then the job has the document ready', async () => {
    const carol = await newCustomer(server, admin, 100, 'Carol Flow');
    const rows = [
      csvRow({ toName: 'Flow One' }),
      csvRow({ toName: 'Flow Refused', toStreet1: PROVIDER_REFUSED_STREET }),
      csvRow({ toName: 'Flow Three', toCompany: '=EVIL()' }),
      csvRow({ toName: 'Flow Four' }),
    ];
    // The formula cell is refused by validation (row 2 is not selected); the others are bought.
    const { created, selected } = await buyRows(server, carol.token, api1, rows);
    expect(selected.map((r) => r.rowIndex)).toEqual([0, 1, 3]);
    const final = await waitForBulk(server, created.bulkOrderId);
    expect(final.status).toBe('partial');

    const history = await bulkHistory(server, carol.token);
    expect(history.bulkOrders[0]).toMatchObject({
      bulkOrderId: created.bulkOrderId,
      status: 'partial',
      orderCount: 3,
      failedOrderCount: 1,
      hasFailures: true,
      hasLabels: true,
      refundedAmount: selected[1]?.price,
      processingStatus: {
        isProcessing: false,
        totalLabels: 3,
        labelsProcessed: 3,
        labelsRemaining: 0,
        labelsFailed: 1,
      },
    });
    const detail = await bulkDetail(server, carol.token, created.bulkOrderId);
    expect(detail.orders.map((o) => [o.rowIndex, o.recipient.name, o.status])).toEqual([
      [0, 'Flow One', 'completed'],
      [1, 'Flow Refused', 'failed'],
      [3, 'Flow Four', 'completed'],
    ]);
    expect(detail.failedOrders).toEqual([
      expect.objectContaining({ rowIndex: 1, recipient: 'Flow Refused', attempts: 1 }),
    ]);
    expect(detail.failedOrders[0]?.error).toBeTruthy();

    // The failed row as the upload had it, Amazon columns included.
    const csv = await call(server, 'GET', `/api/orders/bulk/${created.bulkOrderId}/failed-csv`, { token: carol.token });
    expect(csv.status).toBe(200);
    const [header, line] = csv.text.split('\r\n');
    expect(header?.endsWith(',description,orderNumber,sku,productName,rowNumber,error')).toBe(true);
    expect(line).toContain(`,Flow Refused,,${PROVIDER_REFUSED_STREET},Suite 200,San Francisco,CA,94105,`);
    expect(line).toContain(`,${rows[1]?.orderNumber},${rows[1]?.sku},,2,`);

    // Finalization enqueued bulk.combine-labels: the document is stored without anyone asking for it.
    const key = await waitFor(async () => {
      const [row] = await server.services.db
        .select({ key: bulkOrders.labelsBlobKey })
        .from(bulkOrders)
        .where(eq(bulkOrders.id, created.bulkOrderId));
      return row?.key ?? undefined;
    });
    expect(key).toBe(`bulk-labels/${created.bulkOrderId}-2.pdf`);
    const pdf = await fetchLabel(server, (await link(carol.token, created.bulkOrderId)).url);
    expect((await pageTexts(pdf.bytes)).map((t) => t.find((x) => x.startsWith('FLOW ')))).toEqual([
      'FLOW ONE',
      'FLOW FOUR',
    ]);
  });
});
