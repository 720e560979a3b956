import { errorMessage, securityMutations } from '@labeldesk/api-client';
import { ChangePasswordRequest } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  Card,
  PasswordInput,
  Stack,
  setServerErrors,
  Title,
  useApiMutation,
  useContractForm,
} from '@labeldesk/ui';
import { useState } from 'react';

/** Change password (POST /api/auth/change-password): keeps this session, signs every other one out. */
export function ChangePasswordSection() {
  const form = useContractForm({
    schema: ChangePasswordRequest,
    initialValues: { currentPassword: '', newPassword: '' },
  });
  const change = useApiMutation(securityMutations.changePassword);
  const [done, setDone] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  return (
    <Card withBorder padding="lg" data-testid="change-password">
      <form
        onSubmit={form.onSubmit(async (body) => {
          setDone(null);
          setFailed(null);
          try {
            const { message } = await change.mutateAsync(body);
            form.reset();
            setDone(message);
          } catch (e) {
            if (!setServerErrors(form, e)) setFailed(errorMessage(e, 'Failed to change the password'));
          }
        })}
      >
        <Stack gap="sm" maw={420}>
          <Title order={3} size="h4">
            Password
          </Title>
          {done ? <Alert color="green">{done}</Alert> : null}
          {failed ? <Alert color="red">{failed}</Alert> : null}
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            {...form.getInputProps('currentPassword')}
          />
          <PasswordInput label="New Password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
          <Button type="submit" loading={change.isPending} w="fit-content">
            Change Password
          </Button>
        </Stack>
      </form>
    </Card>
  );
}
