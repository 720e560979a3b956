import { FaqListResponse, FaqResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAdmin, register, startTestServer, type TestServer } from './helpers';

describe('faqs: happy paths', () => {
  let server: TestServer;
  let admin: string;
  let customer: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
    customer = (await register(server, { name: 'C', email: 'c@example.com', password: 'pw-12345' })).token;
  });
  afterAll(() => server.stop());

  async function create(question: string, tags: string[] = []) {
    const res = await call(server, 'POST', '/api/admin/faqs', {
      token: admin,
      json: { question, answer: `Answer to ${question}`, tags },
    });
    expect(res.status).toBe(201);
    return FaqResponse.parse(res.body);
  }

  async function questionsInOrder(token = customer) {
    const res = await call(server, 'GET', '/api/faqs', { token });
    expect(res.status).toBe(200);
    const { faqs } = FaqListResponse.parse(res.body);
    expect(faqs.map((f) => f.order)).toEqual(faqs.map((_, i) => i + 1));
    return faqs.map((f) => f.question);
  }

  it('appends new FAQs at max order + 1 and trims and de-duplicates tags', async () => {
    const a = await create('A?', ['  billing ', 'Billing', 'labels', '']);
    expect(a.message).toBe('FAQ created successfully');
    expect(a.faq).toMatchObject({ question: 'A?', answer: 'Answer to A?', tags: ['billing', 'labels'], order: 1 });
    expect(a.faq._id).toMatch(/^faq_/);
    expect((await create('B?')).faq.order).toBe(2);
    expect((await create('C?')).faq.order).toBe(3);
    expect((await create('D?')).faq.order).toBe(4);
    expect(await questionsInOrder()).toEqual(['A?', 'B?', 'C?', 'D?']);
  });

  it('lists the same FAQs for admins', async () => {
    const res = await call(server, 'GET', '/api/admin/faqs', { token: admin });
    expect(FaqListResponse.parse(res.body).faqs.map((f) => f.question)).toEqual(['A?', 'B?', 'C?', 'D?']);
  });

  it('moves a FAQ up or down and shifts the others so orders stay 1..n', async () => {
    const { faqs } = FaqListResponse.parse((await call(server, 'GET', '/api/faqs', { token: customer })).body);
    const d = faqs.find((f) => f.question === 'D?');
    const a = faqs.find((f) => f.question === 'A?');

    const up = await call(server, 'PUT', `/api/admin/faqs/${d?._id}`, { token: admin, json: { order: 2 } });
    expect(up.status).toBe(200);
    expect(FaqResponse.parse(up.body).faq.order).toBe(2);
    expect(await questionsInOrder()).toEqual(['A?', 'D?', 'B?', 'C?']);

    await call(server, 'PUT', `/api/admin/faqs/${a?._id}`, { token: admin, json: { order: 3 } });
    expect(await questionsInOrder()).toEqual(['D?', 'B?', 'A?', 'C?']);

    // Past the end means last.
    const last = await call(server, 'PUT', `/api/admin/faqs/${d?._id}`, { token: admin, json: { order: 99 } });
    expect(FaqResponse.parse(last.body).faq.order).toBe(4);
    expect(await questionsInOrder()).toEqual(['B?', 'A?', 'C?', 'D?']);
  });

  it('edits text and tags without touching the order', async () => {
    const { faqs } = FaqListResponse.parse((await call(server, 'GET', '/api/faqs', { token: customer })).body);
    const c = faqs.find((f) => f.question === 'C?');
    const res = await call(server, 'PUT', `/api/admin/faqs/${c?._id}`, {
      token: admin,
      json: { question: '  C, edited? ', tags: ['new', ' new '] },
    });
    expect(res.status).toBe(200);
    const { faq, message } = FaqResponse.parse(res.body);
    expect(message).toBe('FAQ updated successfully');
    expect(faq).toMatchObject({ question: 'C, edited?', answer: 'Answer to C?', tags: ['new'], order: 3 });
    expect(faq.updatedAt >= faq.createdAt).toBe(true);
    expect(await questionsInOrder()).toEqual(['B?', 'A?', 'C, edited?', 'D?']);
  });

  it('deletes a FAQ and closes the gap', async () => {
    const { faqs } = FaqListResponse.parse((await call(server, 'GET', '/api/faqs', { token: customer })).body);
    const a = faqs.find((f) => f.question === 'A?');
    const res = await call(server, 'DELETE', `/api/admin/faqs/${a?._id}`, { token: admin });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'FAQ deleted successfully' });
    expect(await questionsInOrder()).toEqual(['B?', 'C, edited?', 'D?']);
    // The next new FAQ goes after the last one.
    expect((await create('E?')).faq.order).toBe(4);
  });
});
