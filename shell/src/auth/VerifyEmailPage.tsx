import { api, errorMessage } from '@labeldesk/api-client';
import { Link, useSearchParams } from '@labeldesk/router';
import { useEffect, useRef, useState } from 'react';
import { useSession } from '../session';
import { AuthCard } from './AuthCard';

type Outcome = { kind: 'busy' } | { kind: 'verified'; message: string } | { kind: 'failed'; message: string };

const INCOMPLETE = 'The verification link is incomplete: open the link from the mail again.';

/**
 * Verify Email, opened from the verification mail's link (`/auth/verify-email?token=…`): sends the token once on
 * arrival and says how it went. Works signed in or not (the link may be opened in another browser); hand-wired beside
 * login (plain CSS, no component kit) and lazily loaded.
 */
export default function VerifyEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { token: session } = useSession();
  const [outcome, setOutcome] = useState<Outcome>(token ? { kind: 'busy' } : { kind: 'failed', message: INCOMPLETE });
  // The token works once: one request per page, even when React runs the effect twice.
  const sent = useRef(false);

  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    api.auth
      .verifyEmail({ token })
      .then(({ message }) => setOutcome({ kind: 'verified', message }))
      .catch((e: unknown) =>
        setOutcome({
          kind: 'failed',
          message: errorMessage(e, 'Could not verify the email address. Please try again.'),
        }),
      );
  }, [token]);

  const next = session ? (
    <Link className="auth-link" to="/dashboard">
      Go to the dashboard
    </Link>
  ) : (
    <Link className="auth-link" to="/auth/login">
      Log in
    </Link>
  );

  return (
    <AuthCard title="Verify your email address" subtitle="Confirming the address of your account">
      {outcome.kind === 'busy' ? (
        <p className="auth-note" role="status">
          Verifying your email address...
        </p>
      ) : outcome.kind === 'verified' ? (
        <p className="auth-note" role="status" data-testid="verify-email-done">
          {outcome.message}
        </p>
      ) : (
        <div className="auth-alert" role="alert">
          {outcome.message}
        </div>
      )}
      <p className="auth-foot">{next}</p>
    </AuthCard>
  );
}
