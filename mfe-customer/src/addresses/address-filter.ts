import type { Address, AddressType } from '@labeldesk/contracts';

export type AddressTypeFilter = 'all' | AddressType;

const SEARCHED_FIELDS = ['name', 'company', 'street1', 'street2', 'city', 'state', 'zip', 'phone'] as const;

const digitsOf = (text: string) => text.replace(/\D/g, '');
/** A term made only of digits and the punctuation people type in phone numbers, e.g. "(555) 123-4567". */
const PHONE_LIKE = /^[\d\s()+.-]+$/;

function matchesTerm(address: Address, term: string): boolean {
  if (SEARCHED_FIELDS.some((field) => address[field].toLowerCase().includes(term))) return true;
  // "555-1234" finds "(555) 123 4567" whatever punctuation either side used.
  const digits = digitsOf(term);
  return digits.length > 0 && PHONE_LIKE.test(term) && digitsOf(address.phone).includes(digits);
}

/**
 * The Saved Addresses list as shown: only the chosen type, and only addresses where every word of the search appears
 * (case-insensitive) in the name, company, street, city, state, ZIP or phone. Order is kept (the server sends defaults
 * first, then oldest first).
 */
export function filterAddresses(addresses: readonly Address[], search: string, type: AddressTypeFilter): Address[] {
  const terms = search.trim().toLowerCase().split(/\s+/).filter(Boolean);
  return addresses.filter(
    (address) => (type === 'all' || address.type === type) && terms.every((term) => matchesTerm(address, term)),
  );
}
