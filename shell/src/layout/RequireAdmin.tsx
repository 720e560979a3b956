import { ApiClientError, sessionQueries } from '@labeldesk/api-client';
import { Navigate, Outlet } from '@labeldesk/router';
import { LoadingState, useQuery } from '@labeldesk/ui';
import { useSession } from '../session';

/**
 * Admin routes: anonymous → /auth/login, non-admins → /dashboard. The stored flag is only a hint; the server confirms
 * with GET /api/auth/verify-admin (the session query, once for every admin screen) before any admin screen renders.
 */
export function RequireAdmin() {
  const { token, stored } = useSession();
  const hintAdmin = stored.kind === 'ok' && stored.user.isAdmin;
  const check = useQuery({ ...sessionQueries.verifyAdmin(), enabled: token !== null && hintAdmin });

  if (!token || stored.kind !== 'ok') return <Navigate to="/auth/login" replace />;
  // A 401 already cleared the session (the login redirect follows); any other failure is a denial.
  const unauthenticated = check.error instanceof ApiClientError && check.error.status === 401;
  if (!hintAdmin || (check.isError && !unauthenticated)) return <Navigate to="/dashboard" replace />;
  if (!check.data || check.isError) return <LoadingState label="Checking access..." />;
  return <Outlet />;
}
