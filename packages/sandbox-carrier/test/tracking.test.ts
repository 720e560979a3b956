import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSandbox } from '../src/index';
import {
  client,
  DAY,
  type ErrorBody,
  HOUR,
  type LabelBody,
  labelRequest,
  movableClock,
  sandboxes,
  type TrackingBody,
} from './helpers';

const running = sandboxes();
const clock = movableClock('2026-03-02T10:00:00Z');
let s: CarrierSandbox;
let alpha: ReturnType<typeof client>;
let beta: ReturnType<typeof client>;

beforeAll(async () => {
  s = await running.start({ clock, exceptionRate: 0 });
  alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
  beta = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');
});
afterAll(() => running.closeAll());

const ORDER = ['pre_transit', 'in_transit', 'out_for_delivery', 'delivered'];

describe('GET /v1/tracking/{trackingNumber}', () => {
  it('progresses with the clock from label created to delivered', async () => {
    clock.set('2026-03-02T10:00:00Z');
    const label = (await alpha.post<LabelBody>('/v1/labels', labelRequest('ups_ground'))).body;

    const first = await alpha.get<TrackingBody>(`/v1/tracking/${label.trackingNumber}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      trackingNumber: label.trackingNumber,
      carrier: 'UPS',
      status: 'pre_transit',
      deliveredAt: null,
    });
    expect(first.body.events).toEqual([
      {
        status: 'pre_transit',
        description: 'Shipper created a label, UPS has not received the package yet.',
        location: 'NEW YORK, NY, US',
        occurredAt: '2026-03-02T10:00:00.000Z',
      },
    ]);

    const seen: string[] = [];
    let previousCount = 1;
    for (let i = 0; i < 12 * 24; i++) {
      clock.advance(HOUR);
      const t = (await alpha.get<TrackingBody>(`/v1/tracking/${label.trackingNumber}`)).body;
      expect(t.events.length).toBeGreaterThanOrEqual(previousCount);
      previousCount = t.events.length;
      for (const e of t.events) expect(Date.parse(e.occurredAt)).toBeLessThanOrEqual(clock.now().getTime());
      if (seen.at(-1) !== t.status) seen.push(t.status);
      if (t.status === 'delivered') break;
    }
    expect(seen).toEqual(['pre_transit', 'in_transit', 'out_for_delivery', 'delivered']);

    const done = (await alpha.get<TrackingBody>(`/v1/tracking/${label.trackingNumber}`)).body;
    const hubScans = done.events.filter((e) => e.status === 'in_transit');
    expect(hubScans.length).toBeGreaterThanOrEqual(4); // first scan, a hub in and out, destination scan
    expect(done.events.at(-1)).toMatchObject({ status: 'delivered', location: 'SAN FRANCISCO, CA, US' });
    expect(done.deliveredAt).toBe(done.events.at(-1)?.occurredAt);
    expect(done.estimatedDelivery).toBe(done.deliveredAt?.slice(0, 10));
  });

  it('tells the same story to every caller and accepts a spaced tracking number', async () => {
    clock.set('2026-03-02T10:00:00Z');
    const label = (await alpha.post<LabelBody>('/v1/labels', labelRequest('fedex_2day'))).body;
    clock.advance(2 * DAY);
    const a = (await alpha.get<TrackingBody>(`/v1/tracking/${label.trackingNumber}`)).body;
    const spaced = label.trackingNumber.replace(/(.{4})/g, '$1 ').trim();
    const b = (await alpha.get<TrackingBody>(`/v1/tracking/${encodeURIComponent(spaced)}`)).body;
    expect(b.events).toEqual(a.events);
    expect(b.status).toBe(a.status);
  });

  it('shows an exception for some shipments when they are configured to happen', async () => {
    const chaotic = await running.start({ clock, exceptionRate: 1 });
    const c = client(chaotic.catalogues.alpha?.baseUrl ?? '', chaotic.catalogues.alpha?.apiKey ?? '');
    clock.set('2026-03-02T10:00:00Z');
    const label = (await c.post<LabelBody>('/v1/labels', labelRequest('usps_priority_mail'))).body;
    clock.advance(14 * DAY);
    const t = (await c.get<TrackingBody>(`/v1/tracking/${label.trackingNumber}`)).body;
    const statuses = t.events.map((e) => e.status);
    expect(statuses.filter((x) => x === 'exception')).toHaveLength(1);
    expect(t.status).toBe('delivered');
    // The exception sits between the first scan and delivery.
    expect(statuses.indexOf('exception')).toBeGreaterThan(1);
    expect(ORDER.includes(statuses[statuses.indexOf('exception') + 1] ?? '')).toBe(true);
  });

  it('knows only its own catalogue’s shipments', async () => {
    clock.set('2026-03-02T10:00:00Z');
    const label = (await alpha.post<LabelBody>('/v1/labels', labelRequest('ups_ground'))).body;
    const r = await beta.get<ErrorBody>(`/v1/tracking/${label.trackingNumber}`);
    expect(r.status).toBe(404);
    expect(r.body.error.code).toBe('not_found');
    expect((await alpha.get<ErrorBody>('/v1/tracking/1Z999AA10123456784')).status).toBe(404);
  });
});
