import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { SecretBoxError } from '../../lib/secret-box';
import type { LabelProvider } from '../../ports/label-provider';

export const KEY_UNREADABLE_MESSAGE = 'The API key of this shipping API cannot be read. Please enter it again.';

/** A client for one config: its key unsealed here, on the server, and never sent anywhere but to that provider. */
export async function connectProvider(
  services: Services,
  api: Pick<ShippingApiRow, 'id' | 'keyCiphertext' | 'baseUrl' | 'kind'>,
): Promise<LabelProvider> {
  let apiKey: string;
  try {
    apiKey = await services.providerKeys.decrypt(api.keyCiphertext, api.id);
  } catch (err) {
    if (err instanceof SecretBoxError) {
      // PROVIDER_KEY_SECRET changed (or the row was tampered with): the admin must enter the key again.
      throw new ApiError('upstream_error', KEY_UNREADABLE_MESSAGE, { logMessage: `api ${api.id}: ${err.message}` });
    }
    throw err;
  }
  return services.labelProviders.connect({ baseUrl: api.baseUrl, apiKey, kind: api.kind });
}
