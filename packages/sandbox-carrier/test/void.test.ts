import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CarrierSandbox } from '../src/index';
import {
  client,
  DAY,
  type ErrorBody,
  type LabelBody,
  labelRequest,
  movableClock,
  sandboxes,
  type TrackingBody,
} from './helpers';
import { pageText } from './pdf';

const running = sandboxes();
const clock = movableClock('2026-03-02T10:00:00Z');
let s: CarrierSandbox;
let alpha: ReturnType<typeof client>;

beforeAll(async () => {
  s = await running.start({ clock });
  alpha = client(s.catalogues.alpha?.baseUrl ?? '', s.catalogues.alpha?.apiKey ?? '');
});
afterAll(() => running.closeAll());

describe('POST /v1/labels/{id}/void', () => {
  it('voids a label the carrier has not scanned, once, and tracking then shows cancelled', async () => {
    const label = (await alpha.post<LabelBody>('/v1/labels', labelRequest('usps_priority_mail'))).body;
    clock.advance(60_000);
    const voided = await alpha.post<LabelBody>(`/v1/labels/${label.labelId}/void`);
    expect(voided.status).toBe(200);
    expect(voided.body).toMatchObject({
      labelId: label.labelId,
      status: 'voided',
      voidedAt: clock.now().toISOString(),
    });

    const again = await alpha.post<LabelBody>(`/v1/labels/${label.labelId}/void`);
    expect(again.status).toBe(200);
    expect(again.body.voidedAt).toBe(voided.body.voidedAt);

    expect((await alpha.get<LabelBody>(`/v1/labels/${label.labelId}`)).body.status).toBe('voided');

    clock.advance(10 * DAY);
    const tracking = await alpha.get<TrackingBody>(`/v1/tracking/${label.trackingNumber}`);
    expect(tracking.body.status).toBe('cancelled');
    expect(tracking.body.events.map((e) => e.status)).toEqual(['pre_transit', 'cancelled']);

    const pdf = await fetch(label.labelUrl, { headers: { 'X-Api-Key': s.catalogues.alpha?.apiKey ?? '' } });
    expect(await pageText(new Uint8Array(await pdf.arrayBuffer()))).toContain('VOID');
  });

  it('refuses to void once the package has been scanned', async () => {
    const label = (await alpha.post<LabelBody>('/v1/labels', labelRequest('ups_ground'))).body;
    clock.advance(2 * DAY);
    const r = await alpha.post<ErrorBody>(`/v1/labels/${label.labelId}/void`);
    expect(r.status).toBe(409);
    expect(r.body.error.code).toBe('conflict');
    expect((await alpha.get<LabelBody>(`/v1/labels/${label.labelId}`)).body.status).toBe('created');
  });

  it('answers not_found for an unknown label', async () => {
    const r = await alpha.post<ErrorBody>('/v1/labels/lbl_nothing/void');
    expect(r.status).toBe(404);
  });
});
