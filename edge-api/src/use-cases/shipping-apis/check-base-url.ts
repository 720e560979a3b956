import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { ProviderError } from '../../ports/label-provider';

/** The SSRF guard for a base URL an admin typed: 400 with a message they can act on, or the normalized URL. */
export async function checkBaseUrl(services: Services, raw: string): Promise<string> {
  try {
    return await services.labelProviders.checkBaseUrl(raw);
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
