import { describe, expect, it } from 'vitest';
import { labelProviders } from './label-providers';

/**
 * Test mode's choice of provider (labelProviders.testEndpoint): an API already at a sandbox of its kind keeps its own
 * endpoint; any other API (a real upstream) goes to the configured sandbox of its kind, or has none — never itself.
 */
describe('labelProviders.testEndpoint', () => {
  const providers = labelProviders({
    allowPrivate: false,
    timeoutMs: 1000,
    trusted: () => ['http://127.0.0.1:8787/sandbox/carrier'],
    kindSandboxes: () => ({ easypost: ['http://127.0.0.1:8787/sandbox/easypost'] }),
    testSandboxes: () => ({
      generic: { baseUrl: 'http://127.0.0.1:8787/sandbox/carrier/catalogues/alpha', apiKey: 'alpha-key' },
      shippo: { baseUrl: 'https://shippo-sandbox.example/v1', apiKey: 'shippo_test_x' },
    }),
  });

  it('keeps an API that lives at a sandbox of its kind (embedded or the configured one)', () => {
    expect(
      providers.testEndpoint({ baseUrl: 'http://127.0.0.1:8787/sandbox/carrier/catalogues/beta', kind: 'generic' }),
    ).toEqual({ useOwnKey: true });
    expect(providers.testEndpoint({ baseUrl: 'http://127.0.0.1:8787/sandbox/easypost/', kind: 'easypost' })).toEqual({
      useOwnKey: true,
    });
    expect(providers.testEndpoint({ baseUrl: 'https://shippo-sandbox.example/v1', kind: 'shippo' })).toEqual({
      useOwnKey: true,
    });
  });

  it('sends a real upstream to the sandbox configured for its kind, or to none', () => {
    expect(providers.testEndpoint({ baseUrl: 'https://carrier.example/api', kind: 'generic' })).toEqual({
      baseUrl: 'http://127.0.0.1:8787/sandbox/carrier/catalogues/alpha',
      apiKey: 'alpha-key',
    });
    expect(providers.testEndpoint({ baseUrl: 'https://api.goshippo.com', kind: 'shippo' })).toEqual({
      baseUrl: 'https://shippo-sandbox.example/v1',
      apiKey: 'shippo_test_x',
    });
    // No EasyPost test sandbox configured: the real EasyPost is not a sandbox, so there is none.
    expect(providers.testEndpoint({ baseUrl: 'https://api.easypost.com', kind: 'easypost' })).toBeUndefined();
    // A prefix that is not a path boundary is not "at" the sandbox.
    expect(providers.testEndpoint({ baseUrl: 'http://127.0.0.1:8787/sandbox/carrierx', kind: 'generic' })).not.toEqual({
      useOwnKey: true,
    });
  });
});
