import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { API_KEY_MESSAGES, RegenerateApiKeyResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock } from '../../src/ports/clock';
import { call, errorOf, loginAdmin, type TestServer } from './helpers';
import { newCustomer, startOrdersServer } from './orders-support';
import { apiKeysOf, databaseText, regenerate, v1 } from './public-api-support';

/** The API key page's calls (SPEC §7) and what the keys do at rest and after regeneration. */
describe('API keys', () => {
  const clock = fixedClock(new Date('2026-06-01T10:00:00.000Z'));
  let server: TestServer;
  let admin: string;
  const consoleLines: string[] = [];

  beforeAll(async () => {
    for (const level of ['log', 'info', 'warn', 'error'] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        consoleLines.push(args.map(String).join(' '));
      });
    }
    server = await startOrdersServer({ clock });
    admin = (await loginAdmin(server)).token;
  });
  afterAll(async () => {
    await server.stop();
    vi.restoreAllMocks();
  });

  it('the first read creates a live and a test key with recognizable prefixes; later reads show the same keys', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const first = await apiKeysOf(server, buyer.token);
    expect(first.apiKey).toMatch(/^ld_live_[A-Za-z0-9]{40}$/);
    expect(first.testKey).toMatch(/^ld_test_[A-Za-z0-9]{40}$/);
    expect(first.lastUsedAt).toBeNull();
    expect(first.createdAt).toBe('2026-06-01T10:00:00.000Z');
    expect(await apiKeysOf(server, buyer.token)).toEqual(first);
    const other = await newCustomer(server, admin, 0);
    expect((await apiKeysOf(server, other.token)).apiKey).not.toBe(first.apiKey);
  });

  it('two first reads racing still leave one pair of keys', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const [a, b] = await Promise.all([apiKeysOf(server, buyer.token), apiKeysOf(server, buyer.token)]);
    const after = await apiKeysOf(server, buyer.token);
    expect([a.apiKey, b.apiKey]).toContain(after.apiKey);
    expect((await v1(server, 'GET', '/user', { key: after.apiKey })).status).toBe(200);
  });

  it('regenerating refuses the old key on the very next request and the new one works', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const old = await apiKeysOf(server, buyer.token);
    expect((await v1(server, 'GET', '/user', { key: old.apiKey })).status).toBe(200);

    const res = await call(server, 'POST', '/api/user/api-key/regenerate', { token: buyer.token });
    expect(res.status).toBe(200);
    const fresh = RegenerateApiKeyResponse.parse(res.body);
    expect(fresh.message).toBe(API_KEY_MESSAGES.generated);
    expect(fresh.apiKey).not.toBe(old.apiKey);
    expect(fresh.testKey).toBe(old.testKey);

    const refused = await v1(server, 'GET', '/user', { key: old.apiKey });
    expect(refused.status).toBe(401);
    expect(errorOf(refused).error).toMatchObject({ code: 'unauthorized', message: 'Invalid API key' });
    expect((await v1(server, 'GET', '/user', { key: fresh.apiKey })).status).toBe(200);
    expect((await apiKeysOf(server, buyer.token)).apiKey).toBe(fresh.apiKey);
  });

  it('a key the server remembers as verified is refused from the regenerate on, even with calls racing it', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const old = await apiKeysOf(server, buyer.token);
    // Used a few times: the Node server now answers it from its memory of verified keys, not the key row.
    for (let i = 0; i < 3; i++) expect((await v1(server, 'GET', '/user', { key: old.apiKey })).status).toBe(200);

    // Calls with the old key in flight while the key is regenerated: each answers 200 or 401, never a server error.
    const racing = Array.from({ length: 30 }, () => v1(server, 'GET', '/user', { key: old.apiKey }));
    const fresh = await regenerate(server, buyer.token);
    for (const res of await Promise.all(racing)) expect([200, 401]).toContain(res.status);

    // From the regenerate's answer on, the old key is refused every time (no racing read re-remembered it).
    const after = await Promise.all(Array.from({ length: 20 }, () => v1(server, 'GET', '/user', { key: old.apiKey })));
    expect(after.map((r) => r.status)).toEqual(Array(20).fill(401));
    expect((await v1(server, 'GET', '/user', { key: fresh.apiKey })).status).toBe(200);
  });

  it('?mode=test regenerates only the test key', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const old = await apiKeysOf(server, buyer.token);
    const fresh = await regenerate(server, buyer.token, 'test');
    expect(fresh.apiKey).toBe(old.apiKey);
    expect(fresh.testKey).not.toBe(old.testKey);
    expect((await v1(server, 'GET', '/user', { key: old.testKey })).status).toBe(401);
    expect((await v1(server, 'GET', '/user', { key: fresh.testKey })).status).toBe(200);
    expect((await v1(server, 'GET', '/user', { key: old.apiKey })).status).toBe(200);
  });

  it('records last use at most once a minute', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const { apiKey } = await apiKeysOf(server, buyer.token);
    await v1(server, 'GET', '/user', { key: apiKey });
    // Written in the background (off the request's path): it lands just after the answer.
    const used = clock.now().toISOString();
    await expect.poll(async () => (await apiKeysOf(server, buyer.token)).lastUsedAt).toBe(used);
    clock.advance(30_000);
    await v1(server, 'GET', '/user', { key: apiKey });
    expect((await apiKeysOf(server, buyer.token)).lastUsedAt).toBe(used);
    clock.advance(31_000);
    await v1(server, 'GET', '/user', { key: apiKey });
    const later = clock.now().toISOString();
    await expect.poll(async () => (await apiKeysOf(server, buyer.token)).lastUsedAt).toBe(later);
  });

  it('the key routes need a session: anonymous and API-key callers get 401', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const { apiKey } = await apiKeysOf(server, buyer.token);
    for (const [method, path] of [
      ['GET', '/api/user/api-key'],
      ['POST', '/api/user/api-key/regenerate'],
    ] as const) {
      expect((await call(server, method, path)).status).toBe(401);
      expect((await call(server, method, path, { headers: { 'x-api-key': `Bearer ${apiKey}` } })).status).toBe(401);
      expect((await call(server, method, path, { token: apiKey })).status).toBe(401);
    }
    expect((await call(server, 'POST', '/api/user/api-key/regenerate?mode=other', { token: buyer.token })).status).toBe(
      400,
    );
  });

  it('keys never appear in plaintext in the database or in a log line', async () => {
    const buyer = await newCustomer(server, admin, 0);
    const keys = await apiKeysOf(server, buyer.token);
    const fresh = await regenerate(server, buyer.token);
    await v1(server, 'GET', '/user', { key: fresh.apiKey });
    await v1(server, 'GET', '/user', { key: keys.apiKey }); // revoked: 401, and must not be logged either
    await v1(server, 'GET', `/user?api_key=${fresh.apiKey}`, { template: false });

    const dump = await databaseText(server);
    expect(dump).toContain('api_keys');
    for (const key of [keys.apiKey, keys.testKey, fresh.apiKey]) {
      expect(dump).not.toContain(key);
      expect(dump).not.toContain(key.slice(8)); // nor its random part
      expect(server.logs.join('\n')).not.toContain(key.slice(8));
      expect(consoleLines.join('\n')).not.toContain(key.slice(8));
    }
    // The database file itself (and its WAL) holds no key either.
    for (const file of ['labeldesk.db', 'labeldesk.db-wal']) {
      const bytes = await readFile(join(server.dataDir, file)).catch(() => Buffer.alloc(0));
      for (const key of [keys.apiKey, keys.testKey, fresh.apiKey]) expect(bytes.includes(key.slice(8))).toBe(false);
    }
  });
});
