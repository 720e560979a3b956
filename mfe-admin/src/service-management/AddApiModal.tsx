import { errorMessage, providerMutations } from '@labeldesk/api-client';
import {
  ADDABLE_PROVIDER_KINDS,
  type AddableProviderKind,
  PROVIDER_KIND_INFO,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { Checkbox, FormModal, PasswordInput, Select, TextInput, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';
import { type AddApiFormValues, EMPTY_ADD_API_FORM, validateAddApi, withKind } from './api-configs';

const KIND_OPTIONS = ADDABLE_PROVIDER_KINDS.map((kind) => ({ value: kind, label: PROVIDER_KIND_INFO[kind].label }));

interface AddApiModalProps {
  opened: boolean;
  onClose: () => void;
  /** The API the server created; the page closes the modal and shows it. */
  onAdded: (config: ShippingApiConfig) => void;
}

/**
 * SPEC §2/§5 Add New API form (a FormModal): name, key and base URL all required ('Please fill in all API fields'),
 * default checkbox, and the provider kind (issue 21: generic, or EasyPost or Shippo with its official base URL pre-filled);
 * providerMutations.createApi refreshes the API lists and what customers can buy. Mount with a new
 * `key` per opening.
 */
export function AddApiModal({ opened, onClose, onAdded }: AddApiModalProps) {
  const [values, setValues] = useState<AddApiFormValues>(EMPTY_ADD_API_FORM);
  const create = useApiMutation(providerMutations.createApi);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Add New API"
      size="lg"
      testIdPrefix="add-api"
      submitLabel="Add API"
      onSubmit={async () => {
        const checked = validateAddApi(values);
        if (!checked.ok) return { error: checked.error };
        try {
          const res = await create.mutateAsync(checked.body);
          onAdded(res.api);
          return undefined;
        } catch (e) {
          return { error: errorMessage(e, 'Failed to add new API') };
        }
      }}
    >
      {({ locked, clearError }) => {
        const set = <K extends keyof AddApiFormValues>(field: K, value: AddApiFormValues[K]) => {
          setValues((v) => ({ ...v, [field]: value }));
          clearError();
        };
        return (
          <>
            <Select
              label="Provider kind"
              description="The protocol the provider speaks; EasyPost and Shippo pre-fill their official base URL"
              data={KIND_OPTIONS}
              value={values.kind}
              allowDeselect={false}
              onChange={(kind) => {
                if (!kind) return;
                setValues((v) => withKind(v, kind as AddableProviderKind));
                clearError();
              }}
              disabled={locked}
              data-testid="add-api-kind"
            />
            <TextInput
              label="API Name"
              placeholder="e.g. API 3"
              required
              value={values.name}
              onChange={(e) => set('name', e.currentTarget.value)}
              disabled={locked}
              data-autofocus
              data-testid="add-api-name"
            />
            <PasswordInput
              label="API Key"
              placeholder="The provider's API key"
              required
              value={values.key}
              onChange={(e) => set('key', e.currentTarget.value)}
              disabled={locked}
              autoComplete="off"
              data-testid="add-api-key"
            />
            <TextInput
              label="Base URL"
              placeholder="https://provider.example.com"
              required
              value={values.baseUrl}
              onChange={(e) => set('baseUrl', e.currentTarget.value)}
              disabled={locked}
              data-testid="add-api-base-url"
            />
            <Checkbox
              label="Set as default API"
              checked={values.isDefault}
              onChange={(e) => set('isDefault', e.currentTarget.checked)}
              disabled={locked}
              data-testid="add-api-default"
            />
          </>
        );
      }}
    </FormModal>
  );
}
