import { type Address, AddressInput, type AddressType, type ErrorDetail } from '@labeldesk/contracts';
import type { CountryCode } from './address-format';

/** What the add/edit form holds: every AddressInput field, always present. */
export interface AddressFormValues {
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: CountryCode;
  phone: string;
  type: AddressType;
  isDefault: boolean;
}
export type AddressField = keyof AddressFormValues;
export type AddressFormErrors = Partial<Record<AddressField, string>>;

const FIELDS: readonly AddressField[] = [
  'name',
  'company',
  'street1',
  'street2',
  'city',
  'state',
  'zip',
  'country',
  'phone',
  'type',
  'isDefault',
];

/** A new address: US, recipient, not default (SPEC §3 default country US). */
export function emptyAddressForm(): AddressFormValues {
  return {
    name: '',
    company: '',
    street1: '',
    street2: '',
    city: '',
    state: '',
    zip: '',
    country: 'US',
    phone: '',
    type: 'recipient',
    isDefault: false,
  };
}

export function addressToForm(address: Address): AddressFormValues {
  const { name, company, street1, street2, city, state, zip, country, phone, type, isDefault } = address;
  return { name, company, street1, street2, city, state, zip, country, phone, type, isDefault };
}

function isField(key: string): key is AddressField {
  return (FIELDS as readonly string[]).includes(key);
}

/** The first message per field from validation details (client zod issues or the server's `details`). */
export function fieldErrorsFromDetails(details: readonly ErrorDetail[]): AddressFormErrors {
  const errors: AddressFormErrors = {};
  for (const { path, message } of details) {
    const field = path.split('.')[0] ?? '';
    if (isField(field) && !errors[field]) errors[field] = message;
  }
  return errors;
}

export type AddressFormResult = { ok: true; value: AddressInput } | { ok: false; errors: AddressFormErrors };

/**
 * Validates with the contracts' AddressInput — the same schema and texts the server uses ('Street address is required',
 * 'City is required', ...). On success the value is what is sent: trimmed, with defaults applied.
 */
export function validateAddressForm(values: AddressFormValues): AddressFormResult {
  const parsed = AddressInput.safeParse(values);
  if (parsed.success) return { ok: true, value: parsed.data };
  return {
    ok: false,
    errors: fieldErrorsFromDetails(
      parsed.error.issues.map((issue) => ({ path: issue.path.map(String).join('.'), message: issue.message })),
    ),
  };
}
