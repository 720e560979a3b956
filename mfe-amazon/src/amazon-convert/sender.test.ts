import type { Address } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { defaultSenderId, senderOptionLabel, senderSummaryLines } from './sender';

function address(overrides: Partial<Address>): Address {
  return {
    _id: 'adr_1',
    name: 'Jane Seller',
    company: 'Acme Goods LLC',
    street1: '500 Market St',
    street2: 'Suite 12',
    city: 'San Francisco',
    state: 'CA',
    zip: '94105',
    country: 'US',
    phone: '415-555-0100',
    type: 'sender',
    isDefault: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    updatedAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

describe('defaultSenderId', () => {
  it('picks the default saved sender even when it is not first', () => {
    const list = [address({ _id: 'adr_a' }), address({ _id: 'adr_b', isDefault: true }), address({ _id: 'adr_c' })];
    expect(defaultSenderId(list)).toBe('adr_b');
  });

  it('falls back to the first address when none is marked default', () => {
    expect(defaultSenderId([address({ _id: 'adr_first' }), address({ _id: 'adr_second' })])).toBe('adr_first');
  });

  it('is null without addresses', () => {
    expect(defaultSenderId([])).toBeNull();
  });
});

describe('senderSummaryLines', () => {
  it('lists name, company, street1, street2 and "city, state zip"', () => {
    expect(senderSummaryLines(address({}))).toEqual([
      'Jane Seller',
      'Acme Goods LLC',
      '500 Market St',
      'Suite 12',
      'San Francisco, CA 94105',
    ]);
  });

  it('leaves out a blank company and street2 instead of showing empty lines', () => {
    expect(senderSummaryLines(address({ company: '', street2: '  ' }))).toEqual([
      'Jane Seller',
      '500 Market St',
      'San Francisco, CA 94105',
    ]);
  });
});

describe('senderOptionLabel', () => {
  it('names the person, the company and where the address is, and marks the default', () => {
    expect(senderOptionLabel(address({ isDefault: true }))).toBe(
      'Jane Seller (Acme Goods LLC) — 500 Market St, San Francisco, CA (default)',
    );
    expect(senderOptionLabel(address({ company: '' }))).toBe('Jane Seller — 500 Market St, San Francisco, CA');
  });
});
