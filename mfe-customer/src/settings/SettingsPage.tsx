import { PageHeader, Stack, Title } from '@labeldesk/ui';
import { ChangePasswordSection } from './ChangePasswordSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/** The customer's settings (issue 23). Security: change password, two-factor sign-in, the signed-in sessions. */
export default function SettingsPage() {
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" description="Your account's settings" />
      <Stack gap="lg" component="section" aria-labelledby="settings-security" data-testid="security-settings">
        <Title order={2} size="h3" id="settings-security">
          Security
        </Title>
        <ChangePasswordSection />
        <TwoFactorSection />
        <SessionsSection />
      </Stack>
    </Stack>
  );
}
