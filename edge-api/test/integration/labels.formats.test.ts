import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OrderResponse, type ShippingApiConfig } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shippingApis } from '../../src/db/schema';
import { call, type TestServer } from './helpers';
import { buyLabel, fetchLabel, labelLink, newCustomer, startShop, startsWithPdf, upsGround } from './orders-support';
import { carrierOf } from './providers-support';

/**
 * Runs `tool` on the bytes written to a temp file; its stdout. zbarimg (zbar-tools) and pdftotext (poppler-utils) are
 * required: a missing one fails the test rather than letting it pass unchecked.
 */
function runOn(tool: string, args: (file: string) => string[], bytes: Uint8Array, name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'label-formats-'));
  try {
    const file = join(dir, name);
    writeFileSync(file, bytes);
    return execFileSync(tool, args(file), { stdio: ['ignore', 'pipe', 'ignore'] }).toString('utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const pngSize = (png: Uint8Array) => {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
};

/** One label in every format (issue 24): PDF, PNG and ZPL at both resolutions, from the carrier that bought it. */
describe('label formats', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string };
  let orderId: string;
  let trackingNumber: string;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop());
    alice = await newCustomer(server, admin, 50, 'Alice Formats');
    const order = await buyLabel(server, alice.token, upsGround(api1));
    orderId = order._id;
    trackingNumber = order.order.trackingNumber;
  });
  afterAll(() => server.stop());

  const download = (query: string, token = alice.token) =>
    fetchLabel(server, `/api/labels/${orderId}/download${query}`, token);

  it('PDF stays the default: no format, or format=pdf, is the 4x6 PDF named label-<id>.pdf', async () => {
    for (const query of ['', '?format=pdf']) {
      const res = await download(query);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/pdf');
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="label-${orderId}.pdf"`);
      expect(startsWithPdf(res.bytes)).toBe(true);
    }
  });

  it('ZPL: one ^XA…^XZ format at 203 dpi (^PW812 ^LL1218) or 300 dpi (^PW1200), the tracking number in a ^BC field', async () => {
    const res = await download('?format=zpl');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zpl');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="label-${orderId}.zpl"`);
    const zpl = new TextDecoder().decode(res.bytes);
    expect(zpl.trim().startsWith('^XA')).toBe(true);
    expect(zpl.trim().endsWith('^XZ')).toBe(true);
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(zpl).toContain('^PW812');
    expect(zpl).toContain('^LL1218');
    expect(zpl).toMatch(new RegExp(`\\^BCN,[^\\n]*\\^FD${trackingNumber}\\^FS`));
    expect(zpl).toContain('^FDGRACE RECEIVER^FS');

    const hi = new TextDecoder().decode((await download('?format=zpl&dpi=300')).bytes);
    expect(hi).toContain('^PW1200');
    expect(hi).toContain('^LL1800');
    expect(hi).toMatch(new RegExp(`\\^FD${trackingNumber}\\^FS`));
  });

  it('PNG: 1200x1800, and its barcode scans as the tracking number (zbarimg)', async () => {
    const res = await download('?format=png');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="label-${orderId}.png"`);
    expect(pngSize(res.bytes)).toEqual({ width: 1200, height: 1800 });
    expect(runOn('zbarimg', (f) => ['-q', f], res.bytes, 'label.png').trim()).toBe(`CODE-128:${trackingNumber}`);
  });

  it('the order id is printed on the PDF as its reference (pdftotext)', async () => {
    const text = runOn('pdftotext', (f) => ['-layout', f, '-'], (await download('')).bytes, 'label.pdf');
    expect(text).toContain(`REF: ${orderId}`);
  });

  it('a signed link opens the label in any format (the signature names the label, not the format)', async () => {
    const link = await labelLink(server, alice.token, orderId);
    const res = await fetchLabel(server, `${link.url}&format=zpl`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="label-${orderId}.zpl"`);
  });

  it('an unknown format or dpi is a 400 naming the parameter', async () => {
    for (const query of ['?format=gif', '?format=zpl&dpi=600']) {
      const res = await download(query);
      expect(res.status).toBe(400);
      const body = JSON.parse(new TextDecoder().decode(res.bytes));
      expect(body.error.code).toBe('invalid_input');
      expect(body.error.details[0]?.path).toBe(query.includes('dpi') ? 'dpi' : 'format');
    }
  });

  it('keeps each format after the first read: served from storage while the carrier is down', async () => {
    const first = await download('?format=png');
    const stored = await server.services.blobs.get(`labels/${orderId}.png`);
    expect(stored?.contentType).toBe('image/png');
    carrierOf(server).setDown(true);
    try {
      const again = await download('?format=png');
      expect(again.status).toBe(200);
      expect(again.bytes).toEqual(first.bytes);
      // Each resolution is its own file, kept since the ZPL test read it.
      const zpl = new TextDecoder().decode((await download('?format=zpl&dpi=300')).bytes);
      expect(zpl).toContain('^PW1200');
    } finally {
      carrierOf(server).setDown(false);
    }
  });

  it('a format the API that bought the label cannot give is refused (400), PDF still served', async () => {
    const offered = async () => {
      const res = await call(server, 'GET', `/api/orders/${orderId}`, { token: alice.token });
      expect(res.status, res.text).toBe(200);
      return OrderResponse.parse(res.body).order.labelFormats;
    };
    // The order details say what the screens may offer: every format here, the PDF only from a Shippo API.
    expect(await offered()).toEqual(['pdf', 'png', 'zpl']);
    await server.services.db.update(shippingApis).set({ kind: 'shippo' }).where(eq(shippingApis.id, api1._id));
    try {
      expect(await offered()).toEqual(['pdf']);
      const res = await download('?format=zpl&dpi=300');
      expect(res.status).toBe(400);
      const body = JSON.parse(new TextDecoder().decode(res.bytes));
      expect(body.error.message).toBe(
        'This label is not available as ZPL: its shipping service does not print that format',
      );
      expect((await download('?format=pdf')).status).toBe(200);
    } finally {
      await server.services.db.update(shippingApis).set({ kind: 'generic' }).where(eq(shippingApis.id, api1._id));
    }
  });

  it("label settings: PDF unless changed; the owner's format and dpi then serve a download without ?format", async () => {
    const settings = (token: string) => call(server, 'GET', '/api/label-settings', { token });
    expect((await settings(alice.token)).body).toEqual({ labelFormat: 'pdf', zplDpi: 203 });

    for (const bad of [{ labelFormat: 'gif', zplDpi: 203 }, { labelFormat: 'zpl', zplDpi: 600 }, {}]) {
      const res = await call(server, 'PUT', '/api/label-settings', { token: alice.token, json: bad });
      expect(res.status).toBe(400);
    }
    expect((await settings(alice.token)).body).toEqual({ labelFormat: 'pdf', zplDpi: 203 });

    const saved = await call(server, 'PUT', '/api/label-settings', {
      token: alice.token,
      json: { labelFormat: 'zpl', zplDpi: 300 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ labelFormat: 'zpl', zplDpi: 300, message: 'Label settings saved' });

    const res = await download('');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="label-${orderId}.zpl"`);
    expect(new TextDecoder().decode(res.bytes)).toContain('^PW1200');
    // An explicit format still wins, and a signed link (no session) follows the owner's settings too.
    expect(startsWithPdf((await download('?format=pdf')).bytes)).toBe(true);
    const link = await labelLink(server, alice.token, orderId);
    expect((await fetchLabel(server, link.url)).headers.get('content-type')).toBe('application/zpl');
    // The print view always frames the PDF: the browser prints that.
    const print = new TextDecoder().decode((await fetchLabel(server, link.printUrl)).bytes);
    expect(print).toContain('&#38;format=pdf"');

    // Someone else's settings are their own.
    const bob = await newCustomer(server, admin, 5, 'Bob Defaults');
    expect((await settings(bob.token)).body).toEqual({ labelFormat: 'pdf', zplDpi: 203 });
    expect((await call(server, 'GET', '/api/label-settings')).status).toBe(401);
  });
});
