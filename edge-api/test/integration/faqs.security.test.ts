import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';

describe('faqs: role matrix', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;
  let faqId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
    customer = (await register(server, { name: 'C', email: 'c@example.com', password: 'pw-12345' })).token;
    const res = await call(server, 'POST', '/api/admin/faqs', { token: admin, json: { question: 'Q', answer: 'A' } });
    faqId = (res.body as { faq: { _id: string } }).faq._id;
  });
  afterAll(() => server.stop());

  const adminCalls = () =>
    [
      ['GET', '/api/admin/faqs', undefined],
      ['POST', '/api/admin/faqs', { question: 'Hacked?', answer: 'Yes' }],
      ['PUT', `/api/admin/faqs/${faqId}`, { question: 'Hacked?' }],
      ['DELETE', `/api/admin/faqs/${faqId}`, undefined],
    ] as const;

  it('anonymous callers get 401 everywhere, including the customer list', async () => {
    for (const [method, path, json] of [...adminCalls(), ['GET', '/api/faqs', undefined] as const]) {
      const res = await call(server, method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(errorOf(res)).toMatchObject({ error: { code: 'unauthorized' }, expired: true });
    }
  });

  it('customers read FAQs but get 403 on every admin route, and change nothing', async () => {
    expect((await call(server, 'GET', '/api/faqs', { token: customer })).status).toBe(200);
    for (const [method, path, json] of adminCalls()) {
      const res = await call(server, method, path, { token: customer, json });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(errorOf(res).error).toEqual({ code: 'forbidden', message: 'Admin access required', details: [] });
    }
    const list = await call(server, 'GET', '/api/faqs', { token: customer });
    expect(list.body).toMatchObject({ faqs: [{ _id: faqId, question: 'Q', order: 1 }] });
  });

  it('admins may do all of it', async () => {
    for (const [method, path, json] of adminCalls()) {
      const res = await call(server, method, path, { token: admin, json });
      expect(res.status, `${method} ${path}`).toBeLessThan(300);
    }
  });
});
