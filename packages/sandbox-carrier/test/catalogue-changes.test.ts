import { afterEach, describe, expect, it } from 'vitest';
import { tiers } from '../src/index';
import {
  client,
  DAY,
  type ErrorBody,
  HOUR,
  type LabelBody,
  labelRequest,
  movableClock,
  type ServiceBody,
  sandboxes,
  type TrackingBody,
} from './helpers';

const running = sandboxes();
afterEach(() => running.closeAll());

const codes = async (c: ReturnType<typeof client>) =>
  (await c.get<{ services: ServiceBody[] }>('/v1/services')).body.services.map((x) => x.serviceCode);

describe('services appear and retire', () => {
  it('on the default catalogues’ schedule: UPS Ground Saver after 24 h (alpha), Media Mail retires after 72 h (beta)', async () => {
    const clock = movableClock('2026-03-02T10:00:00Z');
    const s = await running.start({ clock });
    const alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
    const beta = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');

    expect(await codes(alpha)).not.toContain('ups_ground_saver');
    expect((await alpha.post<ErrorBody>('/v1/labels', labelRequest('ups_ground_saver'))).status).toBe(400);
    expect(await codes(beta)).toContain('usps_media_mail');
    const media = (await beta.post<LabelBody>('/v1/labels', labelRequest('usps_media_mail', 4))).body;

    clock.advance(24 * HOUR);
    expect(await codes(alpha)).toContain('ups_ground_saver');
    expect((await alpha.post<LabelBody>('/v1/labels', labelRequest('ups_ground_saver', 4))).body.price).toBe(9.25);

    clock.advance(48 * HOUR);
    expect(await codes(beta)).not.toContain('usps_media_mail');
    const retired = await beta.post<ErrorBody>('/v1/labels', labelRequest('usps_media_mail', 4));
    expect(retired.status).toBe(422);
    expect(retired.body.error).toMatchObject({
      code: 'service_inactive',
      message: 'USPS Media Mail has been retired and can no longer be used',
    });
    // Shipments already bought keep their tracking.
    const tracking = await beta.get<TrackingBody>(`/v1/tracking/${media.trackingNumber}`);
    expect(tracking.status).toBe(200);
    expect(tracking.body.events.length).toBeGreaterThan(2);
  });

  it('when added, deactivated and retired through the programmatic controls', async () => {
    const s = await running.start();
    const alpha = s.catalogues.alpha;
    if (!alpha) throw new Error('no alpha');
    const c = client(alpha.baseUrl, alpha.apiKey);

    const added = alpha.addService({
      carrier: 'USPS',
      name: 'USPS Ground Advantage 12 oz',
      serviceCode: 'usps_ground_advantage_12oz',
      trackingCode: '9400',
      weightUnit: 'oz',
      maxWeight: 12,
      tiers: tiers([
        [6, 3.5],
        [12, 4.75],
      ]),
      transitDays: { min: 2, max: 5 },
    });
    expect(added).toMatchObject({ maxWeight: 12, weightUnit: 'oz', status: 'active' });
    expect(await codes(c)).toContain('usps_ground_advantage_12oz');
    const label = await c.post<LabelBody>('/v1/labels', labelRequest('usps_ground_advantage_12oz', 7, 'oz'));
    expect(label.body).toMatchObject({ price: 4.75, service: 'USPS Ground Advantage 12 oz' });
    expect(() => alpha.addService({ ...alpha_def(), serviceCode: 'ups_ground' })).toThrow(/already exists/);

    alpha.setServiceStatus('fedex_2day', 'inactive');
    const fedex = (await c.get<ServiceBody>('/v1/services/fedex_2day')).body;
    expect(fedex.status).toBe('inactive');
    expect((await c.post<ErrorBody>('/v1/labels', labelRequest('fedex_2day'))).body.error.code).toBe(
      'service_inactive',
    );
    alpha.setServiceStatus('fedex_2day', 'active');
    expect((await c.post('/v1/labels', labelRequest('fedex_2day'))).status).toBe(201);

    alpha.retireService('ups_3_day_select');
    expect(await codes(c)).not.toContain('ups_3_day_select');
    expect(alpha.services().some((x) => x.serviceCode === 'ups_3_day_select')).toBe(false);
    expect(() => alpha.retireService('ups_3_day_select')).toThrow(/No service/);

    // Bringing a retired code back with a new definition.
    alpha.addService({ ...alpha_def(), serviceCode: 'ups_3_day_select', name: 'UPS 3 Day Select' });
    expect(await codes(c)).toContain('ups_3_day_select');
    expect(() => alpha.addService({ ...alpha_def(), tiers: tiers([[10, 5]]) })).toThrow(/last tier must end/);
  });

  it('when changed through the HTTP controls', async () => {
    const s = await running.start({ controlKey: 'ctl' });
    const c = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');
    const send = (method: string, path: string, body?: unknown) =>
      fetch(`${s.url}/_sandbox${path}`, {
        method,
        headers: { 'X-Sandbox-Key': 'ctl', 'Content-Type': 'application/json' },
        ...(body ? { body: JSON.stringify(body) } : {}),
      });

    const created = await send('POST', '/catalogues/beta/services', {
      carrier: 'UPS',
      name: 'UPS 3 Day Select',
      serviceCode: 'ups_3_day_select',
      maxWeight: 70,
      prices: [
        { fromWeight: 0, toWeight: 10, price: 16.4 },
        { fromWeight: 10, toWeight: 70, price: 44.1 },
      ],
      transitDays: { min: 3, max: 3 },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ serviceCode: 'ups_3_day_select', weightUnit: 'lbs', maxWeight: 70 });
    expect(await codes(c)).toContain('ups_3_day_select');
    expect((await send('POST', '/catalogues/beta/services', { carrier: 'UPS' })).status).toBe(400);

    const inactive = await send('PATCH', '/catalogues/beta/services/ups_3_day_select', { status: 'inactive' });
    expect(((await inactive.json()) as ServiceBody).status).toBe('inactive');

    const retired = await send('DELETE', '/catalogues/beta/services/ups_ground');
    expect(retired.status).toBe(200);
    expect(await codes(c)).not.toContain('ups_ground');
    expect((await send('DELETE', '/catalogues/beta/services/ups_ground')).status).toBe(404);
    expect((await send('DELETE', '/catalogues/gamma/services/ups_ground')).status).toBe(404);

    // Prices in the oz unit are inferred from the name.
    const oz = await send('POST', '/catalogues/beta/services', {
      carrier: 'USPS',
      name: 'USPS Ground Advantage 8 oz',
      serviceCode: 'usps_ground_advantage_8oz',
      maxWeight: 8,
      prices: [{ fromWeight: 0, toWeight: 8, price: 3.6 }],
    });
    expect(((await oz.json()) as ServiceBody).weightUnit).toBe('oz');
  });
});

function alpha_def() {
  return {
    carrier: 'UPS' as const,
    name: 'UPS Test',
    serviceCode: 'ups_test',
    weightUnit: 'lbs' as const,
    maxWeight: 20,
    tiers: tiers([[20, 12]]),
    transitDays: { min: 1, max: 3 },
  };
}

describe('lifecycle clock', () => {
  it('counts from the first start', async () => {
    const clock = movableClock('2026-03-02T10:00:00Z');
    const s = await running.start({ clock });
    clock.advance(23 * HOUR + 59 * 60_000);
    expect(s.catalogues.alpha?.services().some((x) => x.serviceCode === 'ups_ground_saver')).toBe(false);
    clock.advance(DAY);
    expect(s.catalogues.alpha?.services().some((x) => x.serviceCode === 'ups_ground_saver')).toBe(true);
  });
});
