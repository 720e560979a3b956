import { type Address, AddressInput } from '@labeldesk/contracts';
import { contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import { type AddressFormValues, addressToForm, emptyAddressForm } from './address-values';

const validate = contractResolver<AddressFormValues>(AddressInput);

const filled = {
  ...emptyAddressForm(),
  name: '  Ada Lovelace ',
  street1: '12 Babbage Road',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '512 555 0199',
};

describe('emptyAddressForm', () => {
  it('starts a new address in the US as a non-default recipient', () => {
    expect(emptyAddressForm()).toMatchObject({ country: 'US', type: 'recipient', isDefault: false, name: '' });
  });
});

describe('the address form against the contract', () => {
  it('shows the SPEC texts under every missing required field, and none under optional ones', () => {
    expect(validate(emptyAddressForm())).toEqual({
      name: 'Name is required',
      street1: 'Street address is required',
      city: 'City is required',
      state: 'State is required',
      zip: 'ZIP code is required',
      phone: 'Phone number is required',
    });
  });

  it('treats whitespace-only input as missing', () => {
    expect(validate({ ...filled, city: '   ' })).toEqual({ city: 'City is required' });
  });

  it('accepts a complete address without company or second street line and sends trimmed values', () => {
    expect(validate({ ...filled, type: 'sender', isDefault: true, country: 'CA' })).toEqual({});
    expect(AddressInput.parse({ ...filled, type: 'sender', isDefault: true, country: 'CA' })).toEqual({
      name: 'Ada Lovelace',
      company: '',
      street1: '12 Babbage Road',
      street2: '',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'CA',
      phone: '512 555 0199',
      type: 'sender',
      isDefault: true,
    });
  });
});

describe('addressToForm', () => {
  it('copies the editable fields of a saved address, leaving ids and dates out', () => {
    const saved: Address = {
      _id: 'adr_1',
      name: 'Ada',
      company: 'AE',
      street1: '1 A St',
      street2: 'Unit 2',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'JP',
      phone: '1',
      type: 'sender',
      isDefault: true,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-02T00:00:00.000Z',
    };
    const form = addressToForm(saved);
    expect(form).toEqual({
      name: 'Ada',
      company: 'AE',
      street1: '1 A St',
      street2: 'Unit 2',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'JP',
      phone: '1',
      type: 'sender',
      isDefault: true,
    });
    expect(validate(form)).toEqual({});
  });
});
