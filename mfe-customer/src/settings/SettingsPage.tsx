import { PageHeader, Stack } from '@labeldesk/ui';
import { ChangePasswordSection } from './ChangePasswordSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The customer's settings (issue 23): the Security section — change password and two-factor sign-in. */
export default function SettingsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" description="Security of your account" />
      <ChangePasswordSection />
      <TwoFactorSection />
    </Stack>
  );
}
