import { api, errorMessage, saveSession } from '@labeldesk/api-client';
import { Link, useNavigate } from '@labeldesk/router';
import { type FormEvent, useState } from 'react';
import { AuthCard, Field } from './AuthCard';
import { CommunityButtons } from './CommunityButtons';

type FieldName = 'name' | 'email' | 'password' | 'confirmPassword';
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
      setError(errorMessage(e, 'Registration failed'));
      setBusy(false);
    }
  };

  return (
    <AuthCard title="Create your account" subtitle="Start shipping with a prepaid balance">
      <form className="auth-form" onSubmit={submit} noValidate>
        {error ? (
          <div className="auth-alert" role="alert">
            {error}
          </div>
        ) : null}
        <Field label="Full Name" autoComplete="name" {...bind('name')} />
        <Field label="Email" type="email" autoComplete="email" {...bind('email')} />
        <Field label="Password" type="password" autoComplete="new-password" {...bind('password')} />
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
      </form>
      <CommunityButtons />
    </AuthCard>
  );
}
