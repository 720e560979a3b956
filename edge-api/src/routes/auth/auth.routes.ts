import {
  BootstrapAdminRequest,
  ChangeEmailRequest,
  ChangePasswordRequest,
  ConfirmIdentityRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
  SessionIdParam,
  TwoFactorDisableRequest,
  TwoFactorEnableRequest,
  TwoFactorVerifyRequest,
  VerifyEmailRequest,
} from '@labeldesk/contracts';
import { jsonBody, pathParams } from '../../middleware/validate';

/**
 * SPEC §7 auth calls. login/register: no auth, throttled; verify/verify-admin: Bearer token. Extensions: logout
 * (revokes the caller's session) and change-password (revokes the user's other sessions), Bearer token.
 */
export const authRoutes = {
  login: '/auth/login',
  register: '/auth/register',
  verify: '/auth/verify',
  verifyAdmin: '/auth/verify-admin',
  /** Extension: the first admin on Workers, with the ADMIN_BOOTSTRAP_TOKEN secret (use-cases/users/bootstrap-admin). */
  bootstrapAdmin: '/auth/bootstrap-admin',
  logout: '/auth/logout',
  changePassword: '/auth/change-password',
  /** Extension (issue 23): a new email address with the password; verified again by mail. Bearer. */
  changeEmail: '/auth/change-email',
  /** Extensions (issue 23): a reset mail for an address, then a new password with the mail's token. No auth. */
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
  /** Two-factor sign-in (TOTP, issue 23): status, setup, enable, disable (Bearer); verify: the login's second step. */
  twoFactorStatus: '/auth/2fa',
  twoFactorSetup: '/auth/2fa/setup',
  twoFactorEnable: '/auth/2fa/enable',
  twoFactorDisable: '/auth/2fa/disable',
  twoFactorVerify: '/auth/2fa/verify',
  /**
   * The caller's sessions (issue 23): list, sign one out, sign out every other one. Bearer; signing out takes the
   * password or a code again ({password} or {code}).
   */
  sessions: '/auth/sessions',
  session: '/auth/sessions/:id',
  revokeOtherSessions: '/auth/sessions/revoke-others',
  /** Email verification (issue 23): GET the caller's status (Bearer), POST the mail's token (no auth), resend (Bearer). */
  verifyEmail: '/auth/verify-email',
  resendVerifyEmail: '/auth/verify-email/resend',
} as const;

export const authValidators = {
  login: jsonBody(LoginRequest),
  register: jsonBody(RegisterRequest),
  bootstrapAdmin: jsonBody(BootstrapAdminRequest),
  changePassword: jsonBody(ChangePasswordRequest),
  changeEmail: jsonBody(ChangeEmailRequest),
  forgotPassword: jsonBody(ForgotPasswordRequest),
  resetPassword: jsonBody(ResetPasswordRequest),
  twoFactorEnable: jsonBody(TwoFactorEnableRequest),
  twoFactorDisable: jsonBody(TwoFactorDisableRequest),
  twoFactorVerify: jsonBody(TwoFactorVerifyRequest),
  sessionId: pathParams(SessionIdParam),
  /** Signing sessions out asks for the password or a code again (confirmIdentity). */
  confirmIdentity: jsonBody(ConfirmIdentityRequest),
  verifyEmail: jsonBody(VerifyEmailRequest),
};
