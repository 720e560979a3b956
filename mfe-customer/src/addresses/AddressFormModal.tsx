import { addressMutations, errorMessage } from '@labeldesk/api-client';
import { type Address, AddressInput } from '@labeldesk/contracts';
import {
  Checkbox,
  FormModal,
  type FormOutcome,
  Select,
  SimpleGrid,
  setServerErrors,
  TextInput,
  useApiMutation,
  useContractForm,
} from '@labeldesk/ui';
import { COUNTRY_OPTIONS, TYPE_LABELS } from './address-format';
import { addressToForm, emptyAddressForm } from './address-values';

const TYPE_OPTIONS = [
  { value: 'sender', label: TYPE_LABELS.sender },
  { value: 'recipient', label: TYPE_LABELS.recipient },
];
interface AddressFormModalProps {
  opened: boolean;
  /** The address being edited, or null to add a new one. */
  address: Address | null;
  onClose: () => void;
  /** Called with the server's success message after a save. */
  onSaved: (message: string) => void;
}

/** Add/edit an address. Mount it with a new `key` per opening so the form starts from the right values. */
export function AddressFormModal({ opened, address, onClose, onSaved }: AddressFormModalProps) {
  const editing = address !== null;
  // Validated by the contract's AddressInput, the schema and texts the server uses ('Street address is required', ...);
  // what is sent is its output: trimmed, with defaults applied.
  const form = useContractForm({
    schema: AddressInput,
    initialValues: address ? addressToForm(address) : emptyAddressForm(),
  });
  const create = useApiMutation(addressMutations.create);
  const update = useApiMutation(addressMutations.update);

  const submit = async (body: AddressInput): Promise<FormOutcome> => {
    try {
      // Invalidates the saved addresses (the server keeps one default per type: a replaced default loses its badge).
      const res = address ? await update.mutateAsync({ id: address._id, body }) : await create.mutateAsync(body);
      onSaved(res.message);
      return undefined;
    } catch (error) {
      setServerErrors(form, error);
      return { error: errorMessage(error, editing ? 'Failed to update address' : 'Failed to create address') };
    }
  };

  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={editing ? 'Edit Address' : 'Add New Address'}
      size="lg"
      testIdPrefix="address"
      testIds={{ form: 'address-form', error: 'address-form-error' }}
      form={form}
      onSubmit={submit}
      submitLabel={editing ? 'Update Address' : 'Save Address'}
      busyLabel="Saving..."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk maxLength={100} data-autofocus {...form.getInputProps('name')} />
        <TextInput label="Company" maxLength={100} {...form.getInputProps('company')} />
      </SimpleGrid>
      <TextInput label="Street Address" withAsterisk maxLength={200} {...form.getInputProps('street1')} />
      <TextInput
        label="Street Address 2"
        placeholder="Apartment, suite, unit"
        maxLength={200}
        {...form.getInputProps('street2')}
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" withAsterisk maxLength={100} {...form.getInputProps('city')} />
        <TextInput label="State" withAsterisk maxLength={100} {...form.getInputProps('state')} />
        <TextInput label="ZIP Code" withAsterisk maxLength={20} {...form.getInputProps('zip')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select label="Country" data={COUNTRY_OPTIONS} allowDeselect={false} {...form.getInputProps('country')} />
        <TextInput label="Phone" type="tel" withAsterisk maxLength={40} {...form.getInputProps('phone')} />
      </SimpleGrid>
      <Select label="Address Type" data={TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps('type')} />
      <Checkbox
        label="Set as default"
        description={`Replaces your current default ${TYPE_LABELS[form.values.type].toLowerCase()} address.`}
        {...form.getInputProps('isDefault', { type: 'checkbox' })}
      />
    </FormModal>
  );
}
