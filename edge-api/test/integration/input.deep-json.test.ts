import { AddressListResponse } from '@labeldesk/contracts';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/db/schema';
import { MAX_JSON_DEPTH } from '../../src/lib/json-depth';
import { call, errorOf, register, startTestServer, type TestServer } from './helpers';
import { apiKeysOf, v1 } from './public-api-support';

const DEPTH_MESSAGE = `JSON nesting is deeper than ${MAX_JSON_DEPTH} levels`;
const PASSWORD = 'a-long-enough-passphrase-42';

/** `[[[…]]]` `depth` levels deep. */
const nestedArrays = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
/** A JSON object whose `field` holds `depth` levels of nesting: `{"email":[[[…]]],"password":"x"}`. */
const bodyWith = (field: string, depth: number, rest: Record<string, unknown> = {}) =>
  `{${JSON.stringify(field)}:${nestedArrays(depth)}${Object.entries(rest)
    .map(([k, v]) => `,${JSON.stringify(k)}:${JSON.stringify(v)}`)
    .join('')}}`;

/**
 * Deeply nested JSON is refused with 400 before it is parsed, by anyone, on every route that reads a JSON body: it
 * used to cost up to a second of the server's one thread and answer 500 (a recursive walk overflowed the stack).
 */
describe('input: JSON nested deeper than the limit is refused with 400', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = (await register(server, { name: 'Deep Tester', email: 'deep@example.com', password: PASSWORD })).token;
  });
  afterAll(() => server.stop());

  function expectDepthRefusal(res: Awaited<ReturnType<typeof call>>) {
    expect(res.status, res.text).toBe(400);
    expect(errorOf(res).error).toEqual({
      code: 'invalid_input',
      message: DEPTH_MESSAGE,
      details: [{ path: '', message: DEPTH_MESSAGE }],
    });
  }

  it('an anonymous 1 MB login body nested 500,000 deep answers 400, not 500', async () => {
    const raw = bodyWith('email', 500_000, { password: PASSWORD });
    expect(raw.length).toBeGreaterThan(1_000_000 - 100);
    expect(raw.length).toBeLessThanOrEqual(1024 * 1024);
    expectDepthRefusal(
      await call(server, 'POST', '/api/auth/login', { raw, headers: { 'Content-Type': 'application/json' } }),
    );
  });

  it('eight such bodies at once are all refused and the server still answers its health check', async () => {
    const raw = bodyWith('email', 500_000, { password: PASSWORD });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        call(server, 'POST', '/api/auth/login', { raw, headers: { 'Content-Type': 'application/json' } }),
      ),
    );
    for (const res of answers) expectDepthRefusal(res);
    expect((await call(server, 'GET', '/api/health')).status).toBe(200);
  });

  it('one level past the limit is refused; at the limit the body is judged by its schema (nothing is created)', async () => {
    const [before] = await server.services.db.select({ n: count() }).from(users);
    const over = await call(server, 'POST', '/api/auth/register', {
      raw: bodyWith('name', MAX_JSON_DEPTH, { email: 'over@example.com', password: PASSWORD }),
      headers: { 'Content-Type': 'application/json' },
    });
    // The object itself is one level: the name's arrays make it MAX_JSON_DEPTH + 1.
    expectDepthRefusal(over);
    const at = await call(server, 'POST', '/api/auth/register', {
      raw: bodyWith('name', MAX_JSON_DEPTH - 1, { email: 'at@example.com', password: PASSWORD }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(at.status).toBe(400);
    expect(errorOf(at).error.code).toBe('invalid_input');
    expect(errorOf(at).error.details?.[0]?.path).toBe('name');
    const [after] = await server.services.db.select({ n: count() }).from(users);
    expect(after?.n).toBe(before?.n);
  });

  it('brackets inside strings are text, not nesting: such an address is saved as typed', async () => {
    const name = '['.repeat(40) + '{'.repeat(40);
    const res = await call(server, 'POST', '/api/addresses', {
      token,
      json: {
        name,
        company: '',
        street1: '1 Main St',
        street2: '',
        city: 'Springfield',
        state: 'IL',
        zip: '62701',
        country: 'US',
        phone: '555-0100',
      },
    });
    expect(res.status, res.text).toBe(201);
    const list = AddressListResponse.parse((await call(server, 'GET', '/api/addresses', { token })).body);
    expect(list.addresses.map((a) => a.name)).toContain(name);
  });

  it('10 MB nested bodies on bulk validate and on the public create-bulk-labels answer 400', async () => {
    const raw = bodyWith('orders', 5_000_000);
    expect(raw.length).toBeGreaterThan(10_000_000);
    expectDepthRefusal(
      await call(server, 'POST', '/api/orders/bulk/validate', {
        token,
        raw,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
    const { apiKey } = await apiKeysOf(server, token);
    expectDepthRefusal(
      await v1(server, 'POST', '/create-bulk-labels', {
        key: apiKey,
        raw,
        headers: { 'Content-Type': 'application/json' },
      }),
    );
  });
});
