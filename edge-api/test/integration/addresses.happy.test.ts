import { AddressListResponse, AddressResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, register, startTestServer, type TestServer } from './helpers';

const base = {
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

describe('addresses: happy paths', () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = (await register(server, { name: 'A', email: 'a@example.com', password: 'pw-12345' })).token;
  });
  afterAll(() => server.stop());

  async function create(json: Record<string, unknown>) {
    const res = await call(server, 'POST', '/api/addresses', { token, json });
    expect(res.status).toBe(201);
    return AddressResponse.parse(res.body);
  }
  async function list(path = '/api/addresses') {
    const res = await call(server, 'GET', path, { token });
    expect(res.status).toBe(200);
    return AddressListResponse.parse(res.body).addresses;
  }

  it('saves an address with trimmed fields and the contract defaults', async () => {
    const res = await create({
      name: '  Home ',
      street1: ' 2 Elm St ',
      city: 'Austin',
      state: 'TX',
      zip: '73301',
      phone: '1',
    });
    expect(res.message).toBe('Address saved successfully');
    expect(res.address).toMatchObject({
      name: 'Home',
      company: '',
      street1: '2 Elm St',
      street2: '',
      country: 'US',
      type: 'recipient',
      isDefault: false,
    });
    expect(res.address._id).toMatch(/^adr_/);
    expect(await list()).toHaveLength(1);
  });

  it('keeps one default per type: a new default sender replaces the old one, recipients are untouched', async () => {
    const recipientDefault = await create({ ...base, name: 'R', type: 'recipient', isDefault: true });
    const first = await create({ ...base, name: 'S1', type: 'sender', isDefault: true });
    const second = await create({ ...base, name: 'S2', type: 'sender', isDefault: true });

    const all = await list();
    const byName = new Map(all.map((a) => [a.name, a]));
    expect(byName.get('S1')?.isDefault).toBe(false);
    expect(byName.get('S2')?.isDefault).toBe(true);
    expect(byName.get('R')?.isDefault).toBe(true);
    expect(all.filter((a) => a.type === 'sender' && a.isDefault)).toHaveLength(1);

    // Making S1 the default again via PUT switches it back.
    const put = await call(server, 'PUT', `/api/addresses/${first.address._id}`, {
      token,
      json: { ...base, name: 'S1', type: 'sender', isDefault: true },
    });
    expect(put.status).toBe(200);
    expect(AddressResponse.parse(put.body)).toMatchObject({
      message: 'Address updated successfully',
      address: { _id: first.address._id, isDefault: true },
    });
    const after = await list();
    expect(after.find((a) => a._id === second.address._id)?.isDefault).toBe(false);
    expect(after.find((a) => a._id === recipientDefault.address._id)?.isDefault).toBe(true);
  });

  it('lists only senders on /type/sender, the default first', async () => {
    const senders = await list('/api/addresses/type/sender');
    expect(senders.map((a) => a.name)).toEqual(['S1', 'S2']);
    expect(senders.every((a) => a.type === 'sender')).toBe(true);
  });

  it('updates every field and deletes', async () => {
    const [home] = (await list()).filter((a) => a.name === 'Home');
    const put = await call(server, 'PUT', `/api/addresses/${home?._id}`, {
      token,
      json: { ...base, name: 'Home 2', country: 'CA', type: 'sender', street2: 'Apt 4' },
    });
    expect(AddressResponse.parse(put.body).address).toMatchObject({
      name: 'Home 2',
      country: 'CA',
      type: 'sender',
      street2: 'Apt 4',
      company: 'ACME',
      isDefault: false,
    });
    const del = await call(server, 'DELETE', `/api/addresses/${home?._id}`, { token });
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ message: 'Address deleted successfully' });
    expect((await list()).some((a) => a._id === home?._id)).toBe(false);
  });
});
