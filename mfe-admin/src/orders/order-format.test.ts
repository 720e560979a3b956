import type { Order, OrderParty, TrackingEvent } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  dateParts,
  deliveryBadge,
  dimensionsText,
  eventsNewestFirst,
  orderUser,
  partyLines,
  purchaseBadge,
  shownTrackingNumber,
  weightText,
} from './order-format';

const party = (over: Partial<OrderParty> = {}): OrderParty => ({
  name: 'Ada Lovelace',
  company: '',
  street1: '12 Analytical Way',
  street2: '',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  country: 'US',
  phone: '555-0100',
  email: '',
  ...over,
});

describe('deliveryBadge', () => {
  it('labels the admin statuses of SPEC §4 and shows anything else as Unknown', () => {
    expect(deliveryBadge('delivered')).toEqual({ label: 'Delivered', color: 'green' });
    expect(deliveryBadge('in_transit')).toEqual({ label: 'In Transit', color: 'blue' });
    expect(deliveryBadge('processing')).toEqual({ label: 'Processing', color: 'yellow' });
    expect(deliveryBadge('pending')).toEqual({ label: 'Processing', color: 'yellow' });
    expect(deliveryBadge('cancelled')).toEqual({ label: 'Cancelled', color: 'red' });
    expect(deliveryBadge('exception')).toEqual({ label: 'Unknown', color: 'gray' });
  });
});

describe('purchaseBadge', () => {
  it('flags purchases that are not done, and nothing for a bought label', () => {
    expect(purchaseBadge('completed')).toBeNull();
    expect(purchaseBadge('failed')).toEqual({ label: 'Purchase failed', color: 'red' });
    expect(purchaseBadge('pending_reconciliation')).toEqual({ label: 'Awaiting carrier', color: 'yellow' });
    expect(purchaseBadge('processing')?.label).toBe('Buying label');
  });
});

describe('shownTrackingNumber', () => {
  it('hides the PENDING placeholder and blanks', () => {
    expect(shownTrackingNumber('1Z999AA10123456784')).toBe('1Z999AA10123456784');
    expect(shownTrackingNumber('PENDING')).toBeNull();
    expect(shownTrackingNumber('  ')).toBeNull();
    expect(shownTrackingNumber(null)).toBeNull();
  });
});

describe('orderUser', () => {
  const details = { _id: 'usr_1', name: 'Ada', email: 'ada@example.com', createdAt: '', isAdmin: false };
  it('is the name and email, the email standing in for a blank name', () => {
    expect(orderUser({ userDetails: details })).toEqual({ name: 'Ada', email: 'ada@example.com' });
    expect(orderUser({ userDetails: { ...details, name: ' ' } })).toEqual({
      name: 'ada@example.com',
      email: 'ada@example.com',
    });
  });

  it('says so when the API sent no user', () => {
    const order: Pick<Order, 'userDetails'> = {};
    expect(orderUser(order)).toEqual({ name: 'Unknown user', email: '' });
  });
});

describe('partyLines', () => {
  it('writes the address as lines, leaving out empty ones', () => {
    expect(partyLines(party()).map((l) => l.text)).toEqual([
      'Ada Lovelace',
      '12 Analytical Way',
      'Austin, TX 78701',
      'US',
      '555-0100',
    ]);
    expect(
      partyLines(party({ company: 'Engines Ltd', street2: 'Suite 4', email: 'ada@example.com', state: '' })).map(
        (l) => l.text,
      ),
    ).toEqual([
      'Ada Lovelace',
      'Engines Ltd',
      '12 Analytical Way',
      'Suite 4',
      'Austin 78701',
      'US',
      '555-0100',
      'ada@example.com',
    ]);
  });

  it('keys each line by the part of the address it shows', () => {
    expect(partyLines(party({ street2: 'Suite 4' })).map((l) => l.key)).toEqual([
      'name',
      'street1',
      'street2',
      'city',
      'country',
      'phone',
    ]);
  });
});

describe('package texts', () => {
  it('writes weight with its unit and dimensions in inches', () => {
    expect(weightText({ weight: 2.5, weightUnit: 'lbs' })).toBe('2.5 lbs');
    expect(weightText({ weight: 12, weightUnit: 'oz' })).toBe('12 oz');
    expect(weightText({ weight: 1, weightUnit: 'lbs' })).toBe('1 lb');
    expect(dimensionsText({ dimensions: { length: 10, width: 8.25, height: 4 } })).toBe('10 × 8.25 × 4 in');
  });
});

describe('eventsNewestFirst', () => {
  it('orders the timeline from the latest scan down without touching the input', () => {
    const events: TrackingEvent[] = [
      { status: 'pending', description: 'Label created', location: null, date: '2026-03-01T10:00:00.000Z' },
      { status: 'delivered', description: 'Delivered', location: 'Austin, TX', date: '2026-03-03T15:00:00.000Z' },
      { status: 'in_transit', description: 'Departed', location: 'Dallas, TX', date: '2026-03-02T08:00:00.000Z' },
    ];
    expect(eventsNewestFirst(events).map((e) => e.description)).toEqual(['Delivered', 'Departed', 'Label created']);
    expect(events[0]?.description).toBe('Label created');
  });
});

describe('dateParts', () => {
  it('splits a timestamp into the local day and time, and keeps an unreadable value as it is', () => {
    const local = new Date(2026, 10, 22, 19, 5);
    expect(dateParts(local.toISOString())).toEqual({ day: 'Nov 22, 2026', time: '7:05 PM' });
    expect(dateParts('not a date')).toEqual({ day: 'not a date', time: '' });
  });
});
