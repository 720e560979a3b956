import { request } from 'node:http';
import { FaqListResponse } from '@labeldesk/contracts';
import { count, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { faqs, users } from '../../src/db/schema';
import { call, errorOf, loginAdmin, startTestServer, type TestServer } from './helpers';

/**
 * POSTs `chunks` pieces of JSON-ish filler with Transfer-Encoding: chunked (no Content-Length) and returns the answer,
 * which may arrive before the whole body was sent.
 */
function chunkedPost(url: string, token: string, chunks: number, size: number) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => {
        body += d;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    // The server may close the connection after answering; what matters is the answer.
    req.on('error', (err) => reject(err));
    let sent = 0;
    const piece = 'x'.repeat(size);
    const pump = () => {
      while (sent < chunks) {
        sent += 1;
        if (!req.write(piece)) return req.once('drain', pump);
      }
      req.end();
    };
    pump();
  });
}

describe('errors: one shape for every failure', () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
  });
  afterAll(() => server.stop());

  async function userCount() {
    const [row] = await server.services.db.select({ n: count() }).from(users);
    return row?.n;
  }
  async function faqCount() {
    return FaqListResponse.parse((await call(server, 'GET', '/api/admin/faqs', { token: admin })).body).faqs.length;
  }

  it('answers malformed JSON with 400 malformed_json and writes nothing', async () => {
    const usersBefore = await userCount();
    const register = await call(server, 'POST', '/api/auth/register', {
      raw: '{"name":"X","email":"x@example.com","password":"pw"',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(register.status).toBe(400);
    expect(errorOf(register).error).toEqual({
      code: 'malformed_json',
      message: 'Request body is not valid JSON',
      details: [],
    });
    expect(await userCount()).toBe(usersBefore);

    const faq = await call(server, 'POST', '/api/admin/faqs', {
      token: admin,
      raw: "{question: 'no quotes'}",
      headers: { 'Content-Type': 'application/json' },
    });
    expect(faq.status).toBe(400);
    expect(errorOf(faq).error.code).toBe('malformed_json');
    expect(await faqCount()).toBe(0);
  });

  it('refuses a body that is not declared as JSON (400 invalid_input)', async () => {
    const res = await call(server, 'POST', '/api/admin/faqs', {
      token: admin,
      raw: JSON.stringify({ question: 'Q', answer: 'A' }),
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).error.code).toBe('invalid_input');
    expect(await faqCount()).toBe(0);
  });

  it('answers a body over 1 MiB with 413 payload_too_large and writes nothing', async () => {
    const huge = JSON.stringify({ question: 'Q', answer: 'x'.repeat(1024 * 1024 + 10) });
    const res = await call(server, 'POST', '/api/admin/faqs', {
      token: admin,
      raw: huge,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(errorOf(res).error).toEqual({
      code: 'payload_too_large',
      message: 'Request body is too large (limit 1 MiB)',
      details: [],
    });
    expect(await faqCount()).toBe(0);

    // Same when the size is not announced up front (chunked upload): the server stops reading at the limit.
    const streamed = await chunkedPost(`${server.url}/api/admin/faqs`, admin, 20, 64 * 1024);
    expect(streamed.status).toBe(413);
    expect(JSON.parse(streamed.body)).toMatchObject({ error: { code: 'payload_too_large' } });
    expect(await faqCount()).toBe(0);
  });

  it('answers unknown API routes with 404 in the error shape', async () => {
    for (const [method, path] of [
      ['GET', '/api/does-not-exist'],
      ['POST', '/api/faqs'],
      ['GET', '/api'],
    ] as const) {
      const res = await call(server, method, path, { token: admin });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(errorOf(res).error.code).toBe('not_found');
    }
  });

  it('answers an internal failure with a generic 500 that leaks nothing', async () => {
    const broken = await startTestServer();
    try {
      const token = (await loginAdmin(broken)).token;
      await broken.services.db.run(sql`DROP TABLE ${faqs}`);
      const res = await call(broken, 'GET', '/api/faqs', { token });
      expect(res.status).toBe(500);
      expect(errorOf(res).error).toEqual({
        code: 'internal_error',
        message: 'Something went wrong on our side. Please try again later.',
        details: [],
      });
      expect(res.text).not.toMatch(/faqs|sqlite|select|stack|Error:/i);
    } finally {
      await broken.stop();
    }
  });
});
