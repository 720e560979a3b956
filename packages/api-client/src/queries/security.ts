import type { ChangePasswordRequest, TwoFactorDisableRequest, TwoFactorEnableRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
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
  setupTwoFactor: mutation(() => api.twoFactor.setup(), []),
  enableTwoFactor: mutation((body: TwoFactorEnableRequest) => api.twoFactor.enable(body), [securityKeys.all]),
  disableTwoFactor: mutation((body: TwoFactorDisableRequest) => api.twoFactor.disable(body), [securityKeys.all]),
  revokeSession: mutation((id: string) => api.sessions.revoke(id), [securityKeys.sessions()]),
  revokeOtherSessions: mutation(() => api.sessions.revokeOthers(), [securityKeys.sessions()]),
  resendEmailVerification: mutation(() => api.auth.resendEmailVerification(), []),
};
