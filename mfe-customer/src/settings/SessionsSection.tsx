import { errorMessage, securityMutations, securityQueries } from '@labeldesk/api-client';
import type { SessionInfo } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  formatDateTime,
  Group,
  QueryBody,
  Stack,
  Table,
  Text,
  Title,
  useApiMutation,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';

/**
 * The account's signed-in sessions (GET /api/auth/sessions): when each was opened and when it runs out, this one
 * marked. Any other one can be signed out, or all the others at once; this one signs out with Logout.
 */
export function SessionsSection() {
  const sessions = useQuery(securityQueries.sessions());
  const revoke = useApiMutation(securityMutations.revokeSession);
  const revokeOthers = useApiMutation(securityMutations.revokeOtherSessions);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  async function run(action: () => Promise<{ message: string }>, fallback: string) {
    setDone(null);
    setFailed(null);
    try {
      setDone((await action()).message);
    } catch (e) {
      setFailed(errorMessage(e, fallback));
    }
  }

  return (
    <Card withBorder padding="lg" data-testid="sessions">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Sessions
        </Title>
        <Text size="sm" c="dimmed">
          Every browser or device signed in to your account. Sign out any you do not recognise.
        </Text>
        {done ? <Alert color="green">{done}</Alert> : null}
        {failed ? <Alert color="red">{failed}</Alert> : null}
        <QueryBody
          result={sessions}
          testIdPrefix="sessions-list"
          loadingLabel="Loading sessions..."
          errorTitle={(e) => errorMessage(e, 'Failed to load sessions')}
        >
          {(data) => (
            <Stack gap="sm">
              <SessionsTable
                sessions={data.sessions}
                busyId={revoke.isPending ? (revoke.variables ?? null) : null}
                onRevoke={(id) => run(() => revoke.mutateAsync(id), 'Failed to sign the session out')}
              />
              <Group>
                <Button
                  variant="light"
                  color="red"
                  loading={revokeOthers.isPending}
                  disabled={data.sessions.every((s) => s.current)}
                  onClick={() => run(() => revokeOthers.mutateAsync(), 'Failed to sign the other sessions out')}
                >
                  Sign Out All Other Sessions
                </Button>
              </Group>
            </Stack>
          )}
        </QueryBody>
      </Stack>
    </Card>
  );
}

function SessionsTable(props: { sessions: SessionInfo[]; busyId: string | null; onRevoke: (id: string) => void }) {
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
                  <Button
                    size="xs"
                    variant="subtle"
                    color="red"
                    loading={props.busyId === session.id}
                    onClick={() => props.onRevoke(session.id)}
                  >
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
