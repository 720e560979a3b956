import { Navigate, Route, Routes } from '@labeldesk/router';
import { lazy, Suspense } from 'react';
import { PublicOnly, RequireUser } from './auth/guards';
import { LoginPage } from './auth/LoginPage';
import { RegisterPage } from './auth/RegisterPage';

const SignedInApp = lazy(() => import('./layout/SignedInApp'));
// Beside login but rarely needed: their own small chunks, so the login screen's bundle does not carry them.
const ForgotPasswordPage = lazy(() => import('./auth/ForgotPasswordPage'));
const ResetPasswordPage = lazy(() => import('./auth/ResetPasswordPage'));
const VerifyEmailPage = lazy(() => import('./auth/VerifyEmailPage'));
const authFallback = <p className="boot-loading">Loading...</p>;

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
        <Route
          path="/auth/forgot-password"
          element={
            <Suspense fallback={authFallback}>
              <ForgotPasswordPage />
            </Suspense>
          }
        />
      </Route>
      {/* Outside PublicOnly: a reset link works whoever is signed in here (success signs everyone out). */}
      <Route
        path="/auth/reset-password"
        element={
          <Suspense fallback={authFallback}>
            <ResetPasswordPage />
          </Suspense>
        }
      />
      {/* Outside PublicOnly too: the verification link works signed in or not, in any browser. */}
      <Route
        path="/auth/verify-email"
        element={
          <Suspense fallback={authFallback}>
            <VerifyEmailPage />
          </Suspense>
        }
      />
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
