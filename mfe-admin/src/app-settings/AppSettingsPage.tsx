import { api, errorMessage } from '@labeldesk/api-client';
import type { AppSettings } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  ErrorState,
  Group,
  LoadingState,
  PageHeader,
  Paper,
  Stack,
  TextInput,
  useFlash,
} from '@labeldesk/ui';
import { type FormEvent, useEffect, useState } from 'react';
import { type AppSettingsErrors, validateAppSettings } from './app-settings-form';

type LoadState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

const EMPTY: AppSettings = { discordInviteLink: '', telegramInviteLink: '' };

/** SPEC §2 App settings: the Discord and Telegram invite links shown on the login, register and contact pages. */
export default function AppSettingsPage() {
  const [values, setValues] = useState<AppSettings>(EMPTY);
  const [load, setLoad] = useState<LoadState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [fieldErrors, setFieldErrors] = useState<AppSettingsErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [success, showSuccess, clearSuccess] = useFlash();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` re-runs the load on Try Again.
  useEffect(() => {
    let active = true;
    setLoad({ kind: 'loading' });
    api.settings.get().then(
      (settings) => {
        if (!active) return;
        setValues({ discordInviteLink: settings.discordInviteLink, telegramInviteLink: settings.telegramInviteLink });
        setLoad({ kind: 'ready' });
      },
      (e: unknown) =>
        active && setLoad({ kind: 'failed', message: errorMessage(e, 'Failed to load application settings') }),
    );
    return () => {
      active = false;
    };
  }, [attempt]);

  const set = (field: keyof AppSettings, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateAppSettings(values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      clearSuccess();
      return;
    }
    setFieldErrors({});
    setError(null);
    clearSuccess();
    setBusy(true);
    try {
      const saved = await api.settings.update(checked.value);
      setValues({ discordInviteLink: saved.discordInviteLink, telegramInviteLink: saved.telegramInviteLink });
      showSuccess('Application settings updated successfully');
    } catch (e) {
      setError(errorMessage(e, 'Failed to update application settings'));
    } finally {
      setBusy(false);
    }
  };

  const header = (
    <PageHeader
      title="App Settings"
      description="Community invite links shown on the login, registration and contact support pages. Leave a link empty to hide its button."
    />
  );

  if (load.kind === 'loading') {
    return (
      <Stack gap="md">
        {header}
        <LoadingState label="Loading settings..." />
      </Stack>
    );
  }
  if (load.kind === 'failed') {
    return (
      <Stack gap="md">
        {header}
        <ErrorState title={load.message} onRetry={() => setAttempt((n) => n + 1)} />
      </Stack>
    );
  }

  return (
    <Stack gap="md" maw={720}>
      {header}
      {success ? (
        <Alert color="green" variant="light" role="status" data-testid="app-settings-success">
          {success}
        </Alert>
      ) : null}
      {error ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          withCloseButton
          onClose={() => setError(null)}
          data-testid="app-settings-error"
        >
          {error}
        </Alert>
      ) : null}
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
    </Stack>
  );
}
