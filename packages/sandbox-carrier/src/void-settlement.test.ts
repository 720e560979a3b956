import { describe, expect, it } from 'vitest';
import { Catalogue } from './catalogue';
import { alphaCatalogue } from './default-catalogues';
import { CarrierError } from './errors';
import { memoryStore } from './store';
import { fullTimeline } from './tracking';
import { type Address, VOID_SETTLE_MS } from './types';

const address = (name: string, city: string, state: string, zip: string): Address => ({
  name,
  company: null,
  street1: '1 Main St',
  street2: null,
  city,
  state,
  zip,
  country: 'US',
  phone: null,
  email: null,
});

/** A catalogue on a clock the test sets, its voids in the `pending` settlement, and a label bought at `start`. */
function pendingCatalogue(start: Date) {
  let now = start;
  const timeline = { exceptionRate: 0 };
  const catalogue = new Catalogue(alphaCatalogue(), memoryStore, { now: () => now }, timeline);
  catalogue.voidSettlement = 'pending';
  const { label } = catalogue.createLabel({
    serviceCode: 'ups_ground',
    template: null,
    from: address('Ada', 'New York', 'NY', '10001'),
    to: address('Bob', 'San Francisco', 'CA', '94105'),
    package: { weight: 2, weightUnit: 'lbs', length: 10, width: 8, height: 4, description: null, valueCents: null },
    reference: 'ord_1',
  });
  const pickup = fullTimeline(label, timeline)[1]?.occurredAt.getTime() ?? Number.NaN;
  return { catalogue, label, pickup, setNow: (ms: number) => (now = new Date(ms)) };
}

describe('voids in the pending settlement (as EasyPost and Shippo settle refunds)', () => {
  it('answers void_pending until an hour has passed, then voided; voiding again changes nothing', () => {
    const start = new Date('2026-04-01T00:30:00.000Z');
    const { catalogue, label, setNow } = pendingCatalogue(start);
    expect(catalogue.voidLabel(label.labelId).status).toBe('void_pending');
    setNow(start.getTime() + VOID_SETTLE_MS - 1000);
    expect(catalogue.voidLabel(label.labelId).status).toBe('void_pending');
    setNow(start.getTime() + VOID_SETTLE_MS);
    const settled = catalogue.voidLabel(label.labelId);
    expect(settled).toMatchObject({ status: 'voided', voidedAt: start.toISOString() });
    expect(catalogue.voidLabel(label.labelId).status).toBe('voided');
  });

  it('rejects the void when the carrier scans the parcel before the refund settles: the label stands again', () => {
    const start = new Date('2026-04-01T00:30:00.000Z');
    const { catalogue, label, pickup, setNow } = pendingCatalogue(start);
    expect(pickup).toBeGreaterThan(start.getTime());
    setNow(pickup - 30 * 60_000); // asked half an hour before the first scan: accepted, pending
    expect(catalogue.voidLabel(label.labelId).status).toBe('void_pending');
    setNow(pickup - 30 * 60_000 + VOID_SETTLE_MS);
    expect(() => catalogue.voidLabel(label.labelId)).toThrow(CarrierError);
    expect(catalogue.label(label.labelId)).toMatchObject({ status: 'created', voidedAt: null });
    // Asked again now, the carrier has the parcel: a plain conflict.
    expect(() => catalogue.voidLabel(label.labelId)).toThrow(/already scanned/);
  });
});
