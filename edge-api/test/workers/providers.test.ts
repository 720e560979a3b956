import { env } from 'cloudflare:workers';
import type {
  AddServicesResponse,
  AllServicesResponse,
  ApiConfigResponse,
  AuthResponse,
  CheckUpdatesResponse,
  ErrorBody,
} from '@labeldesk/contracts';
import { describe, expect, inject, it } from 'vitest';
import { httpLabelProvider } from '../../src/adapters/label-provider/http-label-provider';
import { labelProviders } from '../../src/adapters/label-provider/label-providers';
import { assertSafeUrl, UnsafeUrlError } from '../../src/lib/ssrf';
import { ProviderError } from '../../src/ports/label-provider';
import { fetchWorkerWith, type WorkerRequest } from './support/http';

/**
 * The supply side inside workerd: the provider adapter (workerd's fetch, AbortSignal timeouts) against the carrier
 * sandbox served from Node (global setup), the SSRF guard with workerd's URL parser, and the Worker's admin and
 * customer routes on D1 (provider keys sealed with WebCrypto AES-GCM).
 */
const carrier = inject('carrier');

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  try {
    await promise;
  } catch (err) {
    if (err instanceof ProviderError) return err;
    throw err;
  }
  throw new Error('expected a ProviderError');
}

const label = {
  serviceCode: 'ups_ground',
  from: { name: 'Wes Worker', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001' },
  to: { name: 'Rae Receiver', street1: '2 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
  package: { weight: 2, weightUnit: 'lbs' as const, length: 10, width: 8, height: 4 },
};

describe('provider adapter in workerd', () => {
  it('lists, quotes, buys (idempotently, with the PDF), tracks and voids over fetch', async () => {
    const provider = httpLabelProvider(carrier.alpha);
    const services = await provider.listServices();
    expect(services).toHaveLength(18);
    expect(services.find((s) => s.serviceCode === 'usps_ground_advantage_15oz')).toMatchObject({
      weightUnit: 'oz',
      maxWeight: 15,
    });
    const quote = await provider.quote({
      serviceCode: 'ups_ground',
      fromZip: '10001',
      toZip: '94105',
      weight: 2,
      weightUnit: 'lbs',
    });
    expect(quote.priceCents).toBe(1140);

    const bought = await provider.createLabel({ ...label, idempotencyKey: 'workers-order-1' });
    expect(bought.priceCents).toBe(1140);
    expect(new TextDecoder().decode(bought.pdf.slice(0, 5))).toBe('%PDF-');
    const replay = await provider.createLabel({ ...label, idempotencyKey: 'workers-order-1' });
    expect(replay).toMatchObject({ labelId: bought.labelId, replayed: true });
    expect((await provider.getTracking(bought.trackingNumber)).trackingNumber).toBe(bought.trackingNumber);
    expect((await provider.voidLabel(bought.labelId)).status).toBe('voided');

    const heavy = await failure(
      provider.quote({ serviceCode: 'ups_ground', fromZip: '1', toZip: '2', weight: 151, weightUnit: 'lbs' }),
    );
    expect(heavy).toMatchObject({
      code: 'invalid_input',
      message: 'Weight exceeds the maximum allowed for this service',
    });
  });

  it('maps an outage to upstream_unavailable and times out slow answers with AbortSignal', async () => {
    const control = (path: string, body: unknown) =>
      fetch(`${carrier.url}/_sandbox${path}`, {
        method: 'PUT',
        headers: { 'X-Sandbox-Key': carrier.controlKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await control('/catalogues/beta/down', { down: true });
    try {
      const down = await failure(httpLabelProvider(carrier.beta).listServices());
      expect(down).toMatchObject({ code: 'upstream_unavailable', retryAfterSeconds: 30 });
    } finally {
      await control('/catalogues/beta/down', { down: false });
    }
    await control('/latency', { latencyMs: 300 });
    try {
      const slow = await failure(
        httpLabelProvider({ ...carrier.beta, timeoutMs: 50, maxAttempts: 2, sleep: async () => {} }).listServices(),
      );
      expect(slow.code).toBe('upstream_unavailable');
      expect(slow.logMessage).toContain('did not answer within 50 ms');
    } finally {
      await control('/latency', { latencyMs: 0 });
    }
  });
});

describe('SSRF guard in workerd (no DNS: host names by name)', () => {
  const strict = { allowPrivate: false };
  const refused = [
    'http://93.184.215.14',
    'https://127.0.0.1',
    'https://2130706433',
    'https://0x7f.0.0.1',
    'https://0177.0.0.1',
    'https://[::ffff:127.0.0.1]',
    'https://[::ffff:a9fe:a9fe]',
    'https://169.254.169.254',
    'https://metadata.google.internal',
    'https://localhost',
    'https://10.1.1.1',
    'https://100.64.0.1',
    'https://[fd00::1]',
  ];
  it('refuses loopback, private, link-local, metadata and disguised IPv4 forms', async () => {
    for (const url of refused) {
      await expect(assertSafeUrl(url, strict), url).rejects.toBeInstanceOf(UnsafeUrlError);
    }
    await expect(assertSafeUrl('https://api.example.com/v/', strict)).resolves.toBe('https://api.example.com/v');
  });

  it('a strict factory sends nothing to the loopback sandbox; a permissive one does', async () => {
    const strictProviders = labelProviders({ allowPrivate: false, timeoutMs: 2_000 });
    await expect(strictProviders.checkBaseUrl(carrier.alpha.baseUrl)).rejects.toMatchObject({ code: 'invalid_input' });
    const refusedCall = await failure(strictProviders.connect(carrier.alpha).listServices());
    expect(refusedCall.code).toBe('upstream_error');
    const open = labelProviders({ allowPrivate: true, timeoutMs: 2_000 });
    expect(await open.connect(carrier.alpha).listServices()).toHaveLength(18);
  });
});

describe('provider routes through the Worker (D1, sealed keys)', () => {
  const sandboxEnv = { ...env, ALLOW_PRIVATE_PROVIDER_URLS: 'true' } as unknown as Env;
  let ip = 0;
  function fetchWorker(path: string, { env: bindings, ...opts }: Omit<WorkerRequest, 'ip'> & { env?: Env } = {}) {
    ip += 1;
    return fetchWorkerWith(bindings ?? sandboxEnv, path, { ...opts, ip: `192.0.2.${ip}` });
  }

  async function registerUser(name: string, email: string, admin = false) {
    const res = await fetchWorker('/api/auth/register', { json: { name, email, password: 'workers-pw-1' } });
    expect(res.status).toBe(201);
    const body = (await res.json()) as AuthResponse;
    if (admin) await env.DB.prepare('UPDATE users SET is_admin = 1 WHERE id = ?').bind(body.user._id).run();
    return body;
  }

  it('adds a config with a sealed key, imports services and prices them for a customer', async () => {
    const admin = (await registerUser('Ada Admin', 'ada-admin@example.com', true)).token;
    const customer = (await registerUser('Cy Customer', 'cy@example.com')).token;

    // With the production default (ALLOW_PRIVATE_PROVIDER_URLS=false) the loopback sandbox is refused.
    const refused = await fetchWorker('/api/admin/config/apis', {
      token: admin,
      env,
      json: { name: 'Local', key: carrier.alpha.apiKey, baseUrl: carrier.alpha.baseUrl },
    });
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      'Base URL points to a private or reserved address (allowed only when the server sets ALLOW_PRIVATE_PROVIDER_URLS=true, for a provider or sandbox on your own network)',
    );

    const created = await fetchWorker('/api/admin/config/apis', {
      token: admin,
      json: { name: 'API 1', key: carrier.alpha.apiKey, baseUrl: carrier.alpha.baseUrl },
    });
    expect(created.status).toBe(201);
    const createdText = await created.text();
    expect(createdText).not.toContain(carrier.alpha.apiKey);
    const api = (JSON.parse(createdText) as ApiConfigResponse).api;
    expect(api).toMatchObject({ isDefault: true, key: `••••${carrier.alpha.apiKey.slice(-4)}` });
    const row = await env.DB.prepare('SELECT key_ciphertext AS k FROM shipping_apis WHERE id = ?')
      .bind(api._id)
      .first<{ k: string }>();
    expect(row?.k).toMatch(/^v1\./);
    expect(row?.k).not.toContain(carrier.alpha.apiKey);

    const report = (await (
      await fetchWorker('/api/admin/services/check-updates', { token: admin, json: { apis: [{ id: api._id }] } })
    ).json()) as CheckUpdatesResponse;
    expect(report[api._id]).toMatchObject({ totalServices: 18, newServices: 18 });

    const added = await fetchWorker('/api/admin/services/add-services', {
      token: admin,
      json: {
        services: [
          { apiId: api._id, carrier: 'UPS', service: { serviceCode: 'ups_ground' } },
          { apiId: api._id, carrier: 'USPS', service: { serviceCode: 'usps_priority_mail' } },
        ],
      },
    });
    expect(((await added.json()) as AddServicesResponse).addedCount).toBe(2);

    const services = (await (
      await fetchWorker('/api/shipping/all-services', { token: customer })
    ).json()) as AllServicesResponse;
    expect(services.UPS.map((s) => [s.name, s.price])).toEqual([['UPS Ground', 8.95]]);
    expect(services.USPS.map((s) => [s.name, s.price])).toEqual([['USPS Priority Mail', 8.1]]);

    // A second default in one batch: still exactly one.
    const second = await fetchWorker('/api/admin/config/apis', {
      token: admin,
      json: { name: 'API 2', key: carrier.beta.apiKey, baseUrl: carrier.beta.baseUrl, isDefault: true },
    });
    expect(second.status).toBe(201);
    const defaults = await env.DB.prepare('SELECT COUNT(*) AS n FROM shipping_apis WHERE is_default = 1').first<{
      n: number;
    }>();
    expect(defaults?.n).toBe(1);
  });
});
