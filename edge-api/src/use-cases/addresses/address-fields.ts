import type { AddressTypeValue } from '../../db/schema';

/** A validated address (contracts `AddressInput` after parsing: trimmed, defaults applied). */
export interface AddressFields {
  name: string;
  company: string;
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string;
  type: AddressTypeValue;
  isDefault: boolean;
}
