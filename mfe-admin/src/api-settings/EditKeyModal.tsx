import { api, errorMessage } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import { Alert, Button, Group, Modal, PasswordInput, Stack, Text } from '@labeldesk/ui';
import { type FormEvent, useState } from 'react';
import { validateApiKey } from './api-key-form';

interface EditKeyModalProps {
  opened: boolean;
  config: ShippingApiConfig | null;
  onClose: () => void;
  onSaved: (config: ShippingApiConfig) => void;
}

/** SPEC §2/§5: replace one API's key ('API key cannot be empty'). Mount with a new `key` per opening. */
export function EditKeyModal({ opened, config, onClose, onSaved }: EditKeyModalProps) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!config) return null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateApiKey(value);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setError(null);
    setBusy(true);
    try {
      const res = await api.adminConfig.updateApiKey(config._id, checked.body);
      onSaved(res.api);
    } catch (e) {
      setError(errorMessage(e, 'Failed to update API key'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      opened={opened}
      onClose={() => !busy && onClose()}
      title={`Edit API Key: ${config.name}`}
      closeOnClickOutside={!busy}
    >
      <form onSubmit={submit} noValidate data-testid="edit-key-form">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Current key:{' '}
            <Text span ff="monospace" size="sm">
              {config.key}
            </Text>
            . The new key replaces it at once for every label bought through {config.name}.
          </Text>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="edit-key-error">
              {error}
            </Alert>
          ) : null}
          <PasswordInput
            label="New API Key"
            value={value}
            onChange={(e) => {
              setValue(e.currentTarget.value);
              setError(null);
            }}
            disabled={busy}
            autoComplete="off"
            data-autofocus
            data-testid="edit-key-input"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} loading={busy} data-testid="edit-key-save">
              Save Key
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
