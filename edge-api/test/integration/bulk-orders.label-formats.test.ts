import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingApis } from '../../src/db/schema';
import { buildOpenApiDocument } from '../../src/routes/v1/openapi';
import { buyRows, csvRow, waitForBulk } from './bulk-engine-support';
import { bulkDetail } from './bulk-orders-support';
import { call, type TestServer } from './helpers';
import { fetchLabel, newCustomer, startShop } from './orders-support';
import { pdfInfo, pdfText } from './poppler-support';
import { apiKeysOf, v1 } from './public-api-support';

/**
 * A bulk order's combined labels in the other formats (issue 24): GET /api/labels/bulk/{id}?format=zpl|letter-2up,
 * read back with poppler (pdfinfo, pdftotext) and by counting ZPL blocks.
 */
describe('bulk orders: combined labels as ZPL and Letter 2-up', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string };
  let bulkId: string;
  let orderIds: string[];

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    alice = await newCustomer(server, admin, 100, 'Alice Formats');
    const rows = [1, 2, 3].map((n) => csvRow({ reference: `ROW-${n}` }));
    const { created } = await buyRows(server, alice.token, api1, rows);
    bulkId = created.bulkOrderId;
    expect((await waitForBulk(server, bulkId)).status).toBe('completed');
    orderIds = (await bulkDetail(server, alice.token, bulkId)).orders.map((o) => o._id);
    expect(orderIds).toHaveLength(3);
  });
  afterAll(() => server.stop());

  /** The combined documents of this bulk order in the blob store's folder (read from the disk, not through the store). */
  const storedDocuments = () => {
    const dir = join(server.dataDir, 'blobs', 'data', 'bulk-labels');
    return existsSync(dir)
      ? readdirSync(dir)
          .filter((name) => name.startsWith(`${bulkId}-`))
          .sort()
      : [];
  };
  const get = (query: string) => fetchLabel(server, `/api/labels/bulk/${bulkId}${query}`, alice.token);

  it('letter-2up: ceil(n/2) Letter pages holding every label in row order', async () => {
    const res = await get('?format=letter-2up');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="bulk-labels-${bulkId}-letter.pdf"`);
    expect(pdfInfo(res.bytes)).toEqual({ pages: 2, pageSize: { width: 612, height: 792 } });
    const text = pdfText(res.bytes);
    const at = orderIds.map((id, i) => text.indexOf(`REF: ROW-${i + 1} / ${id}`));
    expect(at.every((i) => i >= 0)).toBe(true);
    expect([...at].sort((a, b) => a - b)).toEqual(at);
    // The 4x6 PDF is unchanged: one page per label.
    expect(pdfInfo((await get('')).bytes)).toEqual({ pages: 3, pageSize: { width: 288, height: 432 } });
  });

  it('zpl: one ^XA…^XZ block per label in row order, as an attachment named like the PDF', async () => {
    const res = await get('?format=zpl&dpi=300');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zpl');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="bulk-labels-${bulkId}.zpl"`);
    const zpl = new TextDecoder().decode(res.bytes);
    const blocks = zpl.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks).toHaveLength(3);
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    expect(blocks.map((b) => /REF: (ROW-\d) \/ (ord_\w+)/.exec(b)?.slice(1))).toEqual(
      orderIds.map((id, i) => [`ROW-${i + 1}`, id]),
    );
    expect(blocks.every((b) => b.includes('^PW1200'))).toBe(true);
  });

  it('zpl is a clear 400 when a label’s service cannot print it; an unknown format is a 400 too', async () => {
    // The details say which formats the combined labels come in (the bulk details screen offers those).
    expect((await bulkDetail(server, alice.token, bulkId)).labelFormats).toEqual(['pdf', 'zpl', 'letter-2up']);
    await server.services.db.update(shippingApis).set({ kind: 'shippo' }).where(eq(shippingApis.id, api1._id));
    try {
      expect((await bulkDetail(server, alice.token, bulkId)).labelFormats).toEqual(['pdf', 'letter-2up']);
      expect((await bulkDetail(server, admin, bulkId, true)).labelFormats).toEqual(['pdf', 'letter-2up']);
      const res = await get('?format=zpl');
      expect(res.status).toBe(400);
      expect(JSON.parse(new TextDecoder().decode(res.bytes)).error.message).toBe(
        "This bulk order's labels are not all available as ZPL: the shipping service of row 1 does not print that format",
      );
      // Letter sheets are made from the PDFs every service gives.
      expect((await get('?format=letter-2up')).status).toBe(200);
    } finally {
      await server.services.db.update(shippingApis).set({ kind: 'generic' }).where(eq(shippingApis.id, api1._id));
    }
    expect((await get('?format=png')).status).toBe(400);
  });

  it('the public API’s GET /bulk-labels/{id} takes the same format and dpi, as documented in OpenAPI', async () => {
    const key = (await apiKeysOf(server, alice.token)).apiKey;
    const template = '/bulk-labels/:bulk_order_id';
    const zpl = await v1(server, 'GET', `/bulk-labels/${bulkId}?format=zpl&dpi=300`, { key, template });
    expect(zpl.status, zpl.text.slice(0, 200)).toBe(200);
    expect(zpl.headers.get('content-type')).toBe('application/zpl');
    const blocks = zpl.text.match(/\^XA[\s\S]*?\^XZ/g) ?? [];
    expect(blocks.map((b) => /REF: (ROW-\d)/.exec(b)?.[1])).toEqual(['ROW-1', 'ROW-2', 'ROW-3']);
    expect(blocks.every((b) => b.includes('^PW1200'))).toBe(true);
    // Without dpi, 203 (as /labels/{id}).
    const at203 = await v1(server, 'GET', `/bulk-labels/${bulkId}?format=zpl`, { key, template });
    expect(at203.text.match(/\^PW812/g)).toHaveLength(3);

    const letter = await fetch(`${server.url}/api/v1/bulk-labels/${bulkId}?format=letter-2up`, {
      headers: { 'x-api-key': `Bearer ${key}` },
    });
    expect(letter.status).toBe(200);
    expect(letter.headers.get('content-disposition')).toBe(`inline; filename="bulk-labels-${bulkId}-letter.pdf"`);
    expect(pdfInfo(new Uint8Array(await letter.arrayBuffer()))).toEqual({
      pages: 2,
      pageSize: { width: 612, height: 792 },
    });
    const pdf = await fetch(`${server.url}/api/v1/bulk-labels/${bulkId}`, {
      headers: { 'x-api-key': `Bearer ${key}` },
    });
    expect(pdfInfo(new Uint8Array(await pdf.arrayBuffer()))).toEqual({
      pages: 3,
      pageSize: { width: 288, height: 432 },
    });

    const png = await v1(server, 'GET', `/bulk-labels/${bulkId}?format=png`, { key, template });
    expect(png.status).toBe(400);
    const parameters = (
      buildOpenApiDocument() as { paths: Record<string, { get: { parameters: { name: string; schema: unknown }[] } }> }
    ).paths['/bulk-labels/{bulk_order_id}']?.get.parameters;
    expect(parameters?.find((p) => p.name === 'format')?.schema).toMatchObject({
      enum: ['pdf', 'zpl', 'letter-2up'],
      default: 'pdf',
    });
  });

  it('a voided row leaves every combined document: the 4x6 PDF and the ZPL hold the other labels only', async () => {
    // Built and stored with all three first, so the stored document is what must not be served again.
    expect(pdfInfo((await get('')).bytes).pages).toBe(3);
    const voided = await call(server, 'POST', `/api/orders/${orderIds[1]}/void`, { token: alice.token });
    expect(voided.status, voided.text).toBe(200);
    const pdf = await get('');
    expect(pdfInfo(pdf.bytes).pages).toBe(2);
    const text = pdfText(pdf.bytes);
    expect(text).toContain('REF: ROW-1');
    expect(text).not.toContain('REF: ROW-2');
    expect(text).toContain('REF: ROW-3');
    const zpl = new TextDecoder().decode((await get('?format=zpl')).bytes);
    expect(zpl.match(/REF: ROW-\d/g)).toEqual(['REF: ROW-1', 'REF: ROW-3']);
  });

  it('the stored documents of the labels before a void are deleted: only the current ones stay', async () => {
    // The documents stored now hold two labels (the void above); each format and resolution is stored once read.
    for (const query of ['', '?format=letter-2up', '?format=zpl', '?format=zpl&dpi=300']) {
      expect((await get(query)).status).toBe(200);
    }
    const before = storedDocuments();
    expect(before).toHaveLength(4);
    expect(before.every((name) => name.startsWith(`${bulkId}-2`))).toBe(true);

    const voided = await call(server, 'POST', `/api/orders/${orderIds[2]}/void`, { token: alice.token });
    expect(voided.status, voided.text).toBe(200);
    // The void removed every document holding the voided label.
    expect(storedDocuments()).toEqual([]);

    // Read again: built for the one label left, and nothing else is kept.
    const pdf = await get('');
    expect(pdfInfo(pdf.bytes).pages).toBe(1);
    expect(pdfText(pdf.bytes)).toContain('REF: ROW-1');
    expect(pdfInfo((await get('?format=letter-2up')).bytes).pages).toBe(1);
    expect((await get('?format=zpl')).status).toBe(200);
    const after = storedDocuments();
    expect(after).toHaveLength(3);
    expect(after.every((name) => name.startsWith(`${bulkId}-1`))).toBe(true);
    expect(after.filter((name) => before.includes(name))).toEqual([]);
  });
});
