import { V1CreateLabelResponse, V1ServicesResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateApiKey } from '../../src/lib/api-key-vault';
import { call, errorOf, loginAdmin, type TestServer } from './helpers';
import { moneyOf, newCustomer, RECIPIENT, SENDER, setBalance, startOrdersServer } from './orders-support';
import { apiKeysOf, regenerate, v1 } from './public-api-support';

/** Role matrix of every v1 route and key route: who may call it, and whose data each caller can reach. */
describe('public API security', () => {
  let server: TestServer;
  let admin: { token: string; id: string };
  let alice: { token: string; id: string; keys: Awaited<ReturnType<typeof apiKeysOf>> };
  let bob: { token: string; id: string; keys: Awaited<ReturnType<typeof apiKeysOf>> };
  let aliceOrder: string;
  let aliceTestOrder: string;
  let revokedKey: string;

  const routes = (orderId: string) =>
    [
      ['GET', '/user', '/user'],
      ['GET', '/services', '/services'],
      ['POST', '/create-label', '/create-label'],
      ['GET', `/orders/${orderId}`, '/orders/:order_id'],
      ['GET', `/labels/${orderId}`, '/labels/:order_id'],
    ] as const;

  beforeAll(async () => {
    server = await startOrdersServer();
    const adminAuth = await loginAdmin(server);
    admin = { token: adminAuth.token, id: adminAuth.user._id };
    const a = await newCustomer(server, admin.token, 50);
    const b = await newCustomer(server, admin.token, 50);
    alice = { ...a, keys: await apiKeysOf(server, a.token) };
    bob = { ...b, keys: await apiKeysOf(server, b.token) };
    const services = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key: alice.keys.apiKey })).body);
    const serviceId = services.data.services.UPS[0]?.id ?? '';
    const label = {
      serviceId,
      sender: SENDER,
      recipient: RECIPIENT,
      packageDetails: { weight: 1, dimensions: { length: 5, width: 5, height: 5 } },
    };
    const bought = await v1(server, 'POST', '/create-label', { key: alice.keys.apiKey, json: label });
    expect(bought.status, bought.text).toBe(201);
    aliceOrder = V1CreateLabelResponse.parse(bought.body).data._id;
    const tested = await v1(server, 'POST', '/create-label', { key: alice.keys.testKey, json: label });
    aliceTestOrder = V1CreateLabelResponse.parse(tested.body).data._id;
    const carol = await newCustomer(server, admin.token, 0);
    revokedKey = (await apiKeysOf(server, carol.token)).apiKey;
    await regenerate(server, carol.token);
  });
  afterAll(() => server.stop());

  it('without a valid key every v1 route answers 401 in the error shape, the same for unknown and revoked keys', async () => {
    const callers: Array<[string, Record<string, string>]> = [
      ['anonymous', {}],
      ['empty header', { 'x-api-key': '' }],
      ['malformed key', { 'x-api-key': 'Bearer not-a-key' }],
      ['unknown live key', { 'x-api-key': `Bearer ${generateApiKey('live')}` }],
      ['unknown test key', { 'x-api-key': `Bearer ${generateApiKey('test')}` }],
      ['revoked key', { 'x-api-key': `Bearer ${revokedKey}` }],
      ['a session token', { Authorization: `Bearer ${alice.token}` }],
      ['a mangled real key', { 'x-api-key': `Bearer ${alice.keys.apiKey.slice(0, -1)}X` }],
    ];
    const bodies = new Map<string, string>();
    for (const [who, headers] of callers) {
      for (const [method, path, template] of routes(aliceOrder)) {
        const res = await v1(server, method, path, { headers, template, ...(method === 'POST' ? { json: {} } : {}) });
        expect(res.status, `${who} ${method} ${path}`).toBe(401);
        const { error } = errorOf(res);
        expect(error.code).toBe('unauthorized');
        expect(res.headers.get('x-ratelimit-limit')).toBeNull();
        if (who.includes('unknown') || who.includes('revoked') || who.includes('mangled'))
          bodies.set(who, error.message);
      }
    }
    // Unknown, revoked and wrong keys are told the same thing.
    expect(new Set(bodies.values())).toEqual(new Set(['Invalid API key']));
  });

  it('two different keys in x-api-key and Authorization answer 400 and do nothing; the same key in both is fine', async () => {
    const before = await moneyOf(server, alice.id);
    const conflicting: Array<Record<string, string>> = [
      { 'x-api-key': `Bearer ${alice.keys.apiKey}`, Authorization: `Bearer ${bob.keys.apiKey}` },
      { 'x-api-key': bob.keys.apiKey, Authorization: `Bearer ${alice.keys.apiKey}` },
      { 'x-api-key': `Bearer ${alice.keys.apiKey}`, Authorization: `Bearer ${alice.token}` },
    ];
    for (const headers of conflicting) {
      for (const [method, path] of routes(aliceOrder)) {
        const res = await v1(server, method, path, {
          headers,
          template: false,
          ...(method === 'POST' ? { json: {} } : {}),
        });
        expect(res.status, `${method} ${path}`).toBe(400);
        expect(errorOf(res).error).toMatchObject({
          code: 'invalid_input',
          message:
            'Two different API keys were sent (x-api-key and Authorization): send one key, in the x-api-key header',
        });
      }
    }
    expect(await moneyOf(server, alice.id)).toEqual(before);
    const same = await v1(server, 'GET', '/user', {
      headers: { 'x-api-key': `Bearer ${alice.keys.apiKey}`, Authorization: `Bearer ${alice.keys.apiKey}` },
    });
    expect(same.status, same.text).toBe(200);
  });

  it('a key in the query string is refused, even a valid one', async () => {
    for (const query of [`api_key=${alice.keys.apiKey}`, `key=${alice.keys.apiKey}`, `x=${alice.keys.apiKey}`]) {
      const res = await v1(server, 'GET', `/user?${query}`, { template: '/user' });
      expect(res.status).toBe(401);
      expect(errorOf(res).error.message).toMatch(/never in the URL/);
      // Refused even alongside a valid header.
      const both = await v1(server, 'GET', `/user?${query}`, { key: alice.keys.apiKey, template: '/user' });
      expect(both.status).toBe(401);
    }
  });

  it("customer B's key cannot read A's orders or labels (404, as if they did not exist), live or test", async () => {
    for (const id of [aliceOrder, aliceTestOrder]) {
      for (const key of [bob.keys.apiKey, bob.keys.testKey]) {
        for (const [method, path, template] of routes(id).slice(3)) {
          const res = await v1(server, method, path, { key, template });
          expect(res.status, `${path} with ${key.slice(0, 8)}`).toBe(404);
        }
      }
    }
    // A's own keys read them (live with live, test with test).
    expect(
      (await v1(server, 'GET', `/orders/${aliceOrder}`, { key: alice.keys.apiKey, template: '/orders/:order_id' }))
        .status,
    ).toBe(200);
    expect(
      (await v1(server, 'GET', `/orders/${aliceTestOrder}`, { key: alice.keys.testKey, template: '/orders/:order_id' }))
        .status,
    ).toBe(200);
  });

  it("an admin's key acts as the admin's own account: it cannot read a customer's orders either", async () => {
    const adminKeys = await apiKeysOf(server, admin.token);
    for (const [method, path, template] of routes(aliceOrder).slice(3)) {
      expect((await v1(server, method, path, { key: adminKeys.apiKey, template })).status).toBe(404);
    }
    const me = await v1(server, 'GET', '/user', { key: adminKeys.apiKey });
    expect(me.body).toMatchObject({ data: { _id: admin.id } });
  });

  it("B's key buys from B's balance only; A's balance is untouched", async () => {
    const before = await moneyOf(server, alice.id);
    await setBalance(server, admin.token, bob.id, 0.5);
    const services = V1ServicesResponse.parse((await v1(server, 'GET', '/services', { key: bob.keys.apiKey })).body);
    const res = await v1(server, 'POST', '/create-label', {
      key: bob.keys.apiKey,
      json: {
        serviceId: services.data.services.UPS[0]?.id,
        sender: SENDER,
        recipient: RECIPIENT,
        packageDetails: { weight: 1, length: 5, width: 5, height: 5 },
      },
    });
    expect(res.status).toBe(402);
    expect(await moneyOf(server, alice.id)).toEqual(before);
  });

  it('the key page shows a customer only their own keys', async () => {
    const mine = await apiKeysOf(server, alice.token);
    const theirs = await apiKeysOf(server, bob.token);
    expect(mine.apiKey).toBe(alice.keys.apiKey);
    expect(theirs.apiKey).toBe(bob.keys.apiKey);
    expect((await call(server, 'GET', '/api/user/api-key', { token: 'not-a-token' })).status).toBe(401);
  });

  it('the OpenAPI document is public and an unknown v1 path is 404 for a key holder', async () => {
    const doc = await call(server, 'GET', '/api/v1/openapi.json');
    expect(doc.status).toBe(200);
    expect(doc.body).toMatchObject({ openapi: '3.1.0' });
    expect((await v1(server, 'GET', '/nope', { key: alice.keys.apiKey, template: false })).status).toBe(404);
  });
});
