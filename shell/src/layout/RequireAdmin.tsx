import { ApiClientError, api } from '@labeldesk/api-client';
import { Navigate, Outlet } from '@labeldesk/router';
import { LoadingState } from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { useSession } from '../session';

/**
 * Admin routes: anonymous → /auth/login, non-admins → /dashboard. The stored flag is only a hint; the server confirms
 * with GET /api/auth/verify-admin before any admin screen renders.
 */
export function RequireAdmin() {
  const { token, stored } = useSession();
  const [verdict, setVerdict] = useState<'checking' | 'admin' | 'denied'>('checking');
  const hintAdmin = stored.kind === 'ok' && stored.user.isAdmin;

  useEffect(() => {
    if (!token || !hintAdmin) return;
    let active = true;
    setVerdict('checking');
    api.auth.verifyAdmin().then(
      () => active && setVerdict('admin'),
      (error: unknown) => {
        if (!active) return;
        // 401 already cleared the session (the login redirect follows); anything else is a denial.
        if (!(error instanceof ApiClientError && error.status === 401)) setVerdict('denied');
      },
    );
    return () => {
      active = false;
    };
  }, [token, hintAdmin]);

  if (!token || stored.kind !== 'ok') return <Navigate to="/auth/login" replace />;
  if (!hintAdmin || verdict === 'denied') return <Navigate to="/dashboard" replace />;
  if (verdict === 'checking') return <LoadingState label="Checking access..." />;
  return <Outlet />;
}
