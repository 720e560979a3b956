import {
  BootstrapAdminRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  RegisterRequest,
  ResetPasswordRequest,
} from '@labeldesk/contracts';
import { jsonBody } from '../../middleware/validate';

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
  /** Extensions (issue 23): a reset mail for an address, then a new password with the mail's token. No auth. */
  forgotPassword: '/auth/forgot-password',
  resetPassword: '/auth/reset-password',
} as const;

export const authValidators = {
  login: jsonBody(LoginRequest),
  register: jsonBody(RegisterRequest),
  bootstrapAdmin: jsonBody(BootstrapAdminRequest),
  changePassword: jsonBody(ChangePasswordRequest),
  forgotPassword: jsonBody(ForgotPasswordRequest),
  resetPassword: jsonBody(ResetPasswordRequest),
};
