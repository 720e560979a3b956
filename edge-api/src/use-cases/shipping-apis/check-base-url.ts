import type { ProviderKind } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { ProviderError } from '../../ports/label-provider';

/** The SSRF guard (and, for EasyPost and Shippo, the official-host rule) for a base URL an admin typed: 400 with a message they can act on, or the normalized URL. */
export async function checkBaseUrl(services: Services, raw: string, kind: ProviderKind = 'generic'): Promise<string> {
  try {
    return await services.labelProviders.checkBaseUrl(raw, kind);
  } catch (err) {
    if (err instanceof ProviderError) {
      throw new ApiError('invalid_input', err.message, {
        details: [{ path: 'baseUrl', message: err.message }],
        logMessage: err.logMessage,
      });
    }
    throw err;
  }
}
