import { errorMessage, providerMutations } from '@labeldesk/api-client';
import { type ShippingApiConfig, UpdateApiKeyRequest } from '@labeldesk/contracts';
import { FormModal, PasswordInput, Text, useApiMutation, useContractForm } from '@labeldesk/ui';

interface EditKeyModalProps {
  opened: boolean;
  config: ShippingApiConfig | null;
  onClose: () => void;
  onSaved: (config: ShippingApiConfig) => void;
}

/**
 * SPEC §2/§5: replace one API's key, a FormModal on the contract form: UpdateApiKeyRequest checks it as the server does
 * ('API key cannot be empty' under the field; the key is trimmed). providerMutations.updateApiKey refreshes the API
 * lists and what customers can buy. Mount with a new `key` per opening.
 */
export function EditKeyModal({ opened, config, onClose, onSaved }: EditKeyModalProps) {
  const form = useContractForm({ schema: UpdateApiKeyRequest, initialValues: { key: '' } });
  const update = useApiMutation(providerMutations.updateApiKey);

  if (!config) return null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Edit API Key: ${config.name}`}
      testIdPrefix="edit-key"
      testIds={{ submit: 'edit-key-save' }}
      form={form}
      submitLabel="Save Key"
      intro={
        <Text size="sm" c="dimmed">
          Current key:{' '}
          <Text span ff="monospace" size="sm">
            {config.key}
          </Text>
          . The new key replaces it at once for every label bought through {config.name}.
        </Text>
      }
      onSubmit={async (body) => {
        const res = await update.mutateAsync({ id: config._id, body });
        onSaved(res.api);
        return undefined;
      }}
      errorText={(e) => errorMessage(e, 'Failed to update API key')}
    >
      {({ locked }) => (
        <PasswordInput
          label="New API Key"
          disabled={locked}
          autoComplete="off"
          data-autofocus
          data-testid="edit-key-input"
          {...form.getInputProps('key')}
        />
      )}
    </FormModal>
  );
}
