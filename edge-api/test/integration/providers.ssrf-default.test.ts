import http from 'node:http';
import https from 'node:https';
import { ApiConfigResponse, ProviderPricesResponse } from '@labeldesk/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { call, errorOf, loginAdmin, startTestServer, type TestServer } from './helpers';
import { listApis, seededApis } from './providers-support';

const PRIVATE =
  'Base URL points to a private or reserved address (allowed only when the server sets ALLOW_PRIVATE_PROVIDER_URLS=true, for a provider or sandbox on your own network)';

/**
 * The embedded default (carrier sandbox on, ALLOW_PRIVATE_PROVIDER_URLS unset) trusts exactly its own sandbox's base
 * URLs, not every private range: an admin (or whoever holds an admin session) cannot point a provider at the internal
 * network. The refusal happens before any connection is attempted: every provider request this process starts is watched.
 */
describe('providers: SSRF policy of the default start', () => {
  let server: TestServer;
  let admin: string;
  const requests: string[] = [];

  beforeAll(async () => {
    server = await startTestServer();
    admin = (await loginAdmin(server)).token;
    // The server runs in this process and calls providers through node:http / node:https (adapters/node/
    // node-http-fetch.ts): every request it starts is recorded, and one to a private address is stopped here.
    for (const transport of [http, https]) {
      const original = transport.request.bind(transport) as (...a: unknown[]) => http.ClientRequest;
      vi.spyOn(transport, 'request').mockImplementation(((...args: unknown[]) => {
        const [first] = args;
        const host = first instanceof URL ? first.hostname : typeof first === 'string' ? new URL(first).hostname : '';
        requests.push(host);
        if (/^(10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|\[fd)/.test(host)) {
          throw new Error(`test guard: refused to connect to ${host}`);
        }
        return original(...args);
      }) as typeof transport.request);
    }
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await server.stop();
  });

  async function addApi(baseUrl: string, name = 'Internal') {
    return call(server, 'POST', '/api/admin/config/apis', { token: admin, json: { name, key: 'sk_test_k', baseUrl } });
  }

  it('refuses http://10.1.2.3/ with a clear 400, without connecting anywhere, and stores nothing', async () => {
    const before = (await listApis(server, admin)).length;
    requests.length = 0;
    const started = Date.now();
    const res = await addApi('http://10.1.2.3/');
    expect(res.status).toBe(400);
    expect(errorOf(res).error).toEqual({
      code: 'invalid_input',
      message: PRIVATE,
      details: [{ path: 'baseUrl', message: PRIVATE }],
    });
    // Well below the 10 s provider timeout a connection attempt would wait out, with room for a loaded machine.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(requests.filter((h) => h.startsWith('10.'))).toEqual([]);
    expect((await listApis(server, admin)).length).toBe(before);
  });

  it('refuses the other private ranges, loopback elsewhere than the sandbox and the rest of this origin', async () => {
    const port = new URL(server.url).port;
    const cases: Array<[string, string]> = [
      ['http://192.168.1.20:8080/carrier', PRIVATE],
      ['http://172.16.5.5/', PRIVATE],
      ['http://[fd00::1]/', PRIVATE],
      ['http://127.0.0.1:1/sandbox/carrier', PRIVATE],
      [`${server.url}/api/admin/users`, PRIVATE],
      [`${server.url}/sandbox/btcpay`, PRIVATE],
      [`${server.url}/sandbox/carrier/../../api`, PRIVATE],
      [
        `http://localhost:${port}/api`,
        'Base URL points to a local or internal host (allowed only when the server sets ALLOW_PRIVATE_PROVIDER_URLS=true, for a provider or sandbox on your own network)',
      ],
    ];
    for (const [baseUrl, message] of cases) {
      const res = await addApi(baseUrl);
      expect(res.status, baseUrl).toBe(400);
      expect(errorOf(res).error.message, baseUrl).toBe(message);
    }
    expect(requests.filter((h) => /^(10\.|192\.168\.|172\.16\.)/.test(h))).toEqual([]);
  });

  it("accepts the embedded sandbox's own base URLs (by address and as localhost)", async () => {
    const port = new URL(server.url).port;
    const own = await addApi(`${server.url}/sandbox/carrier/catalogues/beta/`, 'Sandbox again');
    expect(own.status, own.text).toBe(201);
    expect(ApiConfigResponse.parse(own.body).api.baseUrl).toBe(`${server.url}/sandbox/carrier/catalogues/beta`);
    const byName = await addApi(`http://localhost:${port}/sandbox/carrier/catalogues/alpha`, 'Sandbox by name');
    expect(byName.status, byName.text).toBe(201);
  });

  it('the seeded sandbox APIs still answer (the provider is called over loopback)', async () => {
    const { api1 } = await seededApis(server, admin);
    requests.length = 0;
    const res = await call(server, 'GET', `/api/admin/config/apis/${api1._id}/provider-prices`, { token: admin });
    expect(res.status, res.text).toBe(200);
    expect(Object.keys(ProviderPricesResponse.parse(res.body).carriers.UPS).length).toBeGreaterThan(0);
    // The watcher sees real connections (so its empty lists above mean something).
    expect(requests).toContain('127.0.0.1');
  });
});
