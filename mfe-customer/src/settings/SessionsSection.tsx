import { errorMessage, securityMutations, securityQueries } from '@labeldesk/api-client';
import { ConfirmIdentityRequest, type SessionInfo } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  FormModal,
  formatDateTime,
  Group,
  PasswordInput,
  QueryBody,
  SectionCard,
  Stack,
  Table,
  Text,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';

/** What the confirm dialog signs out: one session (by id) or every other one. */
type SignOutTarget = { id: string } | 'others';

/**
 * The account's signed-in sessions (GET /api/auth/sessions): when each was opened and when it runs out, this one
 * marked. Any other one can be signed out, or all the others at once, once the password is entered again (the API
 * asks for it: ASVS 5.0 V7.5); this one signs out with Logout.
 */
export function SessionsSection() {
  const sessions = useQuery(securityQueries.sessions());
  const [target, setTarget] = useState<SignOutTarget | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const ask = (next: SignOutTarget) => {
    setDone(null);
    setTarget(next);
  };

  return (
    <SectionCard
      title="Sessions"
      description="Every browser or device signed in to your account. Sign out any you do not recognise."
      testId="sessions"
    >
      {done ? <Alert color="green">{done}</Alert> : null}
      <QueryBody
        result={sessions}
        testIdPrefix="sessions-list"
        loadingLabel="Loading sessions..."
        errorTitle={(e) => errorMessage(e, 'Failed to load sessions')}
      >
        {(data) => (
          <Stack gap="sm">
            <SessionsTable sessions={data.sessions} onRevoke={(id) => ask({ id })} />
            <Group>
              <Button
                variant="light"
                color="red"
                disabled={data.sessions.every((s) => s.current)}
                onClick={() => ask('others')}
              >
                Sign Out All Other Sessions
              </Button>
            </Group>
          </Stack>
        )}
      </QueryBody>
      {target ? (
        <ConfirmSignOutModal
          key={target === 'others' ? 'others' : target.id}
          target={target}
          onClose={() => setTarget(null)}
          onDone={(message) => {
            setTarget(null);
            setDone(message);
          }}
        />
      ) : null}
    </SectionCard>
  );
}

/** Asks for the password before signing out (POST revoke-others or DELETE the session, with {password}). */
function ConfirmSignOutModal(props: { target: SignOutTarget; onClose: () => void; onDone: (message: string) => void }) {
  const form = useContractForm({ schema: ConfirmIdentityRequest, initialValues: { password: '' } });
  const revoke = useApiMutation(securityMutations.revokeSession);
  const revokeOthers = useApiMutation(securityMutations.revokeOtherSessions);
  const { target } = props;
  return (
    <FormModal
      opened
      onClose={props.onClose}
      title={target === 'others' ? 'Sign Out All Other Sessions' : 'Sign Out Session'}
      testIdPrefix="sessions-confirm"
      form={form}
      intro={
        <Text size="sm">
          {target === 'others'
            ? 'Every other browser and device will have to sign in again.'
            : 'That browser or device will have to sign in again.'}{' '}
          Enter your password to confirm it is you.
        </Text>
      }
      submitLabel="Sign Out"
      busyLabel="Signing out..."
      onSubmit={async (body) => {
        const answer =
          target === 'others'
            ? await revokeOthers.mutateAsync(body)
            : await revoke.mutateAsync({ id: target.id, ...body });
        props.onDone(answer.message);
        return undefined;
      }}
      errorText={(e) => errorMessage(e, 'Failed to sign out')}
      alertFieldErrors={false}
    >
      {({ locked }) => (
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          data-autofocus
          disabled={locked}
          {...form.getInputProps('password')}
        />
      )}
    </FormModal>
  );
}

function SessionsTable(props: { sessions: SessionInfo[]; onRevoke: (id: string) => void }) {
  return (
    <Table.ScrollContainer minWidth={480}>
      <Table verticalSpacing="xs" data-testid="sessions-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Signed In</Table.Th>
            <Table.Th>Expires</Table.Th>
            <Table.Th>Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {props.sessions.map((session) => (
            <Table.Tr
              key={session.id}
              data-testid="session-row"
              data-session-id={session.id}
              data-current={session.current || undefined}
            >
              <Table.Td>{formatDateTime(session.createdAt)}</Table.Td>
              <Table.Td>{formatDateTime(session.expiresAt)}</Table.Td>
              <Table.Td>
                {session.current ? (
                  <Badge variant="light" color="green">
                    This session
                  </Badge>
                ) : (
                  <Button size="xs" variant="subtle" color="red" onClick={() => props.onRevoke(session.id)}>
                    Sign Out
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
