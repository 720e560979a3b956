import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { SecretBoxError } from '../../lib/secret-box';
import type { LabelProvider, ProviderEndpoint } from '../../ports/label-provider';

export const KEY_UNREADABLE_MESSAGE = 'The API key of this shipping API cannot be read. Please enter it again.';
export const TEST_MODE_UNAVAILABLE_MESSAGE =
  'Test mode is not available for this service: no sandbox is configured for its shipping API. Use a live key, or ask the operator to configure a sandbox.';

type ApiEndpointColumns = Pick<ShippingApiRow, 'id' | 'keyCiphertext' | 'baseUrl' | 'kind'>;

async function unsealedKey(services: Services, api: ApiEndpointColumns): Promise<string> {
  try {
    return await services.providerKeys.decrypt(api.keyCiphertext, api.id);
  } catch (err) {
    if (err instanceof SecretBoxError) {
      // PROVIDER_KEY_SECRET changed (or the row was tampered with): the admin must enter the key again.
      throw new ApiError('upstream_error', KEY_UNREADABLE_MESSAGE, { logMessage: `api ${api.id}: ${err.message}` });
    }
    throw err;
  }
}

/**
 * Test mode: the sandbox a TEST-key order of this API is bought, voided and tracked at (labelProviders.testEndpoint),
 * or 503 TEST_MODE_UNAVAILABLE_MESSAGE when there is none. Never the API's real upstream.
 */
export function testEndpointOf(services: Services, api: Pick<ShippingApiRow, 'id' | 'baseUrl' | 'kind'>) {
  const endpoint = services.labelProviders.testEndpoint(api);
  if (!endpoint) {
    throw new ApiError('upstream_unavailable', TEST_MODE_UNAVAILABLE_MESSAGE, {
      logMessage: `api ${api.id} (${api.kind}, ${api.baseUrl}): no sandbox for test mode`,
    });
  }
  return endpoint;
}

/**
 * A client for one config: its key unsealed here, on the server, and never sent anywhere but to that provider. With
 * `livemode: false` (a test order), the sandbox of the API's kind instead (testEndpointOf).
 */
export async function connectProvider(
  services: Services,
  api: ApiEndpointColumns,
  opts: { livemode?: boolean } = {},
): Promise<LabelProvider> {
  let endpoint: ProviderEndpoint;
  if (opts.livemode === false) {
    const sandbox = testEndpointOf(services, api);
    endpoint =
      'useOwnKey' in sandbox
        ? { baseUrl: api.baseUrl, apiKey: await unsealedKey(services, api), kind: api.kind }
        : { ...sandbox, kind: api.kind };
  } else {
    endpoint = { baseUrl: api.baseUrl, apiKey: await unsealedKey(services, api), kind: api.kind };
  }
  return services.labelProviders.connect(endpoint);
}
