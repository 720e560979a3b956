import { api, errorMessage } from '@labeldesk/api-client';
import { Link } from '@labeldesk/router';
import { type FormEvent, useState } from 'react';
import { AuthCard, AuthForm, Field } from './AuthCard';

/**
 * Forgot Password (beside login, so hand-wired with the auth screens' plain CSS like them: no component kit on the
 * public pages; loaded lazily, so the login screen's bundle does not grow). The server answers the same whether or
 * not the address has an account, and so does this page.
 */
export default function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    if (!value) return setFieldError('Email is required');
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return setFieldError('Please enter a valid email address');
    setFieldError(undefined);
    setBusy(true);
    setError(null);
    try {
      const { message } = await api.auth.forgotPassword({ email: value });
      setSent(message);
    } catch (e) {
      setError(errorMessage(e, 'Could not send the reset link. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Forgot your password?" subtitle="We will email you a link to choose a new one">
      <AuthForm error={error} onSubmit={submit}>
        {sent ? (
          <div className="auth-note" role="status">
            {sent}
          </div>
        ) : (
          <>
            <Field
              label="Email"
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              error={fieldError}
            />
            <button type="submit" className="auth-submit" disabled={busy}>
              {busy ? 'Sending...' : 'Send Reset Link'}
            </button>
          </>
        )}
        <p className="auth-foot">
          Remembered it?{' '}
          <Link className="auth-link" to="/auth/login">
            Back to Login
          </Link>
        </p>
      </AuthForm>
    </AuthCard>
  );
}
