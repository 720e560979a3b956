import type { AmazonSavedCredentialsResponse } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { readAmazonCredentials } from './amazon-credentials';

/**
 * GET /api/amazon/saved-credentials: the caller's own saved cookies and CSRF token (values only with
 * includeCredentials), with when each was saved. There is no way to read another customer's.
 */
export async function getSavedAmazonCredentials(
  services: Services,
  input: { userId: string; includeCredentials: boolean },
): Promise<AmazonSavedCredentialsResponse> {
  const saved = await readAmazonCredentials(services, input.userId);
  const times = [saved.cookiesSavedAt, saved.csrfTokenSavedAt].filter((t): t is string => t !== null).sort();
  return {
    credentials: {
      cookies: input.includeCredentials ? saved.cookies : null,
      csrfToken: input.includeCredentials ? saved.csrfToken : null,
    },
    savedAt: times.at(-1) ?? null,
    hasCookies: saved.cookies !== null,
    hasCsrfToken: saved.csrfToken !== null,
    cookiesSavedAt: saved.cookiesSavedAt,
    csrfTokenSavedAt: saved.csrfTokenSavedAt,
  };
}
