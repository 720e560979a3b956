import { ApiClientError, api, clearSession, errorMessage } from '@labeldesk/api-client';
import { newPasswordProblems, PASSWORD_MIN_LENGTH } from '@labeldesk/contracts';
import { Link, useNavigate, useSearchParams } from '@labeldesk/router';
import { type FormEvent, useState } from 'react';
import { AuthCard, AuthForm, Field } from './AuthCard';

const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not your email; not a common password.`;

/**
 * Reset Password, opened from the reset mail's link (`/auth/reset-password?token=…`). Hand-wired beside login (plain
 * CSS, no component kit) and lazily loaded. Success signs every session out, this browser's too, and leads to login.
 */
export default function ResetPasswordPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [fieldErrors, setFieldErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: typeof fieldErrors = {};
    if (!password) errors.password = 'New password is required';
    else {
      const problems = newPasswordProblems(password, undefined);
      if (problems.length > 0) errors.password = problems.join(' ');
    }
    if (!errors.password && password !== confirm) errors.confirm = 'Passwords do not match';
    setFieldErrors(errors);
    if (errors.password || errors.confirm) return;
    setBusy(true);
    setError(null);
    try {
      const { message } = await api.auth.resetPassword({ token, password });
      // Every session of the account was revoked: this browser's too.
      clearSession();
      navigate('/auth/login', { replace: true, state: { notice: message } });
    } catch (e) {
      const passwordProblems =
        e instanceof ApiClientError ? e.details.filter((d) => d.path === 'password').map((d) => d.message) : [];
      if (passwordProblems.length > 0) setFieldErrors({ password: passwordProblems.join(' ') });
      else setError(errorMessage(e, 'Could not reset the password. Please try again.'));
      setBusy(false);
    }
  };

  if (!token) {
    return (
      <AuthCard title="Reset your password" subtitle="This page needs the link from the reset mail">
        <div className="auth-alert" role="alert">
          The reset link is incomplete: open the link from the mail again, or ask for a new one.
        </div>
        <p className="auth-foot">
          <Link className="auth-link" to="/auth/forgot-password">
            Forgot Password?
          </Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Reset your password" subtitle="Choose a new password for your account">
      <AuthForm error={error} onSubmit={submit}>
        <Field
          label="New Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          maxLength={1024}
          value={password}
          onChange={(e) => setPassword(e.currentTarget.value)}
          error={fieldErrors.password}
        />
        <Field
          label="Confirm New Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={(e) => setConfirm(e.currentTarget.value)}
          error={fieldErrors.confirm}
        />
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? 'Saving...' : 'Set New Password'}
        </button>
        <p className="auth-foot">
          Link expired?{' '}
          <Link className="auth-link" to="/auth/forgot-password">
            Ask for a new one
          </Link>
        </p>
      </AuthForm>
    </AuthCard>
  );
}
