import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COOKIES_FILE_NAME, CSRF_HEADER, createMarketplaceSandbox, type MarketplaceSandbox } from '../src';

/** The browser way to a seller session: GET /signin shows a form, its post shows the token and the cookies file. */
describe('marketplace sandbox: the sign-in page', () => {
  let sb: MarketplaceSandbox;
  beforeAll(async () => {
    sb = await createMarketplaceSandbox({ rateLimit: false });
  });
  afterAll(() => sb.close());

  it('GET /signin is a page with a Sign in form posting to itself, under a policy that runs no script', async () => {
    const res = await fetch(`${sb.url}/signin`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'");
    expect(res.headers.get('content-security-policy')).not.toContain('script-src');
    const page = await res.text();
    expect(page).toContain('<form method="post">');
    expect(page).toContain('Sign in as the sandbox seller');
    expect(page).not.toContain('<script');
  });

  it('the form post shows a CSRF token and a cookies file that together confirm a shipment', async () => {
    const res = await fetch(`${sb.url}/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const page = await res.text();
    const csrf = /data-testid="sandbox-csrf-token">([^<]+)</.exec(page)?.[1];
    const link = /href="data:application\/json;charset=utf-8,([^"]+)" download="([^"]+)"/.exec(page);
    expect(csrf).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(link?.[2]).toBe(COOKIES_FILE_NAME);
    const cookies = JSON.parse(decodeURIComponent(link?.[1] ?? '')) as Array<{ name: string; value: string }>;
    expect(cookies.map((c) => c.name)).toEqual(['session-id', 'session-token', 'ubid-main']);

    const confirm = await fetch(`${sb.url}/shipments/confirm`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        cookie: cookies.map((c) => `${c.name}=${c.value}`).join('; '),
        [CSRF_HEADER]: csrf ?? '',
      },
      body: JSON.stringify({
        shipments: [
          {
            amazonOrderId: '113-0000000-0000042',
            carrier: 'UPS',
            service: 'UPS Ground',
            trackingNumber: '1Z999AA10000000042',
            shipDate: '2026-11-20T10:00:00.000Z',
          },
        ],
      }),
    });
    expect(confirm.status).toBe(200);
    expect(await confirm.json()).toEqual({
      results: [{ amazonOrderId: '113-0000000-0000042', status: 'confirmed', alreadyConfirmed: false }],
    });
  });

  it('an API call to POST /signin still answers the session as JSON', async () => {
    const res = await fetch(`${sb.url}/signin`, { method: 'POST' });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { csrfToken: string; cookieHeader: string };
    expect(body.csrfToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(body.cookieHeader).toMatch(/^session-id=/);
  });
});
