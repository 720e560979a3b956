import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createCarrierSandbox } from '@labeldesk/sandbox-carrier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpLabelProvider, type ProviderFetch } from '../../src/adapters/label-provider/http-label-provider';
import { labelProviders } from '../../src/adapters/label-provider/label-providers';
import { nodeHttpFetch } from '../../src/adapters/node/node-http-fetch';
import { countingFetch, failure, labelInput, noSleep, TRANSPORTS } from './label-provider-support';

/**
 * The provider adapter against hand-made misbehaving servers, with each transport it runs on, and the SSRF guard in
 * front of every call (split from label-provider.adapter.test.ts).
 */
describe.each(TRANSPORTS)('http label provider against misbehaving servers (%s)', (_name, transport) => {
  let server: Server;
  let url: string;
  let handler: (path: string) => { status: number; headers?: Record<string, string>; body: string };

  beforeAll(async () => {
    server = createServer((req, res) => {
      const out = handler(req.url ?? '');
      res.writeHead(out.status, out.headers ?? {});
      res.end(out.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('does not follow redirects', async () => {
    handler = () => ({ status: 302, headers: { Location: 'http://169.254.169.254/latest/meta-data' }, body: '' });
    const err = await failure(httpLabelProvider({ fetch: transport, baseUrl: url, apiKey: 'k' }).listServices());
    expect(err.code).toBe('upstream_error');
    expect(err.logMessage).toContain('redirect');
  });

  it('refuses garbled or unexpected answers', async () => {
    handler = () => ({ status: 200, headers: { 'Content-Type': 'application/json' }, body: '<html>oops' });
    expect(
      (await failure(httpLabelProvider({ fetch: transport, baseUrl: url, apiKey: 'k' }).listServices())).code,
    ).toBe('upstream_error');
    handler = () => ({ status: 200, body: JSON.stringify({ price: 'free' }) });
    expect(
      (
        await failure(
          httpLabelProvider({ fetch: transport, baseUrl: url, apiKey: 'k' }).quote({
            serviceCode: 'x',
            fromZip: '1',
            toZip: '2',
            weight: 1,
            weightUnit: 'lbs',
          }),
        )
      ).code,
    ).toBe('upstream_error');
  });

  it('skips malformed entries of a service list and keeps the rest', async () => {
    handler = () => ({
      status: 200,
      body: JSON.stringify({
        services: [
          {
            carrier: 'UPS',
            name: 'UPS Ground',
            serviceCode: 'ups_ground',
            status: 'active',
            maxWeight: 150,
            prices: [{ fromWeight: 0, toWeight: 150, price: 9.5 }],
          },
          { carrier: 'DHL', name: 'Nope', serviceCode: 'dhl' },
          { name: 'no carrier' },
        ],
      }),
    });
    const services = await httpLabelProvider({ fetch: transport, baseUrl: url, apiKey: 'k' }).listServices();
    expect(services).toEqual([
      expect.objectContaining({
        serviceCode: 'ups_ground',
        weightUnit: 'lbs',
        prices: [{ fromWeight: 0, toWeight: 150, priceCents: 950 }],
      }),
    ]);
  });

  it('refuses an answer larger than the limit', async () => {
    handler = () => ({ status: 200, body: JSON.stringify({ services: [], pad: 'x'.repeat(20_000) }) });
    const err = await failure(
      httpLabelProvider({ fetch: transport, baseUrl: url, apiKey: 'k', maxResponseBytes: 10_000 }).listServices(),
    );
    expect(err.code).toBe('upstream_error');
  });

  it('an unreachable provider is upstream_unavailable', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const err = await failure(
      httpLabelProvider({
        fetch: transport,
        baseUrl: `http://127.0.0.1:${port}`,
        apiKey: 'k',
        sleep: noSleep,
      }).listServices(),
    );
    expect(err.code).toBe('upstream_unavailable');
    expect(err.nothingBought).toBe(true);
  });

  it('failFast: a purchase refused before the provider acted is thrown at once, marked nothingBought', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = countingFetch(transport);
    const provider = (baseUrl: string, f: ProviderFetch) =>
      httpLabelProvider({ fetch: f, baseUrl, apiKey: 'k', sleep: noSleep, maxAttempts: 3 });
    const noConnection = await failure(
      provider(`http://127.0.0.1:${port}`, refused.fetch).createLabel(
        labelInput({ idempotencyKey: 'o-1', failFast: true }),
      ),
    );
    expect(noConnection.nothingBought).toBe(true);
    expect(refused.calls).toHaveLength(1); // not retried: the caller buys elsewhere
    // Without failFast the keyed purchase is retried as before.
    const patient = countingFetch(transport);
    await failure(
      provider(`http://127.0.0.1:${port}`, patient.fetch).createLabel(labelInput({ idempotencyKey: 'o-1' })),
    );
    expect(patient.calls).toHaveLength(3);

    const answers: Array<[number, string, boolean]> = [
      [401, JSON.stringify({ error: { code: 'unauthorized', message: 'Invalid API key' } }), true],
      [403, JSON.stringify({ error: { code: 'forbidden' } }), true],
      [429, JSON.stringify({ error: { code: 'rate_limited' } }), true],
      // The protocol's own 503 answer: documented as buying nothing.
      [503, JSON.stringify({ error: { code: 'unavailable', message: 'down' } }), true],
      // A 503 without the protocol's body (a proxy in front?), a 502 or 500 from the purchase: a label may exist.
      [503, '<html>Service Unavailable</html>', false],
      [502, 'Bad Gateway', false],
      [500, JSON.stringify({ error: { code: 'internal_error' } }), false],
    ];
    for (const [status, body, expected] of answers) {
      handler = () => ({ status, headers: { 'Content-Type': 'application/json', 'Retry-After': '30' }, body });
      const counter = countingFetch(transport);
      const err = await failure(
        provider(url, counter.fetch).createLabel(labelInput({ idempotencyKey: 'o-2', failFast: true })),
      );
      expect([status, err.nothingBought]).toEqual([status, expected]);
      if (expected) expect(counter.calls).toHaveLength(1);
    }
    // A 502 from a call that buys nothing is safe to take elsewhere.
    handler = () => ({ status: 502, body: 'Bad Gateway' });
    expect(
      (
        await failure(
          provider(url, transport).quote({
            serviceCode: 'ups_ground',
            fromZip: '10001',
            toZip: '94105',
            weight: 1,
            weightUnit: 'lbs',
          }),
        )
      ).nothingBought,
    ).toBe(true);
  });

  it('a purchase that timed out after it was sent is never nothingBought', async () => {
    handler = () => ({ status: 200, body: '{}' });
    const slow = createServer(() => {
      /* never answers */
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const port = (slow.address() as AddressInfo).port;
      const err = await failure(
        httpLabelProvider({
          fetch: transport,
          baseUrl: `http://127.0.0.1:${port}`,
          apiKey: 'k',
          timeoutMs: 100,
          maxAttempts: 1,
        }).createLabel(labelInput({ idempotencyKey: 'o-3', failFast: true })),
      );
      expect(err.code).toBe('upstream_unavailable');
      expect(err.nothingBought).toBe(false);
    } finally {
      slow.closeAllConnections();
      await new Promise<void>((resolve) => slow.close(() => resolve()));
    }
  });
});

describe('labelProviders: the SSRF guard in front of every call', () => {
  it('refuses to call a loopback base URL unless private URLs are allowed, without sending anything', async () => {
    const sandbox = await createCarrierSandbox({ rateLimit: false });
    try {
      const c = sandbox.catalogues.alpha;
      if (!c) throw new Error('no alpha');
      const counter = countingFetch(nodeHttpFetch);
      const strict = labelProviders({ allowPrivate: false, timeoutMs: 2_000, http: { fetch: counter.fetch } });
      const err = await failure(strict.checkBaseUrl(c.baseUrl));
      expect(err).toMatchObject({
        code: 'invalid_input',
        message: expect.stringContaining('ALLOW_PRIVATE_PROVIDER_URLS=true'),
      });
      const refused = await failure(strict.connect({ baseUrl: c.baseUrl, apiKey: c.apiKey }).listServices());
      expect(refused.code).toBe('upstream_error');
      expect(counter.calls).toHaveLength(0);

      const permissive = labelProviders({ allowPrivate: true, timeoutMs: 2_000, http: { fetch: counter.fetch } });
      await expect(permissive.checkBaseUrl(`${c.baseUrl}/`)).resolves.toBe(c.baseUrl);
      expect(await permissive.connect({ baseUrl: c.baseUrl, apiKey: c.apiKey }).listServices()).toHaveLength(18);
      expect(counter.calls).toHaveLength(1);

      // The embedded default: exactly the sandbox's own base is trusted, its neighbours on the same origin are not.
      const sandboxOnly = labelProviders({
        allowPrivate: false,
        trusted: () => [c.baseUrl],
        timeoutMs: 2_000,
        http: { fetch: counter.fetch },
      });
      expect(await sandboxOnly.connect({ baseUrl: c.baseUrl, apiKey: c.apiKey }).listServices()).toHaveLength(18);
      const neighbour = new URL('/elsewhere', c.baseUrl).href;
      expect((await failure(sandboxOnly.connect({ baseUrl: neighbour, apiKey: c.apiKey }).listServices())).code).toBe(
        'upstream_error',
      );
      expect(counter.calls).toHaveLength(2);
    } finally {
      await sandbox.close();
    }
  });
});
