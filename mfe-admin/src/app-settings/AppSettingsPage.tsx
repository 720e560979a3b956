import { errorMessage, settingsMutations, settingsQueries } from '@labeldesk/api-client';
import type { AppSettings } from '@labeldesk/contracts';
import {
  Button,
  ErrorState,
  Group,
  LoadingState,
  loadStateOf,
  PageHeader,
  Paper,
  Stack,
  StatusAlerts,
  TextInput,
  useApiMutation,
  useFlash,
  useQuery,
} from '@labeldesk/ui';
import { type FormEvent, useState } from 'react';
import { type AppSettingsErrors, validateAppSettings } from './app-settings-form';

/**
 * SPEC §2 App settings: the Discord and Telegram invite links shown on the login, register and contact pages. Read
 * with settingsQueries.app; a save (settingsMutations.update) refreshes every screen that shows the links.
 */
export default function AppSettingsPage() {
  const settings = useQuery(settingsQueries.app());
  const load = loadStateOf(settings, (e) => errorMessage(e, 'Failed to load application settings'));
  const header = (
    <PageHeader
      title="App Settings"
      description="Community invite links shown on the login, registration and contact support pages. Leave a link empty to hide its button."
    />
  );
  if (load.kind !== 'ready') {
    return (
      <Stack gap="md">
        {header}
        {load.kind === 'loading' ? (
          <LoadingState label="Loading settings..." />
        ) : (
          <ErrorState title={load.message} onRetry={() => void settings.refetch()} />
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="md" maw={720}>
      {header}
      <AppSettingsForm
        initial={{ discordInviteLink: load.data.discordInviteLink, telegramInviteLink: load.data.telegramInviteLink }}
      />
    </Stack>
  );
}

/** The two links as loaded; edits stay local until saved. */
function AppSettingsForm({ initial }: { initial: AppSettings }) {
  const [values, setValues] = useState<AppSettings>(initial);
  const [fieldErrors, setFieldErrors] = useState<AppSettingsErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [success, showSuccess, clearSuccess] = useFlash();
  const save = useApiMutation(settingsMutations.update);
  const busy = save.isPending;

  const set = (field: keyof AppSettings, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateAppSettings(values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      clearSuccess();
      return;
    }
    setFieldErrors({});
    setError(null);
    clearSuccess();
    try {
      const saved = await save.mutateAsync(checked.value);
      setValues({ discordInviteLink: saved.discordInviteLink, telegramInviteLink: saved.telegramInviteLink });
      showSuccess('Application settings updated successfully');
    } catch (e) {
      setError(errorMessage(e, 'Failed to update application settings'));
    }
  };

  return (
    <>
      <StatusAlerts testIdPrefix="app-settings" success={success} error={error} onDismissError={() => setError(null)} />
      <Paper withBorder p="lg">
        <form onSubmit={submit} noValidate data-testid="app-settings-form">
          <Stack gap="md">
            <TextInput
              label="Discord Invite Link"
              description="Starts with https://discord.gg/ or https://discord.com/invite/"
              placeholder="https://discord.gg/your-invite"
              type="url"
              value={values.discordInviteLink}
              onChange={(e) => set('discordInviteLink', e.currentTarget.value)}
              error={fieldErrors.discordInviteLink}
              disabled={busy}
            />
            <TextInput
              label="Telegram Invite Link"
              description="Starts with https://t.me/"
              placeholder="https://t.me/your-group"
              type="url"
              value={values.telegramInviteLink}
              onChange={(e) => set('telegramInviteLink', e.currentTarget.value)}
              error={fieldErrors.telegramInviteLink}
              disabled={busy}
            />
            <Group justify="flex-end">
              <Button type="submit" disabled={busy}>
                {busy ? 'Saving...' : 'Save Settings'}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </>
  );
}
