import type { Address, AllServicesResponse } from '@labeldesk/contracts';
import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { contractResolver } from '@labeldesk/ui';
import { describe, expect, it } from 'vitest';
import { partyFromAddress } from '../addresses/address-values';
import { findService, type ServicePick } from '../ordering/service-choice';
import { savedAddress, service } from '../ordering/test-fixtures';
import {
  choiceErrors,
  defaultSender,
  emptyOrderForm,
  numberOf,
  OrderFormSchema,
  type OrderFormValues,
  orderInputOf,
  priceRequestFor,
  weightLimitError,
} from './order-values';

const catalogue: AllServicesResponse = {
  apiId: 'api_1',
  apiName: 'API 1',
  UPS: [service({ name: 'UPS Ground' }), service({ name: 'UPS 2nd Day Air', active: false })],
  USPS: [
    service({ name: 'USPS Priority Mail', carrier: 'USPS' }),
    service({ name: 'USPS Ground Advantage 15 oz', carrier: 'USPS', maxWeight: 15, weightUnit: 'oz' }),
  ],
  FEDEX: [],
};

const party = (name: string, zip: string) => ({
  name,
  company: '',
  street1: '1 Main St',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip,
  country: 'US' as const,
  phone: '555-0100',
});

/** A form with everything a purchase needs. */
function completeForm(over: Partial<OrderFormValues> = {}): OrderFormValues {
  return {
    picked: { sender: null, recipient: null },
    sender: party('Ada Sender', '78701'),
    recipient: party('Bob Recipient', '10001'),
    packageDetails: {
      weight: 2,
      weightUnit: 'lbs',
      length: 10,
      width: 8,
      height: 4,
      description: 'Books',
      value: 0,
    },
    reference: '',
    ...over,
  };
}

const pick: ServicePick = {
  apiId: 'api_1',
  apiName: 'API 1',
  carrier: 'UPS',
  service: 'UPS Ground',
  template: 'BASIC',
};
const validate = contractResolver(OrderFormSchema, orderInputOf);

describe('priceRequestFor (SPEC §5 price rule)', () => {
  it('asks for a price once names, zips, service, carrier and the four numbers are there', () => {
    expect(priceRequestFor(completeForm(), pick)).toEqual({
      apiId: 'api_1',
      carrier: 'UPS',
      serviceType: 'UPS Ground',
      packageDetails: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4 },
      sender: { zip: '78701' },
      recipient: { zip: '10001' },
    });
  });

  it('does not need streets, cities or phones to price', () => {
    const form = completeForm();
    form.sender = { ...form.sender, street1: '', city: '', phone: '' };
    expect(priceRequestFor(form, pick)).not.toBeNull();
  });

  it.each([
    ['sender name', (f: OrderFormValues) => (f.sender.name = '  ')],
    ['recipient name', (f: OrderFormValues) => (f.recipient.name = '')],
    ['sender zip', (f: OrderFormValues) => (f.sender.zip = '')],
    ['recipient zip', (f: OrderFormValues) => (f.recipient.zip = ' ')],
    ['weight', (f: OrderFormValues) => (f.packageDetails.weight = '')],
    ['length', (f: OrderFormValues) => (f.packageDetails.length = '')],
    ['width', (f: OrderFormValues) => (f.packageDetails.width = 0)],
    ['height', (f: OrderFormValues) => (f.packageDetails.height = '')],
  ])('waits while the %s is missing', (_what, clear) => {
    const form = completeForm();
    clear(form);
    expect(priceRequestFor(form, pick)).toBeNull();
  });

  it('waits while the carrier or the service is not chosen', () => {
    expect(priceRequestFor(completeForm(), { ...pick, service: null })).toBeNull();
    expect(priceRequestFor(completeForm(), { ...pick, carrier: null })).toBeNull();
  });

  it('reads a half-typed number as the number it is', () => {
    const form = completeForm();
    form.packageDetails.weight = '2.';
    expect(priceRequestFor(form, pick)?.packageDetails.weight).toBe(2);
  });

  it('sends the weight unit the customer chose', () => {
    const form = completeForm();
    form.packageDetails.weightUnit = 'oz';
    expect(priceRequestFor(form, pick)?.packageDetails.weightUnit).toBe('oz');
  });
});

describe('the order form against the contract (CreateOrderRequest narrowed to the form)', () => {
  it('accepts a complete form and trims what it sends', () => {
    const form = completeForm();
    form.recipient.name = '  Bob Recipient  ';
    expect(validate(form)).toEqual({});
    const body = OrderFormSchema.parse(orderInputOf(form));
    expect(body.recipient.name).toBe('Bob Recipient');
    expect(body.packageDetails.value).toBe(0);
    expect(body.packageDetails.weight).toBe(2);
  });

  it('names every missing address field with the SPEC §5 texts', () => {
    const form = completeForm();
    form.recipient = { ...form.recipient, name: '', street1: '', city: '', state: '', zip: '', phone: '' };
    const errors = validate(form);
    expect(errors).toMatchObject({
      'recipient.name': 'Name is required',
      'recipient.street1': 'Street address is required',
      'recipient.city': 'City is required',
      'recipient.state': 'State is required',
      'recipient.zip': 'ZIP code is required',
      'recipient.phone': 'Phone number is required',
    });
    expect(errors['sender.name']).toBeUndefined();
    expect(errors['recipient.company']).toBeUndefined();
  });

  it('requires the package numbers and refuses ones under 0.1', () => {
    const form = completeForm();
    form.packageDetails = { ...form.packageDetails, weight: '', length: 0.05, width: '', height: 3 };
    const errors = validate(form);
    expect(errors['packageDetails.weight']).toBe(ORDER_MESSAGES.weightRequired);
    expect(errors['packageDetails.length']).toBe(ORDER_MESSAGES.minPackageNumber);
    expect(errors['packageDetails.width']).toBe(ORDER_MESSAGES.dimensionRequired);
    expect(errors['packageDetails.height']).toBeUndefined();
  });

  it('asks for the API, carrier and service of the choice', () => {
    expect(choiceErrors({ apiId: null, apiName: null, carrier: null, service: null, template: 'BASIC' })).toEqual({
      apiId: ORDER_MESSAGES.apiRequired,
      carrier: ORDER_MESSAGES.carrierRequired,
      serviceType: ORDER_MESSAGES.serviceRequired,
    });
    expect(choiceErrors(pick)).toEqual({});
  });

  it('sends the reference trimmed, leaves a blank one out, and refuses one over 35 characters', () => {
    const form = completeForm();
    expect(OrderFormSchema.parse(orderInputOf(form))).not.toHaveProperty('reference');
    form.reference = '   ';
    expect(orderInputOf(form)).not.toHaveProperty('reference');
    form.reference = '  PO-1042 shelf B ';
    expect(OrderFormSchema.parse(orderInputOf(form)).reference).toBe('PO-1042 shelf B');
    form.reference = 'R'.repeat(36);
    expect(validate(form)).toEqual({ reference: 'Reference must be at most 35 characters' });
  });

  it('treats an emptied declared value as 0', () => {
    const form = completeForm();
    form.packageDetails.value = '';
    expect(orderInputOf(form).packageDetails.value).toBe(0);
    expect(validate(form)).toEqual({});
  });
});

describe('weightLimitError (SPEC §5)', () => {
  const oz15 = findService(catalogue, 'USPS', 'USPS Ground Advantage 15 oz');
  const ground = findService(catalogue, 'UPS', 'UPS Ground');

  it('says the limit in the service unit with the service name', () => {
    const form = completeForm();
    form.packageDetails = { ...form.packageDetails, weight: 16, weightUnit: 'oz' };
    expect(weightLimitError(form, oz15)).toBe('Weight exceeds maximum allowed (15 oz) for USPS Ground Advantage 15 oz');
  });

  it('compares across units: 1 lb is over 15 oz, 0.9 lbs is not', () => {
    const form = completeForm();
    form.packageDetails = { ...form.packageDetails, weight: 1, weightUnit: 'lbs' };
    expect(weightLimitError(form, oz15)).toBe('Weight exceeds maximum allowed (15 oz) for USPS Ground Advantage 15 oz');
    form.packageDetails.weight = 0.9;
    expect(weightLimitError(form, oz15)).toBeNull();
  });

  it('allows exactly the maximum and says nothing without a service or weight', () => {
    const form = completeForm();
    form.packageDetails.weight = 70;
    expect(weightLimitError(form, ground)).toBeNull();
    form.packageDetails.weight = 70.1;
    expect(weightLimitError(form, ground)).toBe('Weight exceeds maximum allowed (70 lbs) for UPS Ground');
    expect(weightLimitError(form, null)).toBeNull();
    form.packageDetails.weight = '';
    expect(weightLimitError(form, ground)).toBeNull();
  });
});

describe('addresses and inputs', () => {
  const address = (over: Partial<Address>) => savedAddress({ company: 'Acme', street2: 'Apt 2', ...over });

  it('starts the From block with the default sender address only', () => {
    const def = address({ _id: 'adr_2', isDefault: true });
    expect(defaultSender([address({}), def, address({ _id: 'adr_3', type: 'recipient', isDefault: true })])).toBe(def);
    expect(defaultSender([address({}), address({ _id: 'adr_3', type: 'recipient', isDefault: true })])).toBeNull();
  });

  it('copies a saved address into a block', () => {
    expect(partyFromAddress(address({}))).toEqual({
      name: 'Home',
      company: 'Acme',
      street1: '1 Main St',
      street2: 'Apt 2',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
      phone: '555-0100',
    });
  });

  it('reads number inputs, empty or half-typed', () => {
    expect(numberOf(2.5)).toBe(2.5);
    expect(numberOf('')).toBeUndefined();
    expect(numberOf('1.')).toBe(1);
    expect(numberOf('abc')).toBeUndefined();
    expect(numberOf(Number.NaN)).toBeUndefined();
  });

  it('starts the From block with the default sender when there is one, and remembers it was picked', () => {
    const def = address({ _id: 'adr_2', isDefault: true });
    const form = emptyOrderForm(def);
    expect(form.sender).toEqual(partyFromAddress(def));
    expect(form.picked).toEqual({ sender: 'adr_2', recipient: null });
  });

  it('starts empty with lbs, value 0 and US addresses', () => {
    const form = emptyOrderForm();
    expect(form.packageDetails.weightUnit).toBe('lbs');
    expect(form.packageDetails.value).toBe(0);
    expect(form.sender.country).toBe('US');
    expect(form.recipient.country).toBe('US');
  });
});
