import { type FormEvent, type ReactNode, useId } from 'react';
import './auth.css';

export function AuthCard({ title, subtitle, children }: { title: string; subtitle: string; children: ReactNode }) {
  return (
    <main className="auth-page">
      <section className="auth-card">
        <h1>{title}</h1>
        <p className="auth-sub">{subtitle}</p>
        {children}
      </section>
    </main>
  );
}

/** The sign-in and sign-up form: what went wrong (an alert) above the fields; the page checks them, not the browser. */
export function AuthForm({
  error,
  onSubmit,
  children,
}: {
  error: string | null;
  onSubmit: (event: FormEvent) => void;
  children: ReactNode;
}) {
  return (
    <form className="auth-form" onSubmit={onSubmit} noValidate>
      {error ? (
        <div className="auth-alert" role="alert">
          {error}
        </div>
      ) : null}
      {children}
    </form>
  );
}

export function Field({
  label,
  error,
  hint,
  ...input
}: {
  label: string;
  error?: string | undefined;
  /** A short rule shown under the input while there is no error (its description, not part of its name). */
  hint?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const noteId = `${id}-note`;
  const note = error ?? hint;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input {...input} id={id} aria-invalid={error ? true : undefined} aria-describedby={note ? noteId : undefined} />
      {error ? (
        <span id={noteId} className="auth-field-error">
          {error}
        </span>
      ) : hint ? (
        <span id={noteId} className="auth-field-hint">
          {hint}
        </span>
      ) : null}
    </div>
  );
}
