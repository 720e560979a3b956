import { type Address, Country } from '@labeldesk/contracts';
import type { AddressRow } from '../../db/schema';

export function presentAddress(row: AddressRow): Address {
  const country = Country.safeParse(row.country);
  return {
    _id: row.id,
    name: row.name,
    company: row.company,
    street1: row.street1,
    street2: row.street2,
    city: row.city,
    state: row.state,
    zip: row.zip,
    country: country.success ? country.data : 'US',
    phone: row.phone,
    type: row.type,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
