import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, errorOf, register, startTestServer, type TestServer } from './helpers';

describe('addresses: validation', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = (await register(server, { name: 'A', email: 'a@example.com', password: 'pw-12345' })).token;
  });
  afterAll(() => server.stop());

  it('answers the SPEC §5 texts for each missing field and saves nothing', async () => {
    const res = await call(server, 'POST', '/api/addresses', {
      token,
      json: { name: ' ', street1: '', city: '', state: '', zip: '', phone: '' },
    });
    expect(res.status).toBe(400);
    const { error } = errorOf(res);
    expect(error.code).toBe('invalid_input');
    expect(error.message).toBe('Name is required');
    expect(error.details).toEqual([
      { path: 'name', message: 'Name is required' },
      { path: 'street1', message: 'Street address is required' },
      { path: 'city', message: 'City is required' },
      { path: 'state', message: 'State is required' },
      { path: 'zip', message: 'ZIP code is required' },
      { path: 'phone', message: 'Phone number is required' },
    ]);
    const list = await call(server, 'GET', '/api/addresses', { token });
    expect(list.body).toEqual({ addresses: [] });
  });

  it('refuses an unknown type or country', async () => {
    const ok = { name: 'N', street1: 'S', city: 'C', state: 'S', zip: 'Z', phone: 'P' };
    const badType = await call(server, 'POST', '/api/addresses', { token, json: { ...ok, type: 'billing' } });
    const badCountry = await call(server, 'POST', '/api/addresses', { token, json: { ...ok, country: 'XX' } });
    expect(badType.status).toBe(400);
    expect(errorOf(badType).error.details[0]?.path).toBe('type');
    expect(badCountry.status).toBe(400);
    expect(errorOf(badCountry).error.details[0]?.path).toBe('country');
  });
});
