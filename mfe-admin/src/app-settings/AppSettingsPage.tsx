import { errorMessage, settingsMutations, settingsQueries } from '@labeldesk/api-client';
import { type AppSettings, UpdateAppSettingsRequest } from '@labeldesk/contracts';
import {
  PageForm,
  PageHeader,
  Paper,
  QueryBody,
  Stack,
  Switch,
  TextInput,
  useApiMutation,
  useContractForm,
  useQuery,
} from '@labeldesk/ui';

/**
 * SPEC §2 App settings: the Discord and Telegram invite links shown on the login, register and contact pages. Read
 * with settingsQueries.app; a save (settingsMutations.update) refreshes every screen that shows the links.
 */
export default function AppSettingsPage() {
  const settings = useQuery(settingsQueries.app());
  return (
    <Stack gap="md" maw={720}>
      <PageHeader
        title="App Settings"
        description="Community invite links shown on the login, registration and contact support pages, and the admins' sign-in rule."
      />
      <QueryBody
        result={settings}
        testIdPrefix="app-settings-load"
        loadingLabel="Loading settings..."
        errorTitle={(e) => errorMessage(e, 'Failed to load application settings')}
      >
        {(loaded) => (
          <AppSettingsForm
            initial={{
              discordInviteLink: loaded.discordInviteLink,
              telegramInviteLink: loaded.telegramInviteLink,
              requireAdminTwoFactor: loaded.requireAdminTwoFactor,
            }}
          />
        )}
      </QueryBody>
    </Stack>
  );
}

/**
 * The two links as loaded, checked with the contract the server uses (empty hides the button; otherwise Discord starts
 * with https://discord.gg/ or https://discord.com/invite/ and Telegram with https://t.me/), each error under its field;
 * and "require two-factor for admins" (issue 23), which the server refuses to switch on while this admin has no 2FA.
 */
function AppSettingsForm({ initial }: { initial: AppSettings }) {
  const form = useContractForm({ schema: UpdateAppSettingsRequest, initialValues: initial });
  const save = useApiMutation(settingsMutations.update);

  return (
    <Paper withBorder p="lg">
      <PageForm
        form={form}
        testIdPrefix="app-settings"
        gap="md"
        buttonsAlign="end"
        submitLabel="Save Settings"
        busyLabel="Saving..."
        onSubmit={async (body) => {
          const saved = await save.mutateAsync(body);
          form.setValues({
            discordInviteLink: saved.discordInviteLink,
            telegramInviteLink: saved.telegramInviteLink,
            requireAdminTwoFactor: saved.requireAdminTwoFactor,
          });
          return { success: 'Application settings updated successfully' };
        }}
        errorText={(e) => errorMessage(e, 'Failed to update application settings')}
        alertFieldErrors
      >
        {({ busy }) => (
          <>
            <TextInput
              label="Discord Invite Link"
              description="Starts with https://discord.gg/ or https://discord.com/invite/"
              placeholder="https://discord.gg/your-invite"
              type="url"
              {...form.getInputProps('discordInviteLink')}
              disabled={busy}
            />
            <TextInput
              label="Telegram Invite Link"
              description="Starts with https://t.me/"
              placeholder="https://t.me/your-group"
              type="url"
              {...form.getInputProps('telegramInviteLink')}
              disabled={busy}
            />
            <Switch
              label="Require two-factor sign-in for admins"
              description="Admins without two-factor sign-in are sent to set it up before any admin screen. Turn it on for your own account first (Settings › Security)."
              {...form.getInputProps('requireAdminTwoFactor', { type: 'checkbox' })}
              disabled={busy}
            />
          </>
        )}
      </PageForm>
    </Paper>
  );
}
