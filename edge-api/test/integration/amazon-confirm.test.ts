import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  AMAZON_CONFIRM_MESSAGES,
  AmazonConfirmationsResponse,
  AmazonConfirmResponse,
  AmazonForgetCredentialsResponse,
  AmazonSavedCredentialsResponse,
  type BulkCsvRow,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { amazonCredentials, orders } from '../../src/db/schema';
import { bulkRowsOf, buyRows, csvRow, PROVIDER_REFUSED_STREET, waitForBulk } from './bulk-engine-support';
import { call, errorOf, type TestServer } from './helpers';
import { newCustomer, startShop } from './orders-support';

/**
 * Amazon confirmation over HTTP against the embedded marketplace sandbox (/sandbox/marketplace): bulk orders bought
 * through the real bulk engine from rows carrying orderNumber/sku, a seller session signed in at the sandbox, and what
 * the sandbox recorded read back through its controls.
 */
const CONTROL_KEY = 'marketplace-sandbox-control-key-for-tests';

interface SellerSession {
  cookies: Array<{ name: string; value: string }>;
  cookieHeader: string;
  csrfToken: string;
}
interface Recorded {
  amazonOrderId: string;
  carrier: string;
  service: string;
  trackingNumber: string;
  requests: number;
}

describe('Amazon confirmation', () => {
  let server: TestServer;
  let admin: string;
  let api1: ShippingApiConfig;

  beforeAll(async () => {
    ({ server, admin, api1 } = await startShop({ marketplaceSandboxControlKey: CONTROL_KEY }));
  });
  afterAll(() => server.stop());

  const sandbox = (path: string, json?: unknown) =>
    call(server, json === undefined ? 'GET' : 'POST', `/sandbox/marketplace${path}`, {
      headers: { 'X-Sandbox-Key': CONTROL_KEY },
      ...(json === undefined ? {} : { json }),
    });
  async function signIn(ageDays?: number): Promise<SellerSession> {
    const res =
      ageDays === undefined
        ? await call(server, 'POST', '/sandbox/marketplace/signin')
        : await sandbox('/_sandbox/sessions', { ageDays });
    expect(res.status, res.text).toBe(201);
    return res.body as SellerSession;
  }
  async function recorded(): Promise<Map<string, Recorded>> {
    const res = await sandbox('/_sandbox/confirmations');
    expect(res.status).toBe(200);
    return new Map((res.body as { confirmations: Recorded[] }).confirmations.map((r) => [r.amazonOrderId, r]));
  }
  const confirm = (token: string, body: unknown) =>
    call(server, 'POST', '/api/amazon/confirm-orders', { token, json: body });

  /** A finished bulk order of `rows` bought by a new customer. */
  async function boughtBulk(rows: BulkCsvRow[]) {
    const buyer = await newCustomer(server, admin, 500);
    const { created } = await buyRows(server, buyer.token, api1, rows);
    await waitForBulk(server, created.bulkOrderId);
    return { buyer, bulkOrderId: created.bulkOrderId, rows: await bulkRowsOf(server, created.bulkOrderId) };
  }

  it("confirms the bulk order's bought Amazon orders once, keeps per-order results, and a second call confirms 0", async () => {
    const rows = [csvRow(), csvRow(), csvRow(), csvRow({ sku: '' }), csvRow({ toStreet1: PROVIDER_REFUSED_STREET })];
    const [a, b, unknown, noSku, notBought] = rows.map((r) => r.orderNumber ?? '');
    const { buyer, bulkOrderId, rows: dbRows } = await boughtBulk(rows);
    expect(dbRows.map((r) => r.status)).toEqual(['completed', 'completed', 'completed', 'completed', 'failed']);
    expect((await sandbox('/_sandbox/orders', { amazonOrderId: unknown, state: 'unknown' })).status).toBe(200);
    const seller = await signIn();

    const first = await confirm(buyer.token, {
      bulkOrderId,
      cookies: seller.cookies,
      csrfToken: seller.csrfToken,
      saveCookies: true,
      saveCsrfToken: true,
    });
    expect(first.status, first.text).toBe(200);
    const body = AmazonConfirmResponse.parse(first.body);
    expect(body.confirmedCount).toBe(2);
    expect(body.message).toBe('Successfully confirmed 2 orders on Amazon!');
    expect(body.refusedCount).toBe(1);
    const byAmazonId = new Map(body.results.map((r) => [r.amazonOrderId, r]));
    expect(byAmazonId.get(a ?? '')?.status).toBe('confirmed');
    expect(byAmazonId.get(unknown ?? '')).toMatchObject({ status: 'refused', reason: 'Order not found' });
    expect(byAmazonId.has(noSku ?? '')).toBe(false);
    expect(byAmazonId.has(notBought ?? '')).toBe(false);

    // The marketplace got exactly the two, with the labels' carrier, service and tracking numbers.
    const seen = await recorded();
    expect(seen.has(noSku ?? '')).toBe(false);
    expect(seen.has(notBought ?? '')).toBe(false);
    for (const [id, row] of [
      [a, dbRows[0]],
      [b, dbRows[1]],
    ] as const) {
      const got = seen.get(id ?? '');
      const [order] = await server.services.db
        .select({ trackingNumber: orders.trackingNumber })
        .from(orders)
        .where(eq(orders.id, row?.id ?? ''));
      expect(order?.trackingNumber).toMatch(/^1Z/);
      expect(got).toMatchObject({ carrier: 'UPS', service: 'UPS Ground', trackingNumber: order?.trackingNumber });
      expect(got?.requests).toBe(1);
    }

    // Again, with the saved cookies and token (none in the body): nothing confirmed twice, nothing re-sent.
    const second = await confirm(buyer.token, { bulkOrderId });
    expect(second.status, second.text).toBe(200);
    const again = AmazonConfirmResponse.parse(second.body);
    expect(again.confirmedCount).toBe(0);
    expect(again.alreadyConfirmedCount).toBe(2);
    expect(again.message).toBe('Successfully confirmed 0 orders on Amazon!');
    const after = await recorded();
    expect(after.get(a ?? '')?.requests).toBe(1);
    expect(after.get(b ?? '')?.requests).toBe(1);

    // The refused order, once the marketplace knows it, is confirmed by the next call; the results are kept.
    await sandbox('/_sandbox/orders', { amazonOrderId: unknown, state: 'normal' });
    const third = AmazonConfirmResponse.parse((await confirm(buyer.token, { bulkOrderId })).body);
    expect(third.confirmedCount).toBe(1);
    const kept = await call(server, 'GET', `/api/amazon/confirmations/${bulkOrderId}`, { token: buyer.token });
    expect(kept.status).toBe(200);
    expect(AmazonConfirmationsResponse.parse(kept.body).confirmations.map((c) => c.status)).toEqual([
      'confirmed',
      'confirmed',
      'confirmed',
    ]);
  });

  it('a double click (two calls at once) confirms each order once', async () => {
    const rows = [csvRow(), csvRow(), csvRow()];
    const { buyer, bulkOrderId } = await boughtBulk(rows);
    const seller = await signIn();
    const req = { bulkOrderId, cookies: seller.cookieHeader, csrfToken: seller.csrfToken };
    const [x, y] = await Promise.all([confirm(buyer.token, req), confirm(buyer.token, req)]);
    expect([x.status, y.status]).toEqual([200, 200]);
    const total =
      AmazonConfirmResponse.parse(x.body).confirmedCount + AmazonConfirmResponse.parse(y.body).confirmedCount;
    expect(total).toBe(3);
    const seen = await recorded();
    for (const r of rows) expect(seen.get(r.orderNumber ?? '')?.requests).toBe(1);
  });

  it('a stale seller session is refused with a clear message; nothing confirmed, nothing saved', async () => {
    const rows = [csvRow(), csvRow()];
    const { buyer, bulkOrderId } = await boughtBulk(rows);
    const stale = await signIn(20);
    const res = await confirm(buyer.token, {
      bulkOrderId,
      cookies: stale.cookies,
      csrfToken: stale.csrfToken,
      saveCookies: true,
      saveCsrfToken: true,
    });
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res).error.message).toBe(
      'Amazon refused the session: your cookies have expired. Sign in to Seller Central again and upload fresh cookies.',
    );
    const seen = await recorded();
    for (const r of rows) expect(seen.has(r.orderNumber ?? '')).toBe(false);
    const saved = AmazonSavedCredentialsResponse.parse(
      (await call(server, 'GET', '/api/amazon/saved-credentials?includeCredentials=true', { token: buyer.token })).body,
    );
    expect(saved).toMatchObject({ hasCookies: false, hasCsrfToken: false, savedAt: null });
    const kept = AmazonConfirmationsResponse.parse(
      (await call(server, 'GET', `/api/amazon/confirmations/${bulkOrderId}`, { token: buyer.token })).body,
    );
    expect(kept.confirmations.map((c) => c.status)).toEqual(['failed', 'failed']);

    // With a fresh session the same orders go through.
    const fresh = await signIn();
    const ok = await confirm(buyer.token, { bulkOrderId, cookies: fresh.cookies, csrfToken: fresh.csrfToken });
    expect(AmazonConfirmResponse.parse(ok.body).confirmedCount).toBe(2);
  });

  it("another customer's bulk order answers 404 and nothing is sent", async () => {
    const rows = [csvRow()];
    const { bulkOrderId } = await boughtBulk(rows);
    const other = await newCustomer(server, admin, 0);
    const seller = await signIn();
    for (const id of [bulkOrderId, 'blk_01jzzzzzzzzzzzzzzzzzzzzzzz']) {
      const res = await confirm(other.token, { bulkOrderId: id, cookies: seller.cookies, csrfToken: seller.csrfToken });
      expect(res.status).toBe(404);
      expect(errorOf(res).error.message).toBe('Bulk order not found');
    }
    expect((await call(server, 'GET', `/api/amazon/confirmations/${bulkOrderId}`, { token: other.token })).status).toBe(
      404,
    );
    expect((await recorded()).has(rows[0]?.orderNumber ?? '')).toBe(false);
  });

  it('bad input gets the SPEC texts or a clear 400 and nothing is sent', async () => {
    const { buyer, bulkOrderId } = await boughtBulk([csvRow()]);
    const noAmazon = await boughtBulk([csvRow({ orderNumber: '', sku: '' }), csvRow({ sku: '  ' })]);
    const seller = await signIn();
    const good = { cookies: seller.cookies, csrfToken: seller.csrfToken };
    const cases: Array<[string, unknown, string]> = [
      [buyer.token, { ...good }, AMAZON_CONFIRM_MESSAGES.selectBulkOrder],
      [buyer.token, { bulkOrderId, csrfToken: seller.csrfToken }, AMAZON_CONFIRM_MESSAGES.cookiesRequired],
      [buyer.token, { bulkOrderId, cookies: seller.cookies, csrfToken: '' }, AMAZON_CONFIRM_MESSAGES.csrfRequired],
      [buyer.token, { bulkOrderId, ...good, cookies: [{ nom: 'x' }] }, AMAZON_CONFIRM_MESSAGES.cookiesFormat],
      [buyer.token, { bulkOrderId, ...good, cookies: 42 }, 'Invalid input'],
      [
        buyer.token,
        { bulkOrderId, ...good, cookies: `a=${'x'.repeat(20_000)}` },
        AMAZON_CONFIRM_MESSAGES.cookiesTooLarge,
      ],
      [buyer.token, { bulkOrderId, ...good, cookies: 'a=1\r\nX-Evil: 1' }, AMAZON_CONFIRM_MESSAGES.cookiesInvalid],
      [buyer.token, { bulkOrderId, ...good, csrfToken: 'has spaces in it' }, AMAZON_CONFIRM_MESSAGES.csrfInvalid],
      [buyer.token, { bulkOrderId, ...good, csrfToken: 'x'.repeat(5000) }, AMAZON_CONFIRM_MESSAGES.csrfInvalid],
      [noAmazon.buyer.token, { bulkOrderId: noAmazon.bulkOrderId, ...good }, AMAZON_CONFIRM_MESSAGES.noAmazonOrders],
    ];
    const before = await recorded();
    for (const [token, body, message] of cases) {
      const res = await confirm(token, body);
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
      if (message !== 'Invalid input') expect(errorOf(res).error.message).toBe(message);
    }
    expect((await recorded()).size).toBe(before.size);
    expect(
      AmazonConfirmationsResponse.parse(
        (await call(server, 'GET', `/api/amazon/confirmations/${bulkOrderId}`, { token: buyer.token })).body,
      ).confirmations,
    ).toEqual([]);
  });

  it('saved cookies and token are sealed at rest and returned to their owner only', async () => {
    const { buyer, bulkOrderId } = await boughtBulk([csvRow()]);
    const seller = await signIn();
    const res = await confirm(buyer.token, {
      bulkOrderId,
      cookies: seller.cookies,
      csrfToken: seller.csrfToken,
      saveCookies: true,
      saveCsrfToken: true,
    });
    expect(res.status, res.text).toBe(200);

    const mine = await call(server, 'GET', '/api/amazon/saved-credentials?includeCredentials=true', {
      token: buyer.token,
    });
    const saved = AmazonSavedCredentialsResponse.parse(mine.body);
    expect(saved.credentials).toEqual({ cookies: seller.cookieHeader, csrfToken: seller.csrfToken });
    expect(saved.savedAt).not.toBeNull();
    expect(saved.cookiesSavedAt).toBe(saved.csrfTokenSavedAt);
    expect(mine.headers.get('cache-control')).toContain('no-store');
    const withoutValues = AmazonSavedCredentialsResponse.parse(
      (await call(server, 'GET', '/api/amazon/saved-credentials', { token: buyer.token })).body,
    );
    expect(withoutValues).toMatchObject({ credentials: { cookies: null, csrfToken: null }, hasCookies: true });

    const other = await newCustomer(server, admin, 0);
    const theirs = AmazonSavedCredentialsResponse.parse(
      (await call(server, 'GET', '/api/amazon/saved-credentials?includeCredentials=true', { token: other.token })).body,
    );
    expect(theirs).toMatchObject({ credentials: { cookies: null, csrfToken: null }, hasCookies: false });
    expect((await call(server, 'GET', '/api/amazon/saved-credentials')).status).toBe(401);

    // Neither the session token nor the CSRF token occurs anywhere in the data directory (database, WAL, files).
    const secretParts = [seller.cookies.find((c) => c.name === 'session-token')?.value ?? '', seller.csrfToken];
    expect(secretParts.every((s) => s.length > 20)).toBe(true);
    const files = (await readdir(server.dataDir, { recursive: true, withFileTypes: true })).filter((d) => d.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const f of files) {
      // Background work (a mail of the new customer's) may rename a file it was writing between the listing and the read.
      const bytes = await readFile(join(f.parentPath, f.name)).catch((err: NodeJS.ErrnoException) => {
        if (err.code === 'ENOENT') return null;
        throw err;
      });
      if (bytes === null) continue;
      for (const s of secretParts) expect(bytes.includes(Buffer.from(s)), `${f.name} holds a raw secret`).toBe(false);
    }
  });

  it("DELETE saved-credentials forgets the caller's own cookies and token, is idempotent, and touches no one else's", async () => {
    const { buyer, bulkOrderId } = await boughtBulk([csvRow()]);
    const other = await newCustomer(server, admin, 0);
    const seller = await signIn();
    const saveBoth = { cookies: seller.cookies, csrfToken: seller.csrfToken, saveCookies: true, saveCsrfToken: true };
    expect((await confirm(buyer.token, { bulkOrderId, ...saveBoth })).status).toBe(200);
    const savedOf = async (token: string) =>
      AmazonSavedCredentialsResponse.parse(
        (await call(server, 'GET', '/api/amazon/saved-credentials?includeCredentials=true', { token })).body,
      );
    expect(await savedOf(buyer.token)).toMatchObject({ hasCookies: true, hasCsrfToken: true });

    // Anonymous: 401, nothing deleted.
    expect((await call(server, 'DELETE', '/api/amazon/saved-credentials')).status).toBe(401);
    // Another customer deleting "theirs" (none saved) leaves the buyer's as they are.
    const theirs = await call(server, 'DELETE', '/api/amazon/saved-credentials', { token: other.token });
    expect(theirs.status, theirs.text).toBe(200);
    expect(AmazonForgetCredentialsResponse.parse(theirs.body).forgotten).toBe(false);
    expect(await savedOf(buyer.token)).toMatchObject({ hasCookies: true, hasCsrfToken: true });

    const first = await call(server, 'DELETE', '/api/amazon/saved-credentials', { token: buyer.token });
    expect(first.status, first.text).toBe(200);
    expect(AmazonForgetCredentialsResponse.parse(first.body)).toEqual({
      message: AMAZON_CONFIRM_MESSAGES.forgotten,
      forgotten: true,
    });
    expect(await savedOf(buyer.token)).toEqual({
      credentials: { cookies: null, csrfToken: null },
      savedAt: null,
      hasCookies: false,
      hasCsrfToken: false,
      cookiesSavedAt: null,
      csrfTokenSavedAt: null,
    });
    const rows = await server.services.db
      .select()
      .from(amazonCredentials)
      .where(eq(amazonCredentials.userId, buyer.id));
    expect(rows).toEqual([]);

    // Again: the same 200 answer, nothing left to forget.
    const again = await call(server, 'DELETE', '/api/amazon/saved-credentials', { token: buyer.token });
    expect(again.status).toBe(200);
    expect(AmazonForgetCredentialsResponse.parse(again.body)).toEqual({
      message: AMAZON_CONFIRM_MESSAGES.forgotten,
      forgotten: false,
    });

    // With nothing saved, a confirmation that names neither cookies nor token gets the SPEC text.
    const without = await confirm(buyer.token, { bulkOrderId });
    expect(without.status).toBe(400);
    expect(errorOf(without).error.message).toBe(AMAZON_CONFIRM_MESSAGES.cookiesRequired);
  });

  it("the marketplace's rate limit answers 429 with Retry-After, and the orders stay retryable", async () => {
    const { buyer, bulkOrderId } = await boughtBulk([csvRow()]);
    const seller = await signIn();
    expect((await sandbox('/_sandbox/rate-limit', { limit: 1, windowMs: 60_000 })).status).toBe(200);
    try {
      const req = { bulkOrderId, cookies: seller.cookies, csrfToken: seller.csrfToken };
      const other = await boughtBulk([csvRow()]);
      expect((await confirm(other.buyer.token, { ...req, bulkOrderId: other.bulkOrderId })).status).toBe(200);
      const limited = await confirm(buyer.token, req);
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      await sandbox('/_sandbox/rate-limit', { limit: 0 });
      expect(AmazonConfirmResponse.parse((await confirm(buyer.token, req)).body).confirmedCount).toBe(1);
    } finally {
      await sandbox('/_sandbox/rate-limit', { limit: 0 });
    }
  });
});
