import { PageHeader, Stack, Title } from '@labeldesk/ui';
import { ChangePasswordSection } from './ChangePasswordSection';
import { LabelSettingsSection } from './LabelSettingsSection';
import { SessionsSection } from './SessionsSection';
import { TwoFactorSection } from './TwoFactorSection';

/**
 * The customer's settings. Security (issue 23): change password, two-factor sign-in, the signed-in sessions. Labels
 * (issue 24): the default label format and the ZPL dpi.
 */
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
      <LabelSettingsSection />
    </Stack>
  );
}
