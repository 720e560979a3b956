import { errorMessage, providerMutations } from '@labeldesk/api-client';
import {
  ADDABLE_PROVIDER_KINDS,
  type AddableProviderKind,
  CreateApiConfigRequest,
  PROVIDER_KIND_INFO,
  type ShippingApiConfig,
} from '@labeldesk/contracts';
import { Checkbox, FormModal, PasswordInput, Select, TextInput, useApiMutation, useContractForm } from '@labeldesk/ui';
import { EMPTY_ADD_API_FORM, withKind } from './api-configs';

const KIND_OPTIONS = ADDABLE_PROVIDER_KINDS.map((kind) => ({ value: kind, label: PROVIDER_KIND_INFO[kind].label }));

interface AddApiModalProps {
  opened: boolean;
  onClose: () => void;
  /** The API the server created; the page closes the modal and shows it. */
  onAdded: (config: ShippingApiConfig) => void;
}

/**
 * SPEC §2/§5 Add New API form (a FormModal on the contract form, CreateApiConfigRequest): name, key and base URL all
 * required — the SPEC words it for the whole form ('Please fill in all API fields' in the alert, the empty fields marked),
 * default checkbox, and the provider kind (issue 21: generic, or EasyPost or Shippo with its official base URL pre-filled);
 * providerMutations.createApi refreshes the API lists and what customers can buy. Mount with a new
 * `key` per opening.
 */
export function AddApiModal({ opened, onClose, onAdded }: AddApiModalProps) {
  const form = useContractForm({ schema: CreateApiConfigRequest, initialValues: EMPTY_ADD_API_FORM });
  const create = useApiMutation(providerMutations.createApi);

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title="Add New API"
      size="lg"
      testIdPrefix="add-api"
      submitLabel="Add API"
      form={form}
      alertInvalid
      onSubmit={async (body) => {
        const res = await create.mutateAsync(body);
        onAdded(res.api);
        return undefined;
      }}
      errorText={(e) => errorMessage(e, 'Failed to add new API')}
    >
      {({ locked, clearError }) => {
        return (
          <>
            <Select
              label="Provider kind"
              description="The protocol the provider speaks; EasyPost and Shippo pre-fill their official base URL"
              data={KIND_OPTIONS}
              value={form.getValues().kind}
              allowDeselect={false}
              onChange={(kind) => {
                if (!kind) return;
                form.setValues(withKind(form.getValues(), kind as AddableProviderKind));
                clearError();
              }}
              disabled={locked}
              data-testid="add-api-kind"
            />
            <TextInput
              label="API Name"
              placeholder="e.g. API 3"
              required
              {...form.getInputProps('name')}
              disabled={locked}
              data-autofocus
              data-testid="add-api-name"
            />
            <PasswordInput
              label="API Key"
              placeholder="The provider's API key"
              required
              {...form.getInputProps('key')}
              disabled={locked}
              autoComplete="off"
              data-testid="add-api-key"
            />
            <TextInput
              label="Base URL"
              placeholder="https://provider.example.com"
              required
              {...form.getInputProps('baseUrl')}
              disabled={locked}
              data-testid="add-api-base-url"
            />
            <Checkbox
              label="Set as default API"
              {...form.getInputProps('isDefault', { type: 'checkbox' })}
              disabled={locked}
              data-testid="add-api-default"
            />
          </>
        );
      }}
    </FormModal>
  );
}
