import { useSearchParams } from '@labeldesk/router';
import { Alert, PageHeader, Stack, Title } from '@labeldesk/ui';
import { ChangeEmailSection } from './ChangeEmailSection';
import { ChangePasswordSection } from './ChangePasswordSection';
import { LabelSettingsSection } from './LabelSettingsSection';
import { NotificationsSection } from './NotificationsSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * The customer's settings. Security (issue 23): change password, two-factor sign-in, the signed-in sessions. Labels
 * (issue 24): the default label format and the ZPL dpi.
 */
export default function SettingsPage() {
  // The shell's admin guard sends an admin here when the app requires two-factor sign-in for admins (issue 23).
  const [params] = useSearchParams();
  const twoFactorRequired = params.get('two-factor') === 'required';
  return (
    <Stack gap="lg">
      <PageHeader title="Settings" description="Your account's settings" />
      {twoFactorRequired ? (
        <Alert color="yellow" title="Two-factor sign-in required" data-testid="admin-two-factor-required">
          Two-factor sign-in is required for admin accounts. Set it up below, then the admin screens open.
        </Alert>
      ) : null}
      <Stack gap="lg" component="section" aria-labelledby="settings-security" data-testid="security-settings">
        <Title order={2} size="h3" id="settings-security">
          Security
        </Title>
        <ChangeEmailSection />
        <ChangePasswordSection />
        <TwoFactorSection />
        <SessionsSection />
      </Stack>
      <NotificationsSection />
      <LabelSettingsSection />
    </Stack>
  );
}
