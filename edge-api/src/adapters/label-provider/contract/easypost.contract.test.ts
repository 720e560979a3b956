import { describe, expect, it } from 'vitest';
import { ProviderError } from '../../../ports/label-provider';
import { easypostLabelProvider } from '../easypost-label-provider';
import { easypostError } from '../easypost-protocol';
import type { ProviderFetch } from '../http-transport';
import buyShipment from './easypost/buy-shipment.json';
import error422 from './easypost/error-422.json';
import listShipments from './easypost/list-shipments.json';
import refundShipment from './easypost/refund-shipment.json';
import trackerRecording from './easypost/tracker.json';
import { recorded } from './recorded-fetch';

/**
 * The EasyPost adapter against EasyPost's own recordings (easypost-node test/cassettes, see ./easypost/LICENSE.md):
 * it must send what EasyPost's client sent (method, path, body shape) and read what EasyPost answered.
 */

const PDF = new TextEncoder().encode('%PDF-1.4\n% recorded label stand-in\n');

const provider = (fetch: ProviderFetch) =>
  easypostLabelProvider({ baseUrl: 'https://api.easypost.com', apiKey: 'EZTK_test', fetch, maxAttempts: 1 });

/** The keys of an object, recursively (arrays by their first element): a request's shape. */
function shape(value: unknown): unknown {
  if (Array.isArray(value)) return value.length > 0 ? [shape(value[0])] : [];
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, shape(v)])
        .sort(([a], [b]) => String(a).localeCompare(String(b))),
    );
  }
  return typeof value;
}

describe('EasyPost adapter against recorded EasyPost answers', () => {
  it('buys as the recording did: create the shipment, buy the matching rate, read the bought shipment', async () => {
    const { create, buy } = buyShipment;
    const { fetch, sent } = recorded([create.response, buy.response, PDF]);
    const recordedShipment = create.request.body.shipment;
    const label = await provider(fetch).createLabel({
      serviceCode: 'usps_ground_advantage',
      from: { ...recordedShipment.from_address },
      to: { ...recordedShipment.to_address },
      package: { weight: 15.4, weightUnit: 'oz', length: 10, width: 8, height: 4 },
      reference: '123',
      idempotencyKey: '123',
    });

    // Requests: the recorded method and path, with the recorded body shape (customs are for international only).
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST ${create.request.url}`,
      `POST ${buy.request.url}`,
      `GET ${buy.response.body.postage_label.label_url}`,
    ]);
    const ours = sent[0]?.body as { shipment: Record<string, unknown> };
    const { customs_info: _customs, ...theirs } = recordedShipment;
    expect(shape(ours.shipment.from_address)).toEqual(shape(theirs.from_address));
    expect(Object.keys(ours.shipment).sort()).toEqual(Object.keys(theirs).sort());
    expect(ours.shipment.parcel).toEqual(theirs.parcel);
    expect(ours.shipment.reference).toBe(theirs.reference);
    // The rate bought is the one the recording bought (USPS GroundAdvantage), in the same body.
    expect(sent[1]?.body).toEqual(buy.request.body);
    expect(sent[0]?.headers.Authorization).toBe(`Basic ${btoa('EZTK_test:')}`);
    // No credentials go to the label's file host.
    expect(sent[2]?.headers.Authorization).toBeUndefined();

    expect(label).toMatchObject({
      labelId: buy.response.body.id,
      status: 'created',
      carrier: 'USPS',
      serviceCode: 'usps_ground_advantage',
      trackingNumber: '9400100110368068953228',
      priceCents: 593,
      replayed: false,
    });
    expect(label.pdf).toEqual(PDF);
  });

  it('quotes from the rates of a recorded shipment', async () => {
    const { fetch } = recorded([buyShipment.create.response]);
    const quote = await provider(fetch).quote({
      serviceCode: 'usps_priority_mail',
      fromZip: '94107',
      toZip: '90277',
      weight: 15.4,
      weightUnit: 'oz',
    });
    expect(quote).toMatchObject({ carrier: 'USPS', serviceCode: 'usps_priority_mail', priceCents: 690 });
  });

  it('a buy answered 5xx after the shipment exists is an unknown outcome naming the shipment', async () => {
    const { fetch } = recorded([
      buyShipment.create.response,
      { status: 500, body: { error: { code: 'INTERNAL_SERVER_ERROR', message: 'boom', errors: [] } } },
    ]);
    const err = await provider(fetch)
      .createLabel({
        serviceCode: 'usps_ground_advantage',
        from: { name: 'a', street1: 'b', city: 'c', state: 'CA', zip: '94107' },
        to: { name: 'a', street1: 'b', city: 'c', state: 'CA', zip: '90277' },
        package: { weight: 1, weightUnit: 'lbs', length: 1, width: 1, height: 1 },
        idempotencyKey: 'ord_1',
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).outcomeUnknown).toEqual({ labelId: buyShipment.create.response.body.id });
  });

  it('reads the recorded refund (submitted) as a void pending, and a settled one (refunded) as voided', async () => {
    const { fetch, sent } = recorded([refundShipment.refund.response]);
    const id = refundShipment.refund.response.body.id;
    const voided = await provider(fetch).voidLabel(id);
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([`POST ${refundShipment.refund.request.url}`]);
    expect(voided).toMatchObject({ labelId: id, status: 'void_pending', trackingNumber: '9400100110368068953341' });

    const settled = { ...refundShipment.refund.response.body, refund_status: 'refunded' };
    const later = recorded([{ ...refundShipment.refund.response, body: settled }]);
    expect(await provider(later.fetch).voidLabel(id)).toMatchObject({ labelId: id, status: 'voided' });
  });

  it('reads the recorded tracker', async () => {
    const tracker = trackerRecording.tracker.response.body;
    const { fetch, sent } = recorded([{ status: 200, body: { trackers: [tracker], has_more: false } }]);
    const tracking = await provider(fetch).getTracking('EZ1000000001');
    expect(sent[0]?.url).toBe('https://api.easypost.com/v2/trackers?tracking_code=EZ1000000001&page_size=1');
    expect(tracking).toMatchObject({ trackingNumber: 'EZ1000000001', status: 'pre_transit' });
    expect(tracking.events.map((e) => [e.description, e.location])).toEqual([
      ['Pre-Shipment Info Sent to USPS', null],
      ['Shipping Label Created', 'HOUSTON, TX'],
    ]);
  });

  it('pages through the recorded shipment list when looking a purchase up by reference', async () => {
    const page = listShipments.list.response;
    const { fetch, sent } = recorded([page, { status: 200, body: { shipments: [], has_more: false } }]);
    expect(await provider(fetch).findLabelByIdempotencyKey('ord_missing')).toBeNull();
    const last = page.body.shipments[page.body.shipments.length - 1]?.id;
    expect(sent.map((s) => s.url)).toEqual([
      'https://api.easypost.com/v2/shipments?page_size=100',
      `https://api.easypost.com/v2/shipments?page_size=100&before_id=${last}`,
    ]);
  });

  it("maps EasyPost's recorded error body onto our taxonomy", () => {
    const { status, body } = error422.error.response;
    const err = easypostError('rate', status, JSON.stringify(body));
    expect(err).toMatchObject({ code: 'invalid_input', providerCode: 'PARAMETER.REQUIRED', httpStatus: 422 });
    expect(easypostError('check', 401, '{"error":{"code":"APIKEY.INACTIVE","message":"x","errors":[]}}').message).toBe(
      'The shipping provider refused the API key. Check the key (and that it is for this provider).',
    );
  });
});
