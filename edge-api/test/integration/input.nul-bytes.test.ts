import { AddressListResponse } from '@labeldesk/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { call, errorOf, register, startTestServer, type TestServer } from './helpers';

const NUL_MESSAGE = 'Text must not contain NUL characters (\\u0000)';
const PASSWORD = 'a-long-enough-passphrase-42';

const address = {
  name: 'Warehouse',
  company: 'ACME',
  street1: '1 Main St',
  street2: '',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  country: 'US',
  phone: '555-0100',
};

/**
 * A NUL character in any text the API receives is refused with a clear 400 and changes nothing (SQLite's text functions
 * and C strings stop at a NUL, so the text after it would otherwise be silently lost).
 */
describe('input: NUL characters are refused, not cut off', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = (await register(server, { name: 'Nul Tester', email: 'nul@example.com', password: PASSWORD })).token;
  });
  afterAll(() => server.stop());

  async function userCount() {
    const [row] = await server.services.db.select({ n: count() }).from(users);
    return row?.n;
  }
  async function addresses() {
    return AddressListResponse.parse((await call(server, 'GET', '/api/addresses', { token })).body).addresses;
  }

  it('refuses a JSON string with a NUL (register: nobody is created)', async () => {
    const before = await userCount();
    const res = await call(server, 'POST', '/api/auth/register', {
      json: { name: 'Mallory\u0000 Admin', email: 'mallory@example.com', password: PASSWORD },
    });
    expect(res.status).toBe(400);
    expect(errorOf(res).error).toEqual({
      code: 'invalid_input',
      message: NUL_MESSAGE,
      details: [{ path: 'name', message: NUL_MESSAGE }],
    });
    expect(await userCount()).toBe(before);
  });

  it('refuses a NUL deep in a body (a nested field or an object key) and saves nothing', async () => {
    const nested = await call(server, 'POST', '/api/addresses', {
      token,
      json: { ...address, street1: '1 Main St\u0000; DROP' },
    });
    expect(nested.status).toBe(400);
    expect(errorOf(nested).error.details).toEqual([{ path: 'street1', message: NUL_MESSAGE }]);

    const key = await call(server, 'POST', '/api/addresses', { token, json: { ...address, 'x\u0000y': 1 } });
    expect(key.status).toBe(400);
    expect(errorOf(key).error.message).toBe(NUL_MESSAGE);
    expect(await addresses()).toEqual([]);
  });

  it('refuses a NUL in the query string and in a path parameter', async () => {
    const query = await call(server, 'GET', '/api/orders?search=abc%00def', { token });
    expect(query.status).toBe(400);
    expect(errorOf(query).error).toEqual({
      code: 'invalid_input',
      message: NUL_MESSAGE,
      details: [{ path: 'query', message: NUL_MESSAGE }],
    });

    const param = await call(server, 'GET', '/api/orders/ord_1%00x', { token });
    expect(param.status).toBe(400);
    expect(errorOf(param).error.details).toEqual([{ path: 'path', message: NUL_MESSAGE }]);

    const update = await call(server, 'PUT', '/api/addresses/adr%00', { token, json: address });
    expect(update.status).toBe(400);
    expect(errorOf(update).error.message).toBe(NUL_MESSAGE);
  });

  it('still accepts the same texts without the NUL (and an escaped "\\u0000" that is only text)', async () => {
    const res = await call(server, 'POST', '/api/addresses', {
      token,
      json: { ...address, street1: '1 Main St \\u0000 suite' },
    });
    expect(res.status).toBe(201);
    expect((await addresses()).map((a) => a.street1)).toEqual(['1 Main St \\u0000 suite']);
    expect((await call(server, 'GET', '/api/orders?search=abc%2500def', { token })).status).toBe(200);
  });
});
