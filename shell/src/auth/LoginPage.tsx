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
      const { token, user } = await api.auth.login({ email, password });
      saveSession({ token, user });
      // SPEC §2: with a stored token the public pages lead to /dashboard; admins reach /admin from the sidebar.
      navigate('/dashboard', { replace: true });
    } catch (e) {
      setError(errorMessage(e, 'Login failed'));
      setBusy(false);
    }
  };

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
