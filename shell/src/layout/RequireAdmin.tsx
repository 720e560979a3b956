import { ApiClientError, sessionQueries } from '@labeldesk/api-client';
import { Navigate, Outlet } from '@labeldesk/router';
import { LoadingState, useQuery } from '@labeldesk/ui';
import { useSession } from '../session';

/** Where an admin without the two-factor sign-in the settings require is sent: Settings, with the reason shown. */
export const ADMIN_TWO_FACTOR_SETUP_PATH = '/settings?two-factor=required';

/**
 * Admin routes: anonymous → /auth/login, non-admins → /dashboard. The stored flag is only a hint; the server confirms
 * with GET /api/auth/verify-admin (the session query, once for every admin screen) before any admin screen renders.
 * "Require two-factor for admins" (issue 23): its 403 `two_factor_required` sends the admin to the 2FA setup first.
 */
export function RequireAdmin() {
  const { token, stored } = useSession();
  const hintAdmin = stored.kind === 'ok' && stored.user.isAdmin;
  const check = useQuery({ ...sessionQueries.verifyAdmin(), enabled: token !== null && hintAdmin });

  if (!token || stored.kind !== 'ok') return <Navigate to="/auth/login" replace />;
  // A 401 already cleared the session (the login redirect follows); any other failure is a denial.
  const unauthenticated = check.error instanceof ApiClientError && check.error.status === 401;
  const needsTwoFactor = check.error instanceof ApiClientError && check.error.code === 'two_factor_required';
  if (hintAdmin && needsTwoFactor) return <Navigate to={ADMIN_TWO_FACTOR_SETUP_PATH} replace />;
  if (!hintAdmin || (check.isError && !unauthenticated)) return <Navigate to="/dashboard" replace />;
  if (!check.data || check.isError) return <LoadingState label="Checking access..." />;
  return <Outlet />;
}
