import type { Address } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { filterAddresses } from './address-filter';

function address(overrides: Partial<Address>): Address {
  return {
    _id: 'adr_x',
    name: 'Someone',
    company: '',
    street1: '1 Main St',
    street2: '',
    city: 'Springfield',
    state: 'IL',
    zip: '62701',
    country: 'US',
    phone: '555 000 0000',
    type: 'recipient',
    isDefault: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

const warehouse = address({
  _id: 'adr_1',
  name: 'Ada Lovelace',
  company: 'Analytical Engines Ltd',
  street1: '12 Babbage Road',
  street2: 'Unit 4',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0199',
  type: 'sender',
  isDefault: true,
});
const customer = address({
  _id: 'adr_2',
  name: 'Grace Hopper',
  company: 'Navy Yard',
  street1: '99 Cobol Ave',
  city: 'Arlington',
  state: 'VA',
  zip: '22201',
  phone: '+1 703 555 0142',
  type: 'recipient',
});
const other = address({
  _id: 'adr_3',
  name: 'Alan Turing',
  city: 'Seattle',
  state: 'WA',
  zip: '98101',
  type: 'recipient',
});
const all = [warehouse, customer, other];
const ids = (list: Address[]) => list.map((a) => a._id);

describe('filterAddresses', () => {
  it('shows everything, in the given order, with no search and the All filter', () => {
    expect(ids(filterAddresses(all, '', 'all'))).toEqual(['adr_1', 'adr_2', 'adr_3']);
    expect(ids(filterAddresses(all, '   ', 'all'))).toEqual(['adr_1', 'adr_2', 'adr_3']);
  });

  it('keeps only the chosen type', () => {
    expect(ids(filterAddresses(all, '', 'sender'))).toEqual(['adr_1']);
    expect(ids(filterAddresses(all, '', 'recipient'))).toEqual(['adr_2', 'adr_3']);
  });

  it.each([
    ['name', 'grace', ['adr_2']],
    ['company', 'ANALYTICAL', ['adr_1']],
    ['street line 1', 'cobol', ['adr_2']],
    ['street line 2', 'unit 4', ['adr_1']],
    ['city', 'seattle', ['adr_3']],
    ['state', 'va', ['adr_2']],
    ['zip', '7870', ['adr_1']],
    ['phone as typed', '555-0199', ['adr_1']],
  ])('finds an address by its %s', (_field, search, expected) => {
    expect(ids(filterAddresses(all, search, 'all'))).toEqual(expected);
  });

  it('matches phone numbers whatever punctuation either side uses', () => {
    expect(ids(filterAddresses(all, '5125550199', 'all'))).toEqual(['adr_1']);
    expect(ids(filterAddresses(all, '703.555.0142', 'all'))).toEqual(['adr_2']);
  });

  it('requires every word of the search to match, across fields', () => {
    expect(ids(filterAddresses(all, 'ada austin', 'all'))).toEqual(['adr_1']);
    expect(ids(filterAddresses(all, 'ada seattle', 'all'))).toEqual([]);
  });

  it('combines the search with the type filter', () => {
    expect(ids(filterAddresses(all, 'a', 'sender'))).toEqual(['adr_1']);
    expect(ids(filterAddresses(all, 'grace', 'sender'))).toEqual([]);
  });

  it('does not search fields the user cannot filter on (country, ids)', () => {
    expect(filterAddresses(all, 'adr_2', 'all')).toEqual([]);
    expect(filterAddresses([address({ country: 'DE' })], 'DE', 'all')).toEqual([]);
  });
});
