import type { Address } from '@labeldesk/contracts';
import { Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@labeldesk/ui';
import { COUNTRY_OPTIONS, isCountry } from '../addresses/address-format';
import { savedAddressOptions } from './address-picker';
import type { PartyField, PartyFormValues } from './order-form';

export type SavedAddresses =
  | { kind: 'loading' }
  | { kind: 'failed'; message: string }
  | { kind: 'ready'; addresses: Address[] };

type TextField = Exclude<PartyField, 'country'>;

interface AddressBlockProps {
  /** 'sender' (From) or 'recipient' (To): the request path prefix and the saved-address type offered first. */
  role: 'sender' | 'recipient';
  title: string;
  values: PartyFormValues;
  /** Field errors keyed by field name. */
  errors: Partial<Record<PartyField, string>>;
  onChange: (field: PartyField, value: string) => void;
  saved: SavedAddresses;
  /** The saved address last copied in (null once edited by hand or never picked). */
  pickedId: string | null;
  onPick: (address: Address) => void;
  disabled: boolean;
}

/** One From/To block of the Manual Order form: a saved-address picker and the SPEC §5 address fields. */
export function AddressBlock(props: AddressBlockProps) {
  const { role, values, errors, disabled } = props;
  const text = (field: TextField) => ({
    value: values[field],
    error: errors[field],
    disabled,
    onChange: (e: { currentTarget: { value: string } }) => props.onChange(field, e.currentTarget.value),
  });

  const saved = props.saved;
  const addresses = saved.kind === 'ready' ? saved.addresses : [];
  const placeholder =
    saved.kind === 'loading'
      ? 'Loading addresses...'
      : addresses.length === 0
        ? 'No saved addresses'
        : 'Choose a saved address';

  return (
    <Paper withBorder p="md" data-testid={`${role}-address`}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {props.title}
        </Title>
        <Select
          label="Saved Address"
          placeholder={placeholder}
          data={savedAddressOptions(addresses, role)}
          value={props.pickedId}
          onChange={(id) => {
            const address = addresses.find((a) => a._id === id);
            if (address) props.onPick(address);
          }}
          disabled={disabled || addresses.length === 0}
          searchable
          nothingFoundMessage="No matching address"
          error={saved.kind === 'failed' ? saved.message : undefined}
          data-testid={`${role}-saved-address`}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="Name" withAsterisk maxLength={100} autoComplete="off" {...text('name')} />
          <TextInput label="Company" maxLength={100} autoComplete="off" {...text('company')} />
        </SimpleGrid>
        <TextInput label="Street 1" withAsterisk maxLength={200} autoComplete="off" {...text('street1')} />
        <TextInput
          label="Street 2"
          placeholder="Apartment, suite, unit"
          maxLength={200}
          autoComplete="off"
          {...text('street2')}
        />
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          <TextInput label="City" withAsterisk maxLength={100} autoComplete="off" {...text('city')} />
          <TextInput label="State" withAsterisk maxLength={100} autoComplete="off" {...text('state')} />
          <TextInput label="ZIP" withAsterisk maxLength={20} autoComplete="off" {...text('zip')} />
        </SimpleGrid>
        {/* Country and Phone on rows of their own: half of a half-width block cut the country's name. */}
        <Select
          label="Country"
          data={COUNTRY_OPTIONS}
          value={values.country}
          onChange={(v) => isCountry(v) && props.onChange('country', v)}
          allowDeselect={false}
          disabled={disabled}
          error={errors.country}
        />
        <TextInput label="Phone" type="tel" withAsterisk maxLength={40} autoComplete="off" {...text('phone')} />
      </Stack>
    </Paper>
  );
}
