import { FaqListResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, startTestServer, type TestServer } from './helpers';

describe('faqs: errors', () => {
  let server: TestServer;
  let admin: string;
  let existingId: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
    const res = await call(server, 'POST', '/api/admin/faqs', { token: admin, json: { question: 'Q', answer: 'A' } });
    existingId = (res.body as { faq: { _id: string } }).faq._id;
  });
  afterAll(() => server.stop());

  async function list() {
    return FaqListResponse.parse((await call(server, 'GET', '/api/admin/faqs', { token: admin })).body).faqs;
  }

  it("refuses an empty question or answer with 'Question and answer cannot be empty' and stores nothing", async () => {
    for (const json of [{ question: '   ', answer: 'A' }, { question: 'Q', answer: '' }, { answer: 'A' }]) {
      const res = await call(server, 'POST', '/api/admin/faqs', { token: admin, json });
      expect(res.status).toBe(400);
      expect(errorOf(res).error).toMatchObject({
        code: 'invalid_input',
        message: 'Question and answer cannot be empty',
      });
    }
    expect((await list()).map((f) => f.question)).toEqual(['Q']);
  });

  it('refuses an order below 1 and non-array tags', async () => {
    const zero = await call(server, 'PUT', `/api/admin/faqs/${existingId}`, { token: admin, json: { order: 0 } });
    expect(zero.status).toBe(400);
    expect(errorOf(zero).error.details[0]?.path).toBe('order');
    const tags = await call(server, 'PUT', `/api/admin/faqs/${existingId}`, { token: admin, json: { tags: 'x' } });
    expect(tags.status).toBe(400);
    expect((await list())[0]).toMatchObject({ order: 1, tags: [] });
  });

  it('answers 404 not_found for unknown ids on update and delete', async () => {
    for (const method of ['PUT', 'DELETE'] as const) {
      const res = await call(server, method, '/api/admin/faqs/faq_01h00000000000000000000000', {
        token: admin,
        ...(method === 'PUT' ? { json: { question: 'x' } } : {}),
      });
      expect(res.status).toBe(404);
      expect(errorOf(res).error).toEqual({ code: 'not_found', message: 'FAQ not found', details: [] });
    }
    expect(await list()).toHaveLength(1);
  });
});
