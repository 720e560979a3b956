import { Navigate, Route, Routes } from '@labeldesk/router';
import { lazy, Suspense } from 'react';
import { PublicOnly, RequireUser } from './auth/guards';
import { LoginPage } from './auth/LoginPage';
import { RegisterPage } from './auth/RegisterPage';

const SignedInApp = lazy(() => import('./layout/SignedInApp'));

/** Fetches the signed-in chunk while the user is still typing their password. */
export function prefetchSignedInApp(): void {
  void import('./layout/SignedInApp');
}

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<PublicOnly />}>
        <Route path="/auth/login" element={<LoginPage />} />
        <Route path="/auth/register" element={<RegisterPage />} />
      </Route>
      <Route path="/" element={<Navigate to="/auth/login" replace />} />
      <Route element={<RequireUser />}>
        <Route
          path="*"
          element={
            <Suspense fallback={<p className="boot-loading">Loading...</p>}>
              <SignedInApp />
            </Suspense>
          }
        />
      </Route>
    </Routes>
  );
}
