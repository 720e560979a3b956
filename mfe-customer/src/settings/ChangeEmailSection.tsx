import { errorMessage, securityMutations, securityQueries } from '@labeldesk/api-client';
import { ChangeEmailRequest } from '@labeldesk/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  PasswordInput,
  Stack,
  setServerErrors,
  Text,
  TextInput,
  Title,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';
import { useState } from 'react';

/**
 * Email address (POST /api/auth/change-email): the current address and whether it is verified, and a new one with the
 * password. The new address is unverified until the link mailed to it is opened (the dashboard's banner says so).
 */
export function ChangeEmailSection() {
  const current = useQuery(securityQueries.emailVerification());
  const form = useContractForm({ schema: ChangeEmailRequest, initialValues: { email: '', password: '' } });
  const change = useApiMutation(securityMutations.changeEmail);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <Card withBorder padding="lg" data-testid="change-email">
      <form
        onSubmit={form.onSubmit(async (body) => {
          setDone(null);
          setFailed(null);
          try {
            const { message } = await change.mutateAsync(body);
            form.reset();
            setDone(message);
          } catch (e) {
            if (!setServerErrors(form, e)) setFailed(errorMessage(e, 'Failed to change the email address'));
          }
        })}
      >
        <Stack gap="sm" maw={420}>
          <Title order={3} size="h4">
            Email
          </Title>
          {current.data ? (
            <Group gap="xs" data-testid="change-email-current">
              <Text size="sm">{current.data.email}</Text>
              <Badge variant="light" color={current.data.verified ? 'green' : 'yellow'}>
                {current.data.verified ? 'Verified' : 'Not verified'}
              </Badge>
            </Group>
          ) : null}
          {done ? <Alert color="green">{done}</Alert> : null}
          {failed ? <Alert color="red">{failed}</Alert> : null}
          <TextInput label="New Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
          <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change Email
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
