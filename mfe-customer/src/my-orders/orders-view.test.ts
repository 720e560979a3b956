import type { TrackingEvent } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  deliveryStatusColor,
  eventsNewestFirst,
  ordersQuery,
  packageSummary,
  partyLines,
  purchaseNote,
  trackingText,
} from './orders-view';

const noFilters = { search: '', from: null, to: null };

describe('ordersQuery', () => {
  it('sends only what narrows the list: no status on the All tab', () => {
    expect(ordersQuery('all', 1, 10, noFilters)).toEqual({ ok: true, query: { page: 1, limit: 10 } });
  });

  it('sends the tab, trimmed search, dates, page and page size', () => {
    expect(ordersQuery('in_transit', 3, 25, { search: '  1Z99 ', from: '2025-06-01', to: '2025-06-14' })).toEqual({
      ok: true,
      query: { page: 3, limit: 25, status: 'in_transit', search: '1Z99', from: '2025-06-01', to: '2025-06-14' },
    });
  });
});

describe('status display', () => {
  it('colours delivered green, in transit blue and everything unknown like pending', () => {
    expect(deliveryStatusColor('delivered')).toBe('green');
    expect(deliveryStatusColor('in_transit')).toBe('blue');
    expect(deliveryStatusColor('pending')).toBe(deliveryStatusColor('something-new'));
  });

  it('notes purchases the carrier has not confirmed and failed ones', () => {
    expect(purchaseNote({ status: 'completed' })).toBeNull();
    expect(purchaseNote({ status: 'pending_reconciliation' })?.label).toBe('Awaiting carrier');
    expect(purchaseNote({ status: 'processing' })?.label).toBe('Awaiting carrier');
    expect(purchaseNote({ status: 'failed' })?.label).toBe('Failed · refunded');
  });

  it('shows the placeholder tracking number as Pending', () => {
    expect(trackingText('PENDING')).toBe('Pending');
    expect(trackingText(null)).toBe('Pending');
    expect(trackingText('1Z999AA10123456784')).toBe('1Z999AA10123456784');
  });
});

describe('eventsNewestFirst', () => {
  const event = (date: string, description: string): TrackingEvent => ({
    status: 'in_transit',
    description,
    location: null,
    date,
  });

  it('puts the latest event on top whatever order the server sent', () => {
    const sorted = eventsNewestFirst([
      event('2025-06-10T08:00:00Z', 'label created'),
      event('2025-06-12T09:30:00Z', 'out for delivery'),
      event('2025-06-11T12:00:00Z', 'departed facility'),
    ]);
    expect(sorted.map((e) => e.description)).toEqual(['out for delivery', 'departed facility', 'label created']);
  });

  it('keeps later-listed events first on equal times and unreadable dates last', () => {
    const sorted = eventsNewestFirst([
      event('not a date', 'odd'),
      event('2025-06-10T08:00:00Z', 'first'),
      event('2025-06-10T08:00:00Z', 'second'),
    ]);
    expect(sorted.map((e) => e.description)).toEqual(['second', 'first', 'odd']);
  });
});

describe('partyLines / packageSummary', () => {
  it('prints an address without empty lines', () => {
    expect(
      partyLines({
        name: 'Bob',
        company: 'Acme',
        street1: '1 Main St',
        street2: '',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        country: 'US',
        phone: '555-0100',
        email: '',
      }),
    ).toEqual(['Bob (Acme)', '1 Main St', 'Austin, TX 78701', 'US', '555-0100']);
  });

  it('summarises weight and dimensions', () => {
    expect(
      packageSummary({
        weight: 2.5,
        weightUnit: 'lbs',
        dimensions: { length: 10, width: 8, height: 4 },
        description: '',
        value: 0,
        template: null,
      }),
    ).toBe('2.5 lbs · 10 × 8 × 4 in');
    const one = { weight: 1, weightUnit: 'lbs' as const, dimensions: { length: 10, width: 8, height: 4 } };
    expect(packageSummary({ ...one, description: '', value: 0, template: null })).toBe('1 lb · 10 × 8 × 4 in');
  });
});
