import { errorMessage, securityMutations } from '@labeldesk/api-client';
import { ChangePasswordRequest } from '@labeldesk/contracts';
import { Card, PageForm, PasswordInput, Title, useApiMutation, useContractForm } from '@labeldesk/ui';

/** Change password (POST /api/auth/change-password): keeps this session, signs every other one out. */
export function ChangePasswordSection() {
  const form = useContractForm({
    schema: ChangePasswordRequest,
    initialValues: { currentPassword: '', newPassword: '' },
  });
  const change = useApiMutation(securityMutations.changePassword);

  return (
    <Card withBorder padding="lg" data-testid="change-password">
      <Title order={3} size="h4" mb="sm">
        Password
      </Title>
      <PageForm
        form={form}
        testIdPrefix="change-password"
        maw={420}
        submitLabel="Change Password"
        onSubmit={async (body) => {
          const { message } = await change.mutateAsync(body);
          form.reset();
          return { success: message };
        }}
        errorText={(e) => errorMessage(e, 'Failed to change the password')}
      >
        <PasswordInput
          label="Current Password"
          autoComplete="current-password"
          {...form.getInputProps('currentPassword')}
        />
        <PasswordInput label="New Password" autoComplete="new-password" {...form.getInputProps('newPassword')} />
      </PageForm>
    </Card>
  );
}
