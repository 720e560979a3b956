import { errorMessage, providerMutations } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import { FormModal, PasswordInput, Text, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';
import { validateApiKey } from './api-key-form';

interface EditKeyModalProps {
  opened: boolean;
  config: ShippingApiConfig | null;
  onClose: () => void;
  onSaved: (config: ShippingApiConfig) => void;
}

/**
 * SPEC §2/§5: replace one API's key ('API key cannot be empty'), a FormModal; providerMutations.updateApiKey
 * refreshes the API lists and what customers can buy. Mount with a new `key` per opening.
 */
export function EditKeyModal({ opened, config, onClose, onSaved }: EditKeyModalProps) {
  const [value, setValue] = useState('');
  const update = useApiMutation(providerMutations.updateApiKey);

  if (!config) return null;

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={`Edit API Key: ${config.name}`}
      testIdPrefix="edit-key"
      testIds={{ submit: 'edit-key-save' }}
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
      onSubmit={async () => {
        const checked = validateApiKey(value);
        if (!checked.ok) return { error: checked.error };
        try {
          const res = await update.mutateAsync({ id: config._id, body: checked.body });
          onSaved(res.api);
          return undefined;
        } catch (e) {
          return { error: errorMessage(e, 'Failed to update API key') };
        }
      }}
    >
      {({ locked, clearError }) => (
        <PasswordInput
          label="New API Key"
          value={value}
          onChange={(e) => {
            setValue(e.currentTarget.value);
            clearError();
          }}
          disabled={locked}
          autoComplete="off"
          data-autofocus
          data-testid="edit-key-input"
        />
      )}
    </FormModal>
  );
}
