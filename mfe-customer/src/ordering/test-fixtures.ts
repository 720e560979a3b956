import type { Address, CustomerService } from '@labeldesk/contracts';

/** A customer-facing service named `name` (an active, reliable UPS service up to 70 lbs at $7.25), with `over` applied. */
export const service = (over: Partial<CustomerService> & { name: string }): CustomerService => ({
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

/** A saved address (a non-default sender in Austin, TX), with `over` applied. */
export const savedAddress = (over: Partial<Address>): Address => ({
  _id: 'adr_1',
  name: 'Home',
  company: '',
  street1: '1 Main St',
  street2: '',
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
