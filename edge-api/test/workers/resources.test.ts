import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import type {
  AddressListResponse,
  AddressResponse,
  ErrorBody,
  FaqListResponse,
  FaqResponse,
  HealthResponse,
  PublicSettings,
} from '@labeldesk/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { MISCONFIGURED_MESSAGE } from '../../src/entries/worker/handler';
import deployed from '../../src/entries/worker/index';
import { call, json, register } from './support/http';

let adminToken = '';
let customerToken = '';
let otherToken = '';

beforeAll(async () => {
  const admin = await register('Ops Admin', 'ops@example.com', 'admin-password-1');
  // Promotion is an operator action (ensure-admin); here it is done in the database the Worker reads.
  await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(admin.user._id).run();
  adminToken = admin.token;
  customerToken = (await register('Casey Customer', 'casey@example.com', 'customer-password-1')).token;
  otherToken = (await register('Olive Other', 'olive@example.com', 'other-password-1')).token;
});

describe('health and settings through the Worker', () => {
  it('reports the workers runtime and a reachable D1', async () => {
    const res = await call('/api/health');
    expect(res.status).toBe(200);
    const body = await json<HealthResponse>(res);
    expect(body).toMatchObject({ status: 'ok', runtime: 'workers', database: 'ok' });
    expect(Math.abs(Date.parse(body.time) - Date.now())).toBeLessThan(60_000);
    expect(res.headers.get('X-Request-Id')).toMatch(/^req_/);
  });

  it('serves public settings with the support email from the wrangler vars', async () => {
    const res = await call('/api/settings/public-settings');
    expect(res.status).toBe(200);
    expect(await json<PublicSettings>(res)).toMatchObject({ supportEmail: env.SUPPORT_EMAIL });
  });

  it('answers an unknown path with the house 404 body', async () => {
    const res = await call('/api/nope');
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).error.code).toBe('not_found');
  });
});

describe('FAQs through the Worker', () => {
  it('lets an admin add FAQs that customers then read in order, stored in D1', async () => {
    const first = await call('/api/admin/faqs', {
      token: adminToken,
      body: { question: 'How do I top up?', answer: 'Use crypto on the Balance page.', tags: ['billing', ' Billing '] },
    });
    expect(first.status).toBe(201);
    const created = await json<FaqResponse>(first);
    expect(created.faq).toMatchObject({ question: 'How do I top up?', tags: ['billing'], order: 1 });
    const second = await call('/api/admin/faqs', {
      token: adminToken,
      body: { question: 'Which carriers?', answer: 'UPS, USPS and FedEx.' },
    });
    expect((await json<FaqResponse>(second)).faq.order).toBe(2);

    const list = await call('/api/faqs', { token: customerToken });
    expect(list.status).toBe(200);
    const { faqs } = await json<FaqListResponse>(list);
    expect(faqs.map((f) => f.question)).toEqual(['How do I top up?', 'Which carriers?']);

    const rows = await env.DB.prepare('SELECT id, question, sort_order FROM faqs ORDER BY sort_order').all();
    expect(rows.results.map((r) => r.id)).toEqual(faqs.map((f) => f._id));

    // Customers cannot write, anonymous callers cannot read.
    const denied = await call('/api/admin/faqs', { token: customerToken, body: { question: 'q', answer: 'a' } });
    expect(denied.status).toBe(403);
    expect((await call('/api/faqs')).status).toBe(401);
  });
});

describe('addresses through the Worker', () => {
  const address = {
    name: 'Casey Customer',
    street1: '1 Market St',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    phone: '+1 415 555 0100',
    type: 'sender',
    isDefault: true,
  };

  it('creates, lists, updates and deletes an own address; another user sees none of it', async () => {
    const created = await call('/api/addresses', { token: customerToken, body: address });
    expect(created.status).toBe(201);
    const { address: saved } = await json<AddressResponse>(created);
    expect(saved).toMatchObject({ ...address, company: '', street2: '', country: 'US' });
    expect(saved._id).toMatch(/^adr_/);

    const row = await env.DB.prepare('SELECT user_id, city, is_default FROM addresses WHERE id = ?')
      .bind(saved._id)
      .first<{ user_id: string; city: string; is_default: number }>();
    expect(row).toMatchObject({ city: 'San Francisco', is_default: 1 });

    const senders = await json<AddressListResponse>(await call('/api/addresses/type/sender', { token: customerToken }));
    expect(senders.addresses.map((a) => a._id)).toEqual([saved._id]);

    const updated = await call(`/api/addresses/${saved._id}`, {
      method: 'PUT',
      token: customerToken,
      body: { ...address, city: 'Oakland', zip: '94607' },
    });
    expect(updated.status).toBe(200);
    expect((await json<AddressResponse>(updated)).address).toMatchObject({ city: 'Oakland', zip: '94607' });

    // Someone else's address does not exist for them.
    expect((await json<AddressListResponse>(await call('/api/addresses', { token: otherToken }))).addresses).toEqual(
      [],
    );
    const foreign = await call(`/api/addresses/${saved._id}`, { method: 'DELETE', token: otherToken });
    expect(foreign.status).toBe(404);

    const invalid = await call('/api/addresses', { token: customerToken, body: { ...address, street1: '  ' } });
    expect(invalid.status).toBe(400);
    expect((await json<ErrorBody>(invalid)).error.message).toBe('Street address is required');

    const removed = await call(`/api/addresses/${saved._id}`, { method: 'DELETE', token: customerToken });
    expect(removed.status).toBe(200);
    expect((await json<AddressListResponse>(await call('/api/addresses', { token: customerToken }))).addresses).toEqual(
      [],
    );
    const left = await env.DB.prepare('SELECT count(*) AS n FROM addresses').first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe('worker configuration', () => {
  it('answers 500 in the house shape, without leaking why, when a secret is missing or too short', async () => {
    for (const JWT_SECRET of [undefined, 'too-short']) {
      const broken = { ...env, JWT_SECRET } as unknown as Env;
      const ctx = createExecutionContext();
      const res = await deployed.fetch(new Request('https://api.labeldesk.test/api/health'), broken, ctx);
      await waitOnExecutionContext(ctx);
      expect(res.status).toBe(500);
      const body = await json<ErrorBody>(res);
      expect(body.error).toEqual({ code: 'internal_error', message: MISCONFIGURED_MESSAGE, details: [] });
      expect(JSON.stringify(body)).not.toContain('JWT_SECRET');
    }
  });
});
