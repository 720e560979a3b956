import type {
  ChangeEmailRequest,
  ChangePasswordRequest,
  ConfirmIdentityRequest,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
} from '@labeldesk/contracts';
import { api } from '../endpoints';
import { sessionKeys } from './session';
import { mutation, query } from './spec';

/** The caller's own security settings: password and two-factor sign-in (issue 23). */
export const securityKeys = {
  all: ['security'] as const,
  twoFactor: () => [...securityKeys.all, 'two-factor'] as const,
  sessions: () => [...securityKeys.all, 'sessions'] as const,
  emailVerification: () => [...securityKeys.all, 'email-verification'] as const,
};

export const securityQueries = {
  twoFactor: () => query(securityKeys.twoFactor(), () => api.twoFactor.status()),
  sessions: () => query(securityKeys.sessions(), () => api.sessions.list()),
  emailVerification: () => query(securityKeys.emailVerification(), () => api.auth.emailVerification()),
};

export const securityMutations = {
  // A password change signs the other sessions out.
  changePassword: mutation((body: ChangePasswordRequest) => api.auth.changePassword(body), [securityKeys.sessions()]),
  // The header's user (session verify) and the verification banner follow the new, unverified address.
  changeEmail: mutation((body: ChangeEmailRequest) => api.auth.changeEmail(body), [securityKeys.all, sessionKeys.all]),
  setupTwoFactor: mutation(() => api.twoFactor.setup(), []),
  // 2FA on or off can open or close the admin screens ("require two-factor for admins"): the admin check is asked again.
  enableTwoFactor: mutation(
    (body: TwoFactorEnableRequest) => api.twoFactor.enable(body),
    [securityKeys.all, sessionKeys.admin()],
  ),
  disableTwoFactor: mutation(
    (body: TwoFactorDisableRequest) => api.twoFactor.disable(body),
    [securityKeys.all, sessionKeys.admin()],
  ),
  revokeSession: mutation(
    ({ id, ...body }: { id: string } & ConfirmIdentityRequest) => api.sessions.revoke(id, body),
    [securityKeys.sessions()],
  ),
  revokeOtherSessions: mutation(
    (body: ConfirmIdentityRequest) => api.sessions.revokeOthers(body),
    [securityKeys.sessions()],
  ),
  resendEmailVerification: mutation(() => api.auth.resendEmailVerification(), []),
};
