import type { ReactNode } from 'react';
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

export function Field({
  label,
  error,
  ...input
}: { label: string; error?: string | undefined } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <label className="auth-field">
      {label}
      <input {...input} aria-invalid={error ? true : undefined} />
      {error ? <span className="auth-field-error">{error}</span> : null}
    </label>
  );
}
