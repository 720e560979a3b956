import { AMAZON_CONFIRM_MESSAGES, type AmazonForgetCredentialsResponse } from '@labeldesk/contracts';
import type { Services } from '../../env';
import { deleteAmazonCredentials } from './amazon-credentials';

/**
 * DELETE /api/amazon/saved-credentials: the caller's own saved cookies and CSRF token are deleted (the sealed values
 * and their saved times). Idempotent: nothing saved answers the same, with `forgotten: false`. There is no way to
 * delete another customer's.
 */
export async function forgetSavedAmazonCredentials(
  services: Services,
  input: { userId: string },
): Promise<AmazonForgetCredentialsResponse> {
  const forgotten = await deleteAmazonCredentials(services, input.userId);
  return { message: AMAZON_CONFIRM_MESSAGES.forgotten, forgotten };
}
