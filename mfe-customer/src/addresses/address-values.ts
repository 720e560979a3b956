import type { Address, AddressInput } from '@labeldesk/contracts';

/**
 * What the add/edit address form holds: every field of the contract's AddressInput, always present (its zod schema
 * validates the form, see AddressFormModal).
 */
export type AddressFormValues = Required<AddressInput>;

/**
 * One address block of another form (an order's From and To, SPEC §5 'Name ... Phone'; company and street2 optional):
 * the address without the address book's type and default flag.
 */
export type PartyFormValues = Omit<AddressFormValues, 'type' | 'isDefault'>;
export type PartyField = keyof PartyFormValues;

export function emptyParty(): PartyFormValues {
  return { name: '', company: '', street1: '', street2: '', city: '', state: '', zip: '', country: 'US', phone: '' };
}

/** A new address: US, recipient, not default (SPEC §3 default country US). */
export function emptyAddressForm(): AddressFormValues {
  return { ...emptyParty(), type: 'recipient', isDefault: false };
}

/** A saved address copied into an address block. */
export function partyFromAddress(address: Address): PartyFormValues {
  const { name, company, street1, street2, city, state, zip, country, phone } = address;
  return { name, company, street1, street2, city, state, zip, country, phone };
}

/** A saved address as the edit form's values (ids and dates left out). */
export function addressToForm(address: Address): AddressFormValues {
  return { ...partyFromAddress(address), type: address.type, isDefault: address.isDefault };
}
