import type { ProviderKind } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { PROVIDER_ERROR_MESSAGES, ProviderError } from '../../ports/label-provider';
import { providerApiError } from './provider-errors';

/**
 * Asks the provider once with the key an admin typed (a call that buys nothing), before the config is saved: a refused
 * key is a 400 on the key field that says so, an unreachable provider the usual 503; nothing is saved either way.
 */
export async function verifyProviderKey(
  services: Services,
  endpoint: { baseUrl: string; apiKey: string; kind: ProviderKind },
): Promise<void> {
  const provider = services.labelProviders.connect(endpoint);
  try {
    await provider.checkKey?.();
  } catch (err) {
    if (err instanceof ProviderError && err.message === PROVIDER_ERROR_MESSAGES.keyRefused) {
      throw new ApiError('invalid_input', err.message, {
        details: [{ path: 'key', message: err.message }],
        logMessage: err.logMessage,
      });
    }
    throw providerApiError(err) ?? err;
  }
}
