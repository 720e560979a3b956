import { api, errorMessage } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Paper,
  PasswordInput,
  SimpleGrid,
  Stack,
  TextInput,
  Title,
} from '@labeldesk/ui';
import { type FormEvent, useState } from 'react';
import { type AddApiFormValues, EMPTY_ADD_API_FORM, validateAddApi } from './api-configs';

interface AddApiFormProps {
  onAdded: (config: ShippingApiConfig) => void;
  onCancel: () => void;
}

/** SPEC §2/§5 Add New API: name, key and base URL all required ('Please fill in all API fields'), default checkbox. */
export function AddApiForm({ onAdded, onCancel }: AddApiFormProps) {
  const [values, setValues] = useState<AddApiFormValues>(EMPTY_ADD_API_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof AddApiFormValues>(field: K, value: AddApiFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const checked = validateAddApi(values);
    if (!checked.ok) {
      setError(checked.error);
      return;
    }
    setBusy(true);
    try {
      const res = await api.adminConfig.createApi(checked.body);
      setValues(EMPTY_ADD_API_FORM);
      onAdded(res.api);
    } catch (e) {
      setError(errorMessage(e, 'Failed to add new API'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate data-testid="add-api-form">
        <Stack gap="sm">
          <Title order={4}>Add New API</Title>
          {error ? (
            <Alert color="red" variant="light" role="alert" data-testid="add-api-error">
              {error}
            </Alert>
          ) : null}
          <SimpleGrid cols={{ base: 1, md: 3 }}>
            <TextInput
              label="API Name"
              placeholder="e.g. API 3"
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              disabled={busy}
              data-testid="add-api-name"
            />
            <PasswordInput
              label="API Key"
              placeholder="The provider's API key"
              value={values.key}
              onChange={(e) => set('key', e.currentTarget.value)}
              disabled={busy}
              autoComplete="off"
              data-testid="add-api-key"
            />
            <TextInput
              label="Base URL"
              placeholder="https://provider.example.com"
              value={values.baseUrl}
              onChange={(e) => set('baseUrl', e.currentTarget.value)}
              disabled={busy}
              data-testid="add-api-base-url"
            />
          </SimpleGrid>
          <Checkbox
            label="Set as default API"
            checked={values.isDefault}
            onChange={(e) => set('isDefault', e.currentTarget.checked)}
            disabled={busy}
            data-testid="add-api-default"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel} disabled={busy}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy} loading={busy} data-testid="add-api-submit">
              Add API
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
