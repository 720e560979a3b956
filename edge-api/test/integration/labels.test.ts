import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { LABEL_LINK_TTL_SECONDS, ORDER_MESSAGES, type ShippingApiConfig } from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../src/db/schema';
import { call, errorOf, type TestServer } from './helpers';
import { buyLabel, fetchLabel, labelLink, newCustomer, startShop, startsWithPdf, upsGround } from './orders-support';

/** Label documents: signed short-lived links, sessions, the role matrix, headers, and the provider fallback. */
describe('label documents', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;
  let alice: { token: string; id: string };
  let bob: { token: string; id: string };
  let orderId: string;
  const offset = { ms: 0 };

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({ clock: { now: () => new Date(Date.now() + offset.ms) } }));
    alice = await newCustomer(server, admin, 50, 'Alice Owner');
    bob = await newCustomer(server, admin, 50, 'Bob Other');
    orderId = (await buyLabel(server, alice.token, upsGround(api1)))._id;
  });
  afterAll(() => server.stop());

  function expectLabelHeaders(headers: Headers) {
    expect(headers.get('referrer-policy')).toBe('no-referrer');
    expect(headers.get('cache-control')).toBe('no-store');
  }

  it('a signed link opens the PDF inline, as a download and in a print view, without a session', async () => {
    const before = Date.now();
    const link = await labelLink(server, alice.token, orderId);
    const expiresAt = Date.parse(link.expiresAt);
    expect(expiresAt - before).toBeLessThanOrEqual((LABEL_LINK_TTL_SECONDS + 1) * 1000);
    expect(expiresAt - before).toBeGreaterThan((LABEL_LINK_TTL_SECONDS - 5) * 1000);
    for (const url of [link.url, link.downloadUrl, link.printUrl]) {
      expect(url).toMatch(new RegExp(`^/api/labels/${orderId}(/download|/print)?\\?exp=\\d+&sig=[0-9a-f]{64}$`));
    }

    const inline = await fetchLabel(server, link.url);
    expect(inline.status).toBe(200);
    expectLabelHeaders(inline.headers);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('content-disposition')).toBe(`inline; filename="label-${orderId}.pdf"`);
    expect(startsWithPdf(inline.bytes)).toBe(true);

    const download = await fetchLabel(server, link.downloadUrl);
    expect(download.status).toBe(200);
    expectLabelHeaders(download.headers);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="label-${orderId}.pdf"`);
    expect(download.bytes).toEqual(inline.bytes);

    const print = await fetchLabel(server, link.printUrl);
    expect(print.status).toBe(200);
    expectLabelHeaders(print.headers);
    expect(print.headers.get('content-type')).toContain('text/html');
    const html = new TextDecoder().decode(print.bytes);
    // The page frames the inline PDF (same signed query, HTML-escaped) and prints it once loaded.
    expect(html).toContain(`src="${`${link.url}&format=pdf`.replace(/&/g, '&#38;')}"`);
    expect(html).toContain('.print()');
    const csp = print.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-src 'self'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`<script nonce="${nonce}">`);
    // The same-origin frame is allowed.
    expect(print.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });

  it('a tampered, foreign, missing or expired signature is refused with 403', async () => {
    const link = await labelLink(server, alice.token, orderId);
    const sig = /sig=([0-9a-f]+)/.exec(link.url)?.[1] ?? '';
    const exp = /exp=(\d+)/.exec(link.url)?.[1] ?? '';
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    // A link signed for Bob's own label does not open Alice's.
    const bobOrder = (await buyLabel(server, bob.token, upsGround(api1)))._id;
    const bobLink = await labelLink(server, bob.token, bobOrder);
    const bobQuery = bobLink.url.slice(bobLink.url.indexOf('?'));
    const refused = [
      `/api/labels/${orderId}?exp=${exp}&sig=${flipped}`,
      `/api/labels/${orderId}?exp=${Number(exp) + 60}&sig=${sig}`,
      `/api/labels/${orderId}${bobQuery}`,
      `/api/labels/${orderId}/download${bobQuery}`,
      `/api/labels/${orderId}/print?exp=${exp}&sig=${flipped}`,
      `/api/labels/${orderId}`,
      `/api/labels/${orderId}/download`,
      `/api/labels/${orderId}?exp=${exp}`,
      `/api/labels/${orderId}?sig=${sig}`,
    ];
    for (const url of refused) {
      const res = await call(server, 'GET', url);
      expect(res.status, url).toBe(403);
      expectLabelHeaders(res.headers);
      expect(errorOf(res).error).toMatchObject({ code: 'forbidden', message: ORDER_MESSAGES.labelLinkInvalid });
    }
    // Bob's link still opens Bob's label.
    expect((await fetchLabel(server, bobLink.url)).status).toBe(200);

    // Past its expiry (the server clock moves on), the untouched link is refused too.
    expect((await fetchLabel(server, link.url)).status).toBe(200);
    offset.ms = (LABEL_LINK_TTL_SECONDS + 2) * 1000;
    try {
      const expired = await call(server, 'GET', link.url);
      expect(expired.status).toBe(403);
      expect(errorOf(expired).error.message).toBe(ORDER_MESSAGES.labelLinkInvalid);
      expect((await call(server, 'GET', link.downloadUrl)).status).toBe(403);
    } finally {
      offset.ms = 0;
    }
  });

  it('with a session: the owner and an admin open the label; another customer gets 404 and no link', async () => {
    for (const token of [alice.token, admin]) {
      const inline = await fetchLabel(server, `/api/labels/${orderId}`, token);
      expect(inline.status).toBe(200);
      expect(startsWithPdf(inline.bytes)).toBe(true);
      expectLabelHeaders(inline.headers);
      const print = await fetchLabel(server, `/api/labels/${orderId}/print`, token);
      expect(print.status).toBe(200);
      // The print view frames a freshly signed link (a frame cannot send the Bearer header).
      expect(new TextDecoder().decode(print.bytes)).toMatch(
        new RegExp(`src="/api/labels/${orderId}\\?exp=\\d+&#38;sig=[0-9a-f]{64}&#38;format=pdf"`),
      );
    }
    const adminLink = await labelLink(server, admin, orderId);
    expect((await fetchLabel(server, adminLink.downloadUrl)).status).toBe(200);

    for (const path of [`/api/labels/${orderId}`, `/api/labels/${orderId}/download`, `/api/labels/${orderId}/print`]) {
      const res = await call(server, 'GET', path, { token: bob.token });
      expect(res.status, path).toBe(404);
      expect(errorOf(res).error.message).toBe(ORDER_MESSAGES.labelNotFound);
      expectLabelHeaders(res.headers);
    }
    const bobLink = await call(server, 'POST', `/api/labels/${orderId}/link`, { token: bob.token });
    expect(bobLink.status).toBe(404);
    expect(errorOf(bobLink).error.message).toBe(ORDER_MESSAGES.orderNotFound);

    const unknown = await call(server, 'POST', '/api/labels/ord_does_not_exist/link', { token: alice.token });
    expect(unknown.status).toBe(404);
    expect((await call(server, 'POST', `/api/labels/${orderId}/link`)).status).toBe(401);
    // A bad session is a 401, not a way around the signature.
    expect((await call(server, 'GET', `/api/labels/${orderId}`, { token: 'not-a-token' })).status).toBe(401);
  });

  it('when the stored PDF is missing, the label is fetched from the provider and stored again', async () => {
    const order = (await buyLabel(server, alice.token, upsGround(api1)))._id;
    const file = join(server.dataDir, 'blobs', 'data', 'labels', `${order}.pdf`);
    // The purchase answers without waiting for the PDF to be written; it lands a moment later.
    await expect.poll(() => existsSync(file)).toBe(true);
    const stored = await fetchLabel(server, `/api/labels/${order}`, alice.token);
    rmSync(file);
    await server.services.db.update(orders).set({ labelBlobKey: null }).where(eq(orders.id, order));

    const refetched = await fetchLabel(server, `/api/labels/${order}/download`, alice.token);
    expect(refetched.status).toBe(200);
    expect(refetched.bytes).toEqual(stored.bytes);
    expect(existsSync(file)).toBe(true);
    const [row] = await server.services.db.select().from(orders).where(eq(orders.id, order));
    expect(row?.labelBlobKey).toBe(`labels/${order}.pdf`);
  });

  // Breaks the blob store on purpose: keep it last.
  it('a purchase still completes when the blob store refuses the PDF; the label then comes from the provider', async () => {
    // A file where the labels folder should be: every label write fails.
    const labelsDir = join(server.dataDir, 'blobs', 'data', 'labels');
    rmSync(labelsDir, { recursive: true, force: true });
    writeFileSync(labelsDir, 'not a folder');
    try {
      const bought = await buyLabel(server, alice.token, upsGround(api1));
      expect(bought.order).toMatchObject({ status: 'completed', hasLabel: true });
      await new Promise((r) => setTimeout(r, 200)); // the background write has failed by now
      expect(existsSync(join(labelsDir, `${bought._id}.pdf`))).toBe(false);
      const pdf = await fetchLabel(server, (await labelLink(server, alice.token, bought._id)).downloadUrl);
      expect(pdf.status).toBe(200);
      expect(startsWithPdf(pdf.bytes)).toBe(true);
    } finally {
      rmSync(labelsDir, { force: true });
    }
  });
});
