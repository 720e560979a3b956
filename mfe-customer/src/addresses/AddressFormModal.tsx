import { ApiClientError, addressMutations, errorMessage } from '@labeldesk/api-client';
import type { Address } from '@labeldesk/contracts';
import { Checkbox, FormModal, type FormOutcome, Select, SimpleGrid, TextInput, useApiMutation } from '@labeldesk/ui';
import { useState } from 'react';
import {
  type AddressField,
  type AddressFormErrors,
  type AddressFormValues,
  addressToForm,
  emptyAddressForm,
  fieldErrorsFromDetails,
  validateAddressForm,
} from './address-form';
import { COUNTRY_OPTIONS, isCountry, TYPE_LABELS } from './address-format';

const TYPE_OPTIONS = [
  { value: 'sender', label: TYPE_LABELS.sender },
  { value: 'recipient', label: TYPE_LABELS.recipient },
];
/** The free-text fields (the others are picked from a list or ticked). */
type TextField = 'name' | 'company' | 'street1' | 'street2' | 'city' | 'state' | 'zip' | 'phone';

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
  const [values, setValues] = useState<AddressFormValues>(() =>
    address ? addressToForm(address) : emptyAddressForm(),
  );
  const [errors, setErrors] = useState<AddressFormErrors>({});
  const create = useApiMutation(addressMutations.create);
  const update = useApiMutation(addressMutations.update);

  const set = <K extends AddressField>(field: K, value: AddressFormValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => (e[field] ? { ...e, [field]: undefined } : e));
  };
  const text = (field: TextField) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: { currentTarget: { value: string } }) => set(field, e.currentTarget.value),
  });

  const submit = async (): Promise<FormOutcome> => {
    const result = validateAddressForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      return undefined;
    }
    setErrors({});
    try {
      // Invalidates the saved addresses (the server keeps one default per type: a replaced default loses its badge).
      const res = address
        ? await update.mutateAsync({ id: address._id, body: result.value })
        : await create.mutateAsync(result.value);
      onSaved(res.message);
      return undefined;
    } catch (error) {
      if (error instanceof ApiClientError) setErrors(fieldErrorsFromDetails(error.details));
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
      onSubmit={submit}
      submitLabel={editing ? 'Update Address' : 'Save Address'}
      busyLabel="Saving..."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Name" withAsterisk maxLength={100} data-autofocus {...text('name')} />
        <TextInput label="Company" maxLength={100} {...text('company')} />
      </SimpleGrid>
      <TextInput label="Street Address" withAsterisk maxLength={200} {...text('street1')} />
      <TextInput label="Street Address 2" placeholder="Apartment, suite, unit" maxLength={200} {...text('street2')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput label="City" withAsterisk maxLength={100} {...text('city')} />
        <TextInput label="State" withAsterisk maxLength={100} {...text('state')} />
        <TextInput label="ZIP Code" withAsterisk maxLength={20} {...text('zip')} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <Select
          label="Country"
          data={COUNTRY_OPTIONS}
          value={values.country}
          onChange={(v) => isCountry(v) && set('country', v)}
          allowDeselect={false}
          error={errors.country}
        />
        <TextInput label="Phone" type="tel" withAsterisk maxLength={40} {...text('phone')} />
      </SimpleGrid>
      <Select
        label="Address Type"
        data={TYPE_OPTIONS}
        value={values.type}
        onChange={(v) => (v === 'sender' || v === 'recipient') && set('type', v)}
        allowDeselect={false}
        error={errors.type}
      />
      <Checkbox
        label="Set as default"
        description={`Replaces your current default ${TYPE_LABELS[values.type].toLowerCase()} address.`}
        checked={values.isDefault}
        onChange={(e) => set('isDefault', e.currentTarget.checked)}
      />
    </FormModal>
  );
}
