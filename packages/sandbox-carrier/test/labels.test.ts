import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CarrierSandbox, isValidTrackingNumber } from '../src/index';
import { client, type ErrorBody, type LabelBody, labelRequest, movableClock, sandboxes } from './helpers';

const running = sandboxes();
const clock = movableClock('2026-03-02T10:00:00Z');
let s: CarrierSandbox;
let alpha: ReturnType<typeof client>;
let beta: ReturnType<typeof client>;

beforeAll(async () => {
  s = await running.start({ clock });
  alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
  beta = client(s.catalogues.beta?.baseUrl ?? '', s.catalogues.beta?.apiKey ?? '');
});
afterAll(() => running.closeAll());

type LabelAnswer = LabelBody & ErrorBody;

describe('POST /v1/labels', () => {
  it('buys a label with a carrier-format tracking number at the quoted price', async () => {
    const r = await alpha.post<LabelAnswer>(
      '/v1/labels',
      labelRequest('ups_ground', 3.2, 'lbs', { reference: 'ORD-1' }),
    );
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      status: 'created',
      carrier: 'UPS',
      service: 'UPS Ground',
      serviceCode: 'ups_ground',
      template: null,
      price: 11.4,
      currency: 'USD',
      billedWeight: 3.2,
      billedWeightUnit: 'lbs',
      reference: 'ORD-1',
      createdAt: '2026-03-02T10:00:00.000Z',
      estimatedDelivery: '2026-03-07',
      voidedAt: null,
    });
    expect(r.body.labelId).toMatch(/^lbl_[0-9a-f]{24}$/);
    expect(r.body.trackingNumber).toMatch(/^1Z[0-9A-Z]{6}03\d{8}$/);
    expect(isValidTrackingNumber('UPS', r.body.trackingNumber)).toBe(true);
    expect(r.body.labelUrl).toBe(`${s.catalogues.alpha?.baseUrl}/v1/labels/${r.body.labelId}/pdf`);
    expect(r.body.to).toMatchObject({ name: 'Grace Receiver', city: 'San Francisco', state: 'CA', zip: '94105' });
    expect(r.body.labelPdf).toBeUndefined();

    const quote = await alpha.post<{ price: number }>('/v1/rates', {
      serviceCode: 'ups_ground',
      fromZip: '10001',
      toZip: '94105',
      package: { weight: 3.2 },
    });
    expect(quote.body.price).toBe(r.body.price);
  });

  it('uses each carrier’s tracking number format', async () => {
    const usps = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('usps_priority_mail'));
    expect(usps.body.trackingNumber).toMatch(/^9205\d{18}$/);
    expect(isValidTrackingNumber('USPS', usps.body.trackingNumber)).toBe(true);
    const ga = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('usps_ground_advantage_15oz', 10, 'oz'));
    expect(ga.body.trackingNumber).toMatch(/^9400\d{18}$/);
    expect(ga.body).toMatchObject({ price: 5.3, billedWeight: 10, billedWeightUnit: 'oz' });
    const express = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('usps_priority_mail_express'));
    expect(express.body.trackingNumber).toMatch(/^9361\d{18}$/);
    const fedex = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('fedex_home_delivery'));
    expect(fedex.body.trackingNumber).toMatch(/^\d{12}$/);
    expect(isValidTrackingNumber('FEDEX', fedex.body.trackingNumber)).toBe(true);
  });

  it('defaults USPS labels to the BASIC template and accepts the catalogue’s templates only', async () => {
    const basic = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('usps_ground_advantage'));
    expect(basic.body.template).toBe('BASIC');
    const evs = await alpha.post<LabelAnswer>(
      '/v1/labels',
      labelRequest('usps_ground_advantage', 2, 'lbs', { template: 'evs' }),
    );
    expect(evs.status).toBe(201);
    expect(evs.body.template).toBe('EVS');

    const betaEvs = await beta.post<LabelAnswer>(
      '/v1/labels',
      labelRequest('usps_ground_advantage', 2, 'lbs', { template: 'EVS' }),
    );
    expect(betaEvs.status).toBe(400);
    expect(betaEvs.body.error.details).toEqual([{ field: 'template', message: 'Template must be one of BASIC' }]);

    const upsWithTemplate = await alpha.post<LabelAnswer>(
      '/v1/labels',
      labelRequest('ups_ground', 2, 'lbs', { template: 'BASIC' }),
    );
    expect(upsWithTemplate.status).toBe(400);
    expect(upsWithTemplate.body.error.details?.[0]?.field).toBe('template');
  });

  it('refuses an overweight package and an inactive service with 422, buying nothing', async () => {
    const over = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('usps_ground_advantage_15oz', 1, 'lbs'));
    expect(over.status).toBe(422);
    expect(over.body.error).toMatchObject({ code: 'weight_exceeds_max', maxWeight: 15, weightUnit: 'oz' });
    const inactive = await beta.post<LabelAnswer>('/v1/labels', labelRequest('usps_priority_mail_express'));
    expect(inactive.status).toBe(422);
    expect(inactive.body.error).toMatchObject({ code: 'service_inactive', serviceCode: 'usps_priority_mail_express' });
  });

  it('checks addresses and package fields, naming each bad field', async () => {
    const r = await alpha.post<LabelAnswer>('/v1/labels', {
      serviceCode: 'ups_ground',
      from: { name: '', street1: '1 Main St', city: 'New York', state: 'New York', zip: '1000' },
      to: { name: 'B', street1: '2 Main', city: 'Toronto', state: 'ON', zip: 'M5V 2T6', country: 'CA' },
      package: { weight: 2, length: 10, width: 8 },
    });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('invalid_request');
    expect(r.body.error.details?.map((d) => d.field).sort()).toEqual([
      'from.name',
      'from.state',
      'from.zip',
      'package.height',
    ]);
  });

  it('returns the label PDF inline when includePdf is true', async () => {
    const r = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('fedex_ground', 2, 'lbs', { includePdf: true }));
    expect(r.status).toBe(201);
    const pdf = Buffer.from(r.body.labelPdf ?? '', 'base64');
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });
});

describe('Idempotency-Key', () => {
  it('returns the same label for the same key and body, and 409 for the same key with another body', async () => {
    const body = labelRequest('usps_priority_mail', 4);
    const first = await alpha.post<LabelAnswer>('/v1/labels', body, { 'Idempotency-Key': 'order-42' });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();

    // Same body with keys in another order is the same request.
    const reordered = { to: body.to, package: body.package, from: body.from, serviceCode: body.serviceCode };
    const again = await alpha.post<LabelAnswer>('/v1/labels', reordered, { 'Idempotency-Key': 'order-42' });
    expect(again.status).toBe(200);
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.body.labelId).toBe(first.body.labelId);
    expect(again.body.trackingNumber).toBe(first.body.trackingNumber);

    const changed = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('usps_priority_mail', 5), {
      'Idempotency-Key': 'order-42',
    });
    expect(changed.status).toBe(409);
    expect(changed.body.error.code).toBe('conflict');

    const withoutKey1 = await alpha.post<LabelAnswer>('/v1/labels', body);
    const withoutKey2 = await alpha.post<LabelAnswer>('/v1/labels', body);
    expect(withoutKey1.body.labelId).not.toBe(withoutKey2.body.labelId);
  });

  it('buys one label when the same request races with itself', async () => {
    const body = labelRequest('fedex_2day', 2);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => alpha.post<LabelAnswer>('/v1/labels', body, { 'Idempotency-Key': 'race-1' })),
    );
    expect(new Set(answers.map((a) => a.body.labelId)).size).toBe(1);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
  });

  it('keeps keys per catalogue and for 24 hours', async () => {
    const body = labelRequest('ups_ground', 2);
    const a = await alpha.post<LabelAnswer>('/v1/labels', body, { 'Idempotency-Key': 'shared-key' });
    const b = await beta.post<LabelAnswer>('/v1/labels', body, { 'Idempotency-Key': 'shared-key' });
    expect(b.status).toBe(201);
    expect(b.body.labelId).not.toBe(a.body.labelId);

    clock.advance(25 * 3_600_000);
    const later = await alpha.post<LabelAnswer>('/v1/labels', body, { 'Idempotency-Key': 'shared-key' });
    expect(later.status).toBe(201);
    expect(later.body.labelId).not.toBe(a.body.labelId);
  });

  it('rejects an over-long key', async () => {
    const r = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('ups_ground'), {
      'Idempotency-Key': 'k'.repeat(256),
    });
    expect(r.status).toBe(400);
    expect(r.body.error.details?.[0]?.field).toBe('Idempotency-Key');
  });
});

describe('GET /v1/labels/{id}', () => {
  it('returns a label of this catalogue and not_found otherwise', async () => {
    const created = await alpha.post<LabelAnswer>('/v1/labels', labelRequest('ups_3_day_select'));
    const got = await alpha.get<LabelAnswer>(`/v1/labels/${created.body.labelId}`);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(created.body);
    expect((await beta.get<LabelAnswer>(`/v1/labels/${created.body.labelId}`)).status).toBe(404);
    const missing = await alpha.get<LabelAnswer>('/v1/labels/lbl_000000000000000000000000');
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
  });
});
