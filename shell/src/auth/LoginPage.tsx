import { api, errorMessage, saveSession } from '@labeldesk/api-client';
import { Link, useLocation, useNavigate } from '@labeldesk/router';
import { type FormEvent, useState } from 'react';
import { AuthCard, AuthForm, Field } from './AuthCard';
import { CommunityButtons } from './CommunityButtons';

export function LoginPage() {
  const navigate = useNavigate();
  // A message another auth screen leaves for this one (Reset Password: "Your password was changed...").
  const notice = (useLocation().state as { notice?: unknown } | null)?.notice;
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Two-factor sign-in: the password was right, a code from the app (or a recovery code) is still owed.
  const [mfaToken, setMfaToken] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!email.trim()) errors.email = 'Email is required';
    if (!password) errors.password = 'Password is required';
    setFieldErrors(errors);
    if (errors.email || errors.password) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api.auth.login({ email, password });
      if ('mfaRequired' in result) {
        setMfaToken(result.mfaToken);
        setBusy(false);
        return;
      }
      const { token, user } = result;
      saveSession({ token, user });
      // SPEC §2: with a stored token the public pages lead to /dashboard; admins reach /admin from the sidebar.
      navigate('/dashboard', { replace: true });
    } catch (e) {
      setError(errorMessage(e, 'Login failed'));
      setBusy(false);
    }
  };

  const submitCode = async (event: FormEvent) => {
    event.preventDefault();
    if (!mfaToken) return;
    if (!code.trim()) return setCodeError('Code is required');
    setCodeError(undefined);
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await api.twoFactor.verify({ mfaToken, code });
      saveSession({ token, user });
      navigate('/dashboard', { replace: true });
    } catch (e) {
      setError(errorMessage(e, 'Verification failed'));
      setBusy(false);
    }
  };

  if (mfaToken) {
    return (
      <AuthCard title="Two-factor sign-in" subtitle="Enter the 6-digit code from your authenticator app">
        <AuthForm error={error} onSubmit={submitCode}>
          <Field
            label="Authentication code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="Lost your phone? Enter one of your recovery codes instead."
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
            error={codeError}
          />
          <button type="submit" className="auth-submit" disabled={busy}>
            {busy ? 'Verifying...' : 'Verify'}
          </button>
          <p className="auth-foot">
            <button
              type="button"
              className="auth-linkbtn"
              onClick={() => {
                setMfaToken(null);
                setCode('');
                setError(null);
              }}
            >
              Back to Login
            </button>
          </p>
        </AuthForm>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Welcome back" subtitle="Log in to buy and manage your shipping labels">
      <AuthForm error={error} onSubmit={submit}>
        {typeof notice === 'string' ? (
          <div className="auth-note" role="status">
            {notice}
          </div>
        ) : null}
        <Field
          label="Email"
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.currentTarget.value)}
          error={fieldErrors.email}
        />
        <Field
          label="Password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <div className="auth-row-end">
          <Link className="auth-link" to="/auth/forgot-password">
            Forgot Password?
          </Link>
        </div>
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? 'Logging in...' : 'Login'}
        </button>
        <p className="auth-foot">
          Don&apos;t have an account?{' '}
          <Link className="auth-link" to="/auth/register">
            Sign Up
          </Link>
        </p>
      </AuthForm>
      <CommunityButtons />
    </AuthCard>
  );
}
