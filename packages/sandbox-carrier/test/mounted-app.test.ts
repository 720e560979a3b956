import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { type CarrierSandboxApp, createCarrierSandboxApp } from '../src/index';
import { client, tempDir } from './helpers';

/** The sandbox mounted inside a host server (as LabelDesk's Node entry does), on the host's port. */
const servers: Array<ReturnType<typeof serve>> = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
});

async function host(sandbox: CarrierSandboxApp): Promise<string> {
  const info = await new Promise<AddressInfo>((resolve) => {
    const s = serve(
      {
        port: 0,
        hostname: '127.0.0.1',
        fetch: (req) =>
          new URL(req.url).pathname.startsWith(`${sandbox.basePath}/`)
            ? sandbox.fetch(req)
            : new Response('host app', { status: 200 }),
      },
      resolve,
    );
    servers.push(s);
  });
  return `http://127.0.0.1:${info.port}`;
}

const label = {
  serviceCode: 'ups_ground',
  from: { name: 'A', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001' },
  to: { name: 'B', street1: '2 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
  package: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
};

describe('createCarrierSandboxApp', () => {
  it('serves the protocol under the base path, with URLs that point back under it', async () => {
    const sandbox = createCarrierSandboxApp({ basePath: '/sandbox/carrier/', rateLimit: false });
    const origin = await host(sandbox);
    expect(sandbox.basePath).toBe('/sandbox/carrier');
    const alpha = sandbox.catalogues.alpha;
    if (!alpha) throw new Error('no alpha');
    expect(alpha.path).toBe('/sandbox/carrier/catalogues/alpha');
    const baseUrl = sandbox.baseUrlFor(origin, 'alpha');
    expect(baseUrl).toBe(`${origin}/sandbox/carrier/catalogues/alpha`);

    const c = client(baseUrl, alpha.apiKey);
    const services = await c.get<{ services: Array<{ serviceCode: string }> }>('/v1/services');
    expect(services.status).toBe(200);
    expect(services.body.services.map((s) => s.serviceCode)).toEqual(alpha.services().map((s) => s.serviceCode));

    const bought = await c.post<{ labelUrl: string; price: number }>('/v1/labels', label);
    expect(bought.status).toBe(201);
    expect(bought.body.price).toBe(11.4);
    expect(bought.body.labelUrl.startsWith(`${baseUrl}/v1/labels/`)).toBe(true);
    const pdf = await fetch(bought.body.labelUrl, { headers: { 'X-Api-Key': alpha.apiKey } });
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(new TextDecoder().decode((await pdf.arrayBuffer()).slice(0, 5))).toBe('%PDF-');

    // The host keeps everything outside the base path.
    expect(await (await fetch(`${origin}/catalogues/alpha/v1/services`)).text()).toBe('host app');
    // Unknown paths under it answer in the sandbox's error shape.
    const missing = await fetch(`${origin}/sandbox/carrier/nope`);
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { error: { code: string } }).error.code).toBe('not_found');
    // Keys are still checked.
    expect((await client(baseUrl, 'wrong').get('/v1/services')).status).toBe(401);
  });

  it('has the same controls (programmatic and HTTP) and keeps its state in dataDir', async () => {
    const data = tempDir();
    try {
      const first = createCarrierSandboxApp({ basePath: '/sb', dataDir: data.dir, controlKey: 'ck', rateLimit: false });
      const origin = await host(first);
      const beta = first.catalogues.beta;
      if (!beta) throw new Error('no beta');
      const c = client(first.baseUrlFor(origin, 'beta'), beta.apiKey);
      first.setDown(true);
      expect((await c.get('/v1/services')).status).toBe(503);
      first.setDown(false);
      beta.setDown(true);
      expect((await c.get('/v1/services')).status).toBe(503);
      beta.setDown(false);
      expect((await c.get('/v1/services')).status).toBe(200);

      const state = await client(origin, null).get<{ catalogues: Array<{ id: string; baseUrl: string }> }>(
        '/sb/_sandbox/state',
        { 'X-Sandbox-Key': 'ck' },
      );
      expect(state.body.catalogues.find((x) => x.id === 'beta')?.baseUrl).toBe(`${origin}/sb/catalogues/beta`);

      // A second app on the same dataDir keeps the generated API keys.
      const second = createCarrierSandboxApp({ basePath: '/sb', dataDir: data.dir });
      expect(second.catalogues.beta?.apiKey).toBe(beta.apiKey);
    } finally {
      data.remove();
    }
  });

  it('refuses a base path that is not a path', () => {
    expect(() => createCarrierSandboxApp({ basePath: 'sandbox' })).toThrow(/basePath/);
    expect(() => createCarrierSandboxApp({ basePath: '/' })).toThrow(/basePath/);
    expect(() => createCarrierSandboxApp({ basePath: '/a b' })).toThrow(/basePath/);
  });
});
