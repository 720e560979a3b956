import { errorMessage, securityMutations } from '@labeldesk/api-client';
import { ChangePasswordRequest } from '@labeldesk/contracts';
import { PageForm, PasswordInput, SectionCard, useApiMutation, useContractForm } from '@labeldesk/ui';

/** Change password (POST /api/auth/change-password): keeps this session, signs every other one out. */
export function ChangePasswordSection() {
  const form = useContractForm({
    schema: ChangePasswordRequest,
    initialValues: { currentPassword: '', newPassword: '' },
  });
  const change = useApiMutation(securityMutations.changePassword);

  return (
    <SectionCard title="Password" testId="change-password">
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
    </SectionCard>
  );
}
