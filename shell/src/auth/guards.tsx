import { clearSession } from '@labeldesk/api-client';
import { Navigate, Outlet } from '@labeldesk/router';
import { useEffect } from 'react';
import { useSession } from '../session';

/** Public pages: with a stored token they go to /dashboard (SPEC §2). */
export function PublicOnly() {
  const { token } = useSession();
  return token ? <Navigate to="/dashboard" replace /> : <Outlet />;
}

/** Customer routes: a missing token, or a missing or unparseable user, goes to /auth/login. */
export function RequireUser() {
  const { token, stored } = useSession();
  useEffect(() => {
    // A corrupted stored user is discarded with the token so the login page does not bounce back here.
    if (token && stored.kind === 'corrupt') clearSession();
  }, [token, stored.kind]);
  if (!token || stored.kind !== 'ok') return <Navigate to="/auth/login" replace />;
  return <Outlet />;
}
