import { ApiClientError, api, errorMessage, saveSession } from '@labeldesk/api-client';
import { newPasswordProblems, PASSWORD_MIN_LENGTH } from '@labeldesk/contracts';
import { Link, useNavigate } from '@labeldesk/router';
import { type FormEvent, useState } from 'react';
import { AuthCard, AuthForm, Field } from './AuthCard';
import { CommunityButtons } from './CommunityButtons';

type FieldName = 'name' | 'email' | 'password' | 'confirmPassword';
/** The password rules the browser can check; the server also refuses the 10,000 most common passwords. */
const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; not your email; not a common password.`;

const REQUIRED: Record<FieldName, string> = {
  name: 'Full Name is required',
  email: 'Email is required',
  password: 'Password is required',
  confirmPassword: 'Please confirm your password',
};

export function RegisterPage() {
  const navigate = useNavigate();
  const [form, setForm] = useState<Record<FieldName, string>>({
    name: '',
    email: '',
    password: '',
    confirmPassword: '',
  });
  const [agreed, setAgreed] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const bind = (field: FieldName) => ({
    value: form[field],
    error: fieldErrors[field],
    onChange: (e: { currentTarget: { value: string } }) => {
      const value = e.currentTarget.value;
      setForm((f) => ({ ...f, [field]: value }));
    },
  });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<FieldName, string>> = {};
    for (const field of Object.keys(REQUIRED) as FieldName[]) {
      if (!form[field].trim()) errors[field] = REQUIRED[field];
    }
    if (!errors.password) {
      const problems = newPasswordProblems(form.password, form.email);
      if (problems.length > 0) errors.password = problems.join(' ');
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    if (form.password !== form.confirmPassword) {
      setError('Passwords do not match');
      return;
    }
    if (!agreed) {
      setError('You must agree to the Terms and Conditions');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { token, user } = await api.auth.register({ name: form.name, email: form.email, password: form.password });
      saveSession({ token, user });
      navigate('/dashboard', { replace: true });
    } catch (e) {
      // The server's password rules (e.g. a common password) are shown under the field they concern.
      const passwordProblems =
        e instanceof ApiClientError ? e.details.filter((d) => d.path === 'password').map((d) => d.message) : [];
      if (passwordProblems.length > 0) setFieldErrors({ password: passwordProblems.join(' ') });
      else setError(errorMessage(e, 'Registration failed'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" subtitle="Start shipping with a prepaid balance">
      <AuthForm error={error} onSubmit={submit}>
        <Field label="Full Name" autoComplete="name" {...bind('name')} />
        <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
        <Field
          label="Password"
          type="password"
          autoComplete="new-password"
          hint={PASSWORD_HINT}
          maxLength={1024}
          {...bind('password')}
        />
        <Field label="Confirm Password" type="password" autoComplete="new-password" {...bind('confirmPassword')} />
        <label className="auth-check">
          <input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.currentTarget.checked)} />
          <span>
            I agree to the{' '}
            <button
              type="button"
              className="auth-linkbtn"
              onClick={() => setNote('The Terms and Conditions page is not available yet.')}
            >
              Terms and Conditions
            </button>
          </span>
        </label>
        {note ? <div className="auth-note">{note}</div> : null}
        <button type="submit" className="auth-submit" disabled={busy}>
          {busy ? 'Creating Account...' : 'Create Account'}
        </button>
        <p className="auth-foot">
          Already have an account?{' '}
          <Link className="auth-link" to="/auth/login">
            Login
          </Link>
        </p>
      </AuthForm>
      <CommunityButtons />
    </AuthCard>
  );
}
