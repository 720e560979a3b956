import { errorMessage, securityMutations, securityQueries } from '@labeldesk/api-client';
import { Alert, Button, Group, Text, useApiMutation, useQuery } from '@labeldesk/ui';
import { useState } from 'react';

/**
 * Until the account's address is verified (GET /api/auth/verify-email), the dashboard asks for it, with Resend
 * (throttled by the server: one a minute). Buying is never held back. Nothing shows while the status loads or if it
 * cannot be read: the banner is a reminder, not a gate.
 */
export function EmailVerificationBanner() {
  const status = useQuery(securityQueries.emailVerification());
  const resend = useApiMutation(securityMutations.resendEmailVerification);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  if (!status.data || status.data.verified) return null;

  const send = async () => {
    setOutcome(null);
    try {
      setOutcome({ ok: true, message: (await resend.mutateAsync()).message });
    } catch (e) {
      setOutcome({ ok: false, message: errorMessage(e, 'Failed to send the verification mail') });
    }
  };

  return (
    <Alert color="yellow" variant="light" title="Please verify your email address" data-testid="verify-email-banner">
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Text size="sm">
          We sent a link to <strong>{status.data.email}</strong>. Open it to confirm this address is yours.
        </Text>
        <Button size="xs" variant="default" loading={resend.isPending} onClick={send}>
          Resend
        </Button>
      </Group>
      {outcome ? (
        <Text size="sm" mt="xs" c={outcome.ok ? undefined : 'red'} role="status">
          {outcome.message}
        </Text>
      ) : null}
    </Alert>
  );
}
