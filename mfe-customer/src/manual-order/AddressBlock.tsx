import type { Address } from '@labeldesk/contracts';
import { Paper, Select, SimpleGrid, Stack, TextInput, Title, type UseFormReturnType } from '@labeldesk/ui';
import type { ChangeEvent } from 'react';
import { COUNTRY_OPTIONS } from '../addresses/address-format';
import { type PartyField, partyFromAddress } from '../addresses/address-values';
import type { PickerList } from '../ordering/use-service-choice';
import { savedAddressOptions } from './address-picker';
import type { OrderFormValues, Role } from './order-values';

interface AddressBlockProps {
  form: UseFormReturnType<OrderFormValues, unknown>;
  /** 'sender' (From) or 'recipient' (To): the request path prefix and the saved-address type offered first. */
  party: Role;
  title: string;
  saved: PickerList<Address[]>;
  disabled: boolean;
}

/**
 * One From/To block of the Manual Order form: a saved-address picker (it copies the address in) and the SPEC §5
 * address fields, bound to the form at `sender.*` / `recipient.*`. Editing a field by hand forgets the picked address.
 */
export function AddressBlock({ form, party: role, title, saved, disabled }: AddressBlockProps) {
  const addresses = saved.data ?? [];
  const placeholder = saved.loading
    ? 'Loading addresses...'
    : addresses.length === 0
      ? 'No saved addresses'
      : 'Choose a saved address';

  const field = (name: PartyField) => {
    const input = form.getInputProps(`${role}.${name}`);
    return {
      ...input,
      disabled,
      onChange: (value: ChangeEvent<HTMLInputElement> | string | null) => {
        input.onChange(value);
        form.setFieldValue(`picked.${role}`, null);
      },
    };
  };

  return (
    <Paper withBorder p="md" data-testid={`${role}-address`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {title}
        </Title>
        <Select
          label="Saved Address"
          placeholder={placeholder}
          data={savedAddressOptions(addresses, role)}
          value={form.values.picked[role]}
          onChange={(id) => {
            const address = addresses.find((a) => a._id === id);
            if (!address) return;
            form.setFieldValue(role, partyFromAddress(address));
            form.setFieldValue(`picked.${role}`, address._id);
            for (const key of Object.keys(form.errors)) if (key.startsWith(`${role}.`)) form.clearFieldError(key);
          }}
          disabled={disabled || addresses.length === 0}
          searchable
          nothingFoundMessage="No matching address"
          error={saved.failed ?? undefined}
          data-testid={`${role}-saved-address`}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" withAsterisk maxLength={100} autoComplete="off" {...field('name')} />
          <TextInput label="Company" maxLength={100} autoComplete="off" {...field('company')} />
        </SimpleGrid>
        <TextInput label="Street 1" withAsterisk maxLength={200} autoComplete="off" {...field('street1')} />
        <TextInput
          label="Street 2"
          placeholder="Apartment, suite, unit"
          maxLength={200}
          autoComplete="off"
          {...field('street2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" withAsterisk maxLength={100} autoComplete="off" {...field('city')} />
          <TextInput label="State" withAsterisk maxLength={100} autoComplete="off" {...field('state')} />
          <TextInput label="ZIP" withAsterisk maxLength={20} autoComplete="off" {...field('zip')} />
        </SimpleGrid>
        {/* Country and Phone on rows of their own: half of a half-width block cut the country's name. */}
        <Select label="Country" data={COUNTRY_OPTIONS} allowDeselect={false} {...field('country')} />
        <TextInput label="Phone" type="tel" withAsterisk maxLength={40} autoComplete="off" {...field('phone')} />
      </Stack>
    </Paper>
  );
}
