import type { Address, AllServicesResponse, CustomerService } from '@labeldesk/contracts';
import { ORDER_MESSAGES } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  carrierOptions,
  defaultSender,
  emptyOrderForm,
  findService,
  type OrderFormValues,
  orderRequestFor,
  partyFromAddress,
  priceRequestFor,
  reconcileSelection,
  serviceOptions,
  toFormNumber,
  validateOrderForm,
  weightLimitError,
} from './order-form';

const service = (over: Partial<CustomerService> & { name: string }): CustomerService => ({
  id: `svc_${over.name}`,
  code: over.name.toLowerCase().replaceAll(' ', '_'),
  carrier: 'UPS',
  price: 7.25,
  reliabilityStatus: 'reliable',
  active: true,
  maxWeight: 70,
  weightUnit: 'lbs',
  hasDynamicPricing: false,
  ...over,
});

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
    apiId: 'api_1',
    carrier: 'UPS',
    serviceType: 'UPS Ground',
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
    ...over,
  };
}

describe('priceRequestFor (SPEC §5 price rule)', () => {
  it('asks for a price once names, zips, service, carrier and the four numbers are there', () => {
    expect(priceRequestFor(completeForm())).toEqual({
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
    expect(priceRequestFor(form)).not.toBeNull();
  });

  it.each([
    ['sender name', (f: OrderFormValues) => (f.sender.name = '  ')],
    ['recipient name', (f: OrderFormValues) => (f.recipient.name = '')],
    ['sender zip', (f: OrderFormValues) => (f.sender.zip = '')],
    ['recipient zip', (f: OrderFormValues) => (f.recipient.zip = ' ')],
    ['service', (f: OrderFormValues) => (f.serviceType = null)],
    ['carrier', (f: OrderFormValues) => (f.carrier = null)],
    ['weight', (f: OrderFormValues) => (f.packageDetails.weight = '')],
    ['length', (f: OrderFormValues) => (f.packageDetails.length = '')],
    ['width', (f: OrderFormValues) => (f.packageDetails.width = 0)],
    ['height', (f: OrderFormValues) => (f.packageDetails.height = '')],
  ])('waits while the %s is missing', (_what, clear) => {
    const form = completeForm();
    clear(form);
    expect(priceRequestFor(form)).toBeNull();
  });

  it('sends the weight unit the customer chose', () => {
    const form = completeForm();
    form.packageDetails.weightUnit = 'oz';
    expect(priceRequestFor(form)?.packageDetails.weightUnit).toBe('oz');
  });
});

describe('validateOrderForm (contract texts)', () => {
  it('accepts a complete form and trims what it sends', () => {
    const form = completeForm();
    form.recipient.name = '  Bob Recipient  ';
    const result = validateOrderForm(form);
    expect(result.ok).toBe(true);
    if (result.ok) {
      expect(result.value.recipient.name).toBe('Bob Recipient');
      expect(result.value.packageDetails.value).toBe(0);
      expect(result.value.packageDetails.weight).toBe(2);
    }
  });

  it('names every missing address field with the SPEC §5 texts', () => {
    const form = completeForm();
    form.recipient = { ...form.recipient, name: '', street1: '', city: '', state: '', zip: '', phone: '' };
    const result = validateOrderForm(form);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors).toMatchObject({
        'recipient.name': 'Name is required',
        'recipient.street1': 'Street address is required',
        'recipient.city': 'City is required',
        'recipient.state': 'State is required',
        'recipient.zip': 'ZIP code is required',
        'recipient.phone': 'Phone number is required',
      });
      expect(result.errors['sender.name']).toBeUndefined();
      expect(result.errors['recipient.company']).toBeUndefined();
    }
  });

  it('requires the package numbers and refuses ones under 0.1', () => {
    const form = completeForm();
    form.packageDetails = { ...form.packageDetails, weight: '', length: 0.05, width: '', height: 3 };
    const result = validateOrderForm(form);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors['packageDetails.weight']).toBe(ORDER_MESSAGES.weightRequired);
      expect(result.errors['packageDetails.length']).toBe(ORDER_MESSAGES.minPackageNumber);
      expect(result.errors['packageDetails.width']).toBe(ORDER_MESSAGES.dimensionRequired);
      expect(result.errors['packageDetails.height']).toBeUndefined();
    }
  });

  it('asks for the API, carrier and service', () => {
    const result = validateOrderForm(completeForm({ apiId: null, carrier: null, serviceType: null }));
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.apiId).toBe(ORDER_MESSAGES.apiRequired);
      expect(result.errors.carrier).toBe(ORDER_MESSAGES.carrierRequired);
      expect(result.errors.serviceType).toBe(ORDER_MESSAGES.serviceRequired);
    }
  });

  it('treats an emptied declared value as 0', () => {
    const form = completeForm();
    form.packageDetails.value = '';
    expect(orderRequestFor(form).packageDetails.value).toBe(0);
    expect(validateOrderForm(form).ok).toBe(true);
  });

  it('carries the price shown only when one is given', () => {
    expect(orderRequestFor(completeForm(), 7.25).price).toBe(7.25);
    expect('price' in orderRequestFor(completeForm())).toBe(false);
  });
});

describe('services', () => {
  it('offers only carriers with services, in UPS, USPS, FedEx order', () => {
    expect(carrierOptions(catalogue).map((o) => o.value)).toEqual(['UPS', 'USPS']);
    expect(carrierOptions(null)).toEqual([]);
  });

  it('lists inactive services disabled with the SPEC text', () => {
    expect(serviceOptions(catalogue, 'UPS')).toEqual([
      { value: 'UPS 2nd Day Air', label: 'UPS 2nd Day Air — Service currently unavailable', disabled: true },
      { value: 'UPS Ground', label: 'UPS Ground', disabled: false },
    ]);
    expect(serviceOptions(catalogue, null)).toEqual([]);
  });

  it('keeps a selection the new API still offers, else falls back to its first carrier', () => {
    expect(reconcileSelection(catalogue, 'USPS', 'USPS Priority Mail')).toEqual({
      carrier: 'USPS',
      serviceType: 'USPS Priority Mail',
    });
    expect(reconcileSelection(catalogue, 'FEDEX', 'FedEx Ground')).toEqual({ carrier: 'UPS', serviceType: null });
    expect(reconcileSelection(catalogue, 'UPS', 'UPS 2nd Day Air')).toEqual({ carrier: 'UPS', serviceType: null });
  });
});

describe('weightLimitError (SPEC §5)', () => {
  const oz15 = findService(catalogue, 'USPS', 'USPS Ground Advantage 15 oz');
  const ground = findService(catalogue, 'UPS', 'UPS Ground');

  it('says the limit in the service unit with the service name', () => {
    const form = completeForm({ carrier: 'USPS', serviceType: 'USPS Ground Advantage 15 oz' });
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
  const address = (over: Partial<Address>): Address => ({
    _id: 'adr_1',
    name: 'Home',
    company: 'Acme',
    street1: '1 Main St',
    street2: 'Apt 2',
    city: 'Austin',
    state: 'TX',
    zip: '78701',
    country: 'US',
    phone: '555-0100',
    type: 'sender',
    isDefault: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...over,
  });

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
    expect(toFormNumber(2.5)).toBe(2.5);
    expect(toFormNumber('')).toBe('');
    expect(toFormNumber('1.')).toBe(1);
    expect(toFormNumber('abc')).toBe('');
    expect(toFormNumber(Number.NaN)).toBe('');
  });

  it('starts empty with lbs, value 0 and US addresses', () => {
    const form = emptyOrderForm();
    expect(form.packageDetails.weightUnit).toBe('lbs');
    expect(form.packageDetails.value).toBe(0);
    expect(form.sender.country).toBe('US');
    expect(form.recipient.country).toBe('US');
  });
});
