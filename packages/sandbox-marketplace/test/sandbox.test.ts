import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, createMarketplaceSandbox, type MarketplaceSandbox } from '../src';

const KEY = 'marketplace-control-key-0123456789';
const shipment = (amazonOrderId: string, trackingNumber = '1Z999AA10123456784') => ({
  amazonOrderId,
  carrier: 'UPS',
  service: 'UPS Ground',
  trackingNumber,
  shipDate: '2026-11-20T10:00:00.000Z',
});

describe('marketplace sandbox over HTTP', () => {
  let sb: MarketplaceSandbox;
  beforeAll(async () => {
    sb = await createMarketplaceSandbox({ controlKey: KEY, rateLimit: { limit: 2, windowMs: 60_000 } });
  });
  afterAll(() => sb.close());

  async function confirm(cookie: string, csrf: string, ids: string[]) {
    const res = await fetch(`${sb.url}/shipments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie, [CSRF_HEADER]: csrf },
      body: JSON.stringify({ shipments: ids.map((id) => shipment(id)) }),
    });
    return { status: res.status, headers: res.headers, body: (await res.json()) as Record<string, unknown> };
  }

  it('confirms once per package', async () => {
    const s = sb.issueSession();
    const res = await fetch(`${sb.url}/shipments/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: s.cookieHeader, [CSRF_HEADER]: s.csrfToken },
      body: JSON.stringify({
        shipments: [
          shipment('112-0000000-0000001', '1Z999AA10000000001'),
          shipment('112-0000000-0000001', '1Z999AA10000000002'),
          shipment('112-0000000-0000001', '1Z999AA10000000001'),
        ],
      }),
    });
    // The order went out in two parcels: both recorded; the first parcel named again is not recorded twice.
    expect(((await res.json()) as { results: unknown[] }).results).toEqual([
      { amazonOrderId: '112-0000000-0000001', status: 'confirmed', alreadyConfirmed: false },
      { amazonOrderId: '112-0000000-0000001', status: 'confirmed', alreadyConfirmed: false },
      { amazonOrderId: '112-0000000-0000001', status: 'confirmed', alreadyConfirmed: true },
    ]);
    const parcels = sb.confirmations().filter((c) => c.amazonOrderId === '112-0000000-0000001');
    expect(parcels.map((c) => [c.trackingNumber, c.requests])).toEqual([
      ['1Z999AA10000000001', 2],
      ['1Z999AA10000000002', 1],
    ]);
  });

  it('confirms a package once, refuses unknown and malformed ids, checks session, CSRF and rate limit', async () => {
    const signin = await fetch(`${sb.url}/signin`, { method: 'POST' });
    expect(signin.status).toBe(201);
    const s = (await signin.json()) as { cookieHeader: string; csrfToken: string };

    const mark = await fetch(`${sb.url}/_sandbox/orders`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-sandbox-key': KEY },
      body: JSON.stringify({ amazonOrderId: '111-0000000-0000009', state: 'unknown' }),
    });
    expect(mark.status).toBe(200);

    const first = await confirm(s.cookieHeader, s.csrfToken, ['111-0000000-0000001', '111-0000000-0000009', 'nope']);
    expect(first.status).toBe(200);
    expect(first.body.results).toEqual([
      { amazonOrderId: '111-0000000-0000001', status: 'confirmed', alreadyConfirmed: false },
      { amazonOrderId: '111-0000000-0000009', status: 'refused', reason: 'Order not found' },
      { amazonOrderId: 'nope', status: 'refused', reason: 'Order not found' },
    ]);
    const again = await confirm(s.cookieHeader, s.csrfToken, ['111-0000000-0000001']);
    expect(again.body.results).toEqual([
      { amazonOrderId: '111-0000000-0000001', status: 'confirmed', alreadyConfirmed: true },
    ]);
    const confirmed = sb.confirmations().filter((c) => c.amazonOrderId === '111-0000000-0000001');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.requests).toBe(2);

    expect((await confirm(s.cookieHeader, 'wrong-token', ['111-0000000-0000001'])).status).toBe(403);
    expect((await confirm('session-id=x; session-token=y', s.csrfToken, ['111-0000000-0000001'])).status).toBe(401);
    const limited = await confirm(s.cookieHeader, s.csrfToken, ['111-0000000-0000002']);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);

    const stale = sb.issueSession({ ageDays: 20 });
    const expired = await confirm(stale.cookieHeader, stale.csrfToken, ['111-0000000-0000003']);
    expect(expired.status).toBe(401);
    expect(expired.body).toMatchObject({ error: { code: 'session_expired' } });

    const noKey = await fetch(`${sb.url}/_sandbox/confirmations`);
    expect(noKey.status).toBe(404);
  });
});
