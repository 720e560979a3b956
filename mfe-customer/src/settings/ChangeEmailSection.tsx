import { errorMessage, securityMutations, securityQueries } from '@labeldesk/api-client';
import { ChangeEmailRequest } from '@labeldesk/contracts';
import {
  Badge,
  Group,
  PageForm,
  PasswordInput,
  SectionCard,
  Text,
  TextInput,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';

/**
 * Email address (POST /api/auth/change-email): the current address and whether it is verified, and a new one with the
 * password. The new address is unverified until the link mailed to it is opened (the dashboard's banner says so).
 */
export function ChangeEmailSection() {
  const current = useQuery(securityQueries.emailVerification());
  const form = useContractForm({ schema: ChangeEmailRequest, initialValues: { email: '', password: '' } });
  const change = useApiMutation(securityMutations.changeEmail);

  return (
    <SectionCard title="Email" testId="change-email">
      {current.data ? (
        <Group gap="xs" data-testid="change-email-current">
          <Text size="sm">{current.data.email}</Text>
          <Badge variant="light" color={current.data.verified ? 'green' : 'yellow'}>
            {current.data.verified ? 'Verified' : 'Not verified'}
          </Badge>
        </Group>
      ) : null}
      <PageForm
        form={form}
        testIdPrefix="change-email"
        maw={420}
        submitLabel="Change Email"
        onSubmit={async (body) => {
          const { message } = await change.mutateAsync(body);
          form.reset();
          return { success: message };
        }}
        errorText={(e) => errorMessage(e, 'Failed to change the email address')}
      >
        <TextInput label="New Email" type="email" autoComplete="email" {...form.getInputProps('email')} />
        <PasswordInput label="Password" autoComplete="current-password" {...form.getInputProps('password')} />
      </PageForm>
    </SectionCard>
  );
}
