import { AddressListResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, loginAdmin, register, startTestServer, type TestServer } from './helpers';

const address = {
  name: 'Alice',
  street1: '1 Main St',
  city: 'Springfield',
  state: 'IL',
  zip: '62701',
  phone: '555-0100',
  type: 'sender',
  isDefault: true,
};

describe('addresses: role matrix', () => {
  let server: TestServer;
  let alice: string;
  let bob: string;
  let admin: string;
  let aliceAddressId: string;

  beforeAll(async () => {
    server = await startTestServer();
    alice = (await register(server, { name: 'Alice', email: 'alice@example.com', password: 'pw-12345' })).token;
    bob = (await register(server, { name: 'Bob', email: 'bob@example.com', password: 'pw-12345' })).token;
    admin = (await loginAdmin(server)).token;
    const res = await call(server, 'POST', '/api/addresses', { token: alice, json: address });
    aliceAddressId = (res.body as { address: { _id: string } }).address._id;
  });
  afterAll(() => server.stop());

  async function listOf(token: string) {
    return AddressListResponse.parse((await call(server, 'GET', '/api/addresses', { token })).body).addresses;
  }

  it('anonymous callers get 401 on every address route', async () => {
    const routes = [
      ['GET', '/api/addresses', undefined],
      ['GET', '/api/addresses/type/sender', undefined],
      ['POST', '/api/addresses', address],
      ['PUT', `/api/addresses/${aliceAddressId}`, address],
      ['DELETE', `/api/addresses/${aliceAddressId}`, undefined],
    ] as const;
    for (const [method, path, json] of routes) {
      const res = await call(server, method, path, { json });
      expect(res.status, `${method} ${path}`).toBe(401);
      expect(errorOf(res).expired).toBe(true);
    }
  });

  it("customer B sees none of A's addresses and gets 404 (not 403) on A's address, changing nothing", async () => {
    expect(await listOf(bob)).toEqual([]);
    expect(
      AddressListResponse.parse((await call(server, 'GET', '/api/addresses/type/sender', { token: bob })).body)
        .addresses,
    ).toEqual([]);

    const put = await call(server, 'PUT', `/api/addresses/${aliceAddressId}`, {
      token: bob,
      json: { ...address, name: 'Hijacked' },
    });
    const del = await call(server, 'DELETE', `/api/addresses/${aliceAddressId}`, { token: bob });
    const missing = await call(server, 'DELETE', '/api/addresses/adr_01h00000000000000000000000', { token: bob });
    for (const res of [put, del, missing]) {
      expect(res.status).toBe(404);
      expect(errorOf(res).error).toEqual({ code: 'not_found', message: 'Address not found', details: [] });
    }
    // Same answer for "someone else's" and "does not exist": nothing to learn.
    expect(del.text).toBe(missing.text);

    const mine = await listOf(alice);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ _id: aliceAddressId, name: 'Alice', isDefault: true });
  });

  it("B's default sender does not clear A's default", async () => {
    const res = await call(server, 'POST', '/api/addresses', { token: bob, json: { ...address, name: 'Bob' } });
    expect(res.status).toBe(201);
    expect((await listOf(alice))[0]?.isDefault).toBe(true);
    expect((await listOf(bob))[0]?.isDefault).toBe(true);
  });

  it('admins only see their own addresses here too', async () => {
    expect(await listOf(admin)).toEqual([]);
    const res = await call(server, 'DELETE', `/api/addresses/${aliceAddressId}`, { token: admin });
    expect(res.status).toBe(404);
  });

  it('A can manage their own address', async () => {
    const res = await call(server, 'DELETE', `/api/addresses/${aliceAddressId}`, { token: alice });
    expect(res.status).toBe(200);
    expect(await listOf(alice)).toEqual([]);
  });
});
