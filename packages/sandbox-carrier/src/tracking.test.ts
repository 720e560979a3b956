import { describe, expect, it } from 'vitest';
import { fullTimeline, trackingAt } from './tracking';
import { newTrackingNumber } from './tracking-numbers';
import type { Carrier, LabelRecord } from './types';

const HOUR = 3_600_000;

function label(carrier: Carrier, overrides: Partial<LabelRecord> = {}): LabelRecord {
  const address = {
    company: null,
    street2: null,
    country: 'US',
    phone: null,
    email: null,
  };
  return {
    labelId: 'lbl_test',
    status: 'created',
    trackingNumber: newTrackingNumber(carrier, { catalogueId: 'alpha' }),
    carrier,
    serviceCode: 'svc',
    serviceName: 'Service',
    template: null,
    priceCents: 1000,
    billedWeight: 1,
    billedWeightUnit: 'lbs',
    from: { ...address, name: 'A', street1: '1 Main St', city: 'New York', state: 'NY', zip: '10001' },
    to: { ...address, name: 'B', street1: '2 Market St', city: 'San Francisco', state: 'CA', zip: '94105' },
    package: { weight: 1, weightUnit: 'lbs', length: 1, width: 1, height: 1, description: null, valueCents: null },
    reference: null,
    transitDays: 4,
    estimatedDelivery: '2026-03-06',
    createdAt: '2026-03-02T15:00:00.000Z',
    voidedAt: null,
    ...overrides,
  };
}

const ORDER = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered'];

describe('a shipment’s timeline', () => {
  it('runs label created → first scan → hubs → out for delivery → delivered, in time order', () => {
    for (const carrier of ['UPS', 'USPS', 'FEDEX'] as const) {
      const events = fullTimeline(label(carrier), { exceptionRate: 0 });
      expect(events[0]?.status).toBe('pre_transit');
      expect(events[1]?.status).toBe('in_transit');
      expect(events.at(-2)?.status).toBe('out_for_delivery');
      expect(events.at(-1)?.status).toBe('delivered');
      expect(events.filter((e) => e.status === 'in_transit').length).toBeGreaterThanOrEqual(4);
      for (let i = 1; i < events.length; i++) {
        expect(events[i]?.occurredAt.getTime()).toBeGreaterThan(events[i - 1]?.occurredAt.getTime() ?? 0);
      }
      expect(events.at(-1)?.location).toBe('SAN FRANCISCO, CA, US');
      expect(events[0]?.location).toBe('NEW YORK, NY, US');
    }
  });

  it('is the same on every lookup and differs between tracking numbers', () => {
    const a = label('UPS');
    const b = label('UPS');
    expect(fullTimeline(a, { exceptionRate: 0.1 })).toEqual(fullTimeline({ ...a }, { exceptionRate: 0.1 }));
    const times = (l: LabelRecord) => fullTimeline(l, { exceptionRate: 0 }).map((e) => e.occurredAt.getTime());
    expect(times(a)).not.toEqual(times(b));
  });

  it('meets one exception for about exceptionRate of the shipments, and still delivers', () => {
    let withException = 0;
    const n = 600;
    // Fixed tracking numbers (the dice are drawn from it): the share is the same on every run, not one that a random
    // draw of 600 could push out of the bounds now and then.
    for (let i = 0; i < n; i++) {
      const events = fullTimeline(label('USPS', { trackingNumber: `9400 TEST ${i}` }), { exceptionRate: 0.1 });
      const exceptions = events.filter((e) => e.status === 'exception');
      expect(exceptions.length).toBeLessThanOrEqual(1);
      if (exceptions.length === 1) withException++;
      expect(events.at(-1)?.status).toBe('delivered');
    }
    expect(withException / n).toBeGreaterThan(0.05);
    expect(withException / n).toBeLessThan(0.16);

    for (let i = 0; i < 50; i++) {
      const events = fullTimeline(label('FEDEX', { trackingNumber: `FEDEX TEST ${i}` }), { exceptionRate: 1 });
      expect(events.filter((e) => e.status === 'exception')).toHaveLength(1);
      for (let j = 1; j < events.length; j++) {
        expect(events[j]?.occurredAt.getTime()).toBeGreaterThan(events[j - 1]?.occurredAt.getTime() ?? 0);
      }
    }
  });

  it('shows only what has happened by now, moving forward through the statuses', () => {
    const l = label('UPS', { transitDays: 3 });
    const start = Date.parse(l.createdAt);
    let rank = 0;
    const seen = new Set<string>();
    for (let t = start; t < start + 10 * 24 * HOUR; t += HOUR) {
      const snap = trackingAt(l, new Date(t), { exceptionRate: 0 });
      expect(snap.events.every((e) => e.occurredAt.getTime() <= t)).toBe(true);
      const r = ORDER.indexOf(snap.status);
      expect(r).toBeGreaterThanOrEqual(rank);
      rank = r;
      seen.add(snap.status);
    }
    expect([...seen]).toEqual(ORDER);
    const end = trackingAt(l, new Date(start + 10 * 24 * HOUR), { exceptionRate: 0 });
    expect(end.deliveredAt?.toISOString().slice(0, 10)).toBe(end.estimatedDelivery);
  });

  it('ends with cancelled for a voided label', () => {
    const l = label('USPS', { status: 'voided', voidedAt: '2026-03-02T15:30:00.000Z' });
    const snap = trackingAt(l, new Date('2026-03-20T00:00:00Z'), { exceptionRate: 0 });
    expect(snap.status).toBe('cancelled');
    expect(snap.events.map((e) => e.status)).toEqual(['pre_transit', 'cancelled']);
    expect(snap.estimatedDelivery).toBeNull();
  });
});
