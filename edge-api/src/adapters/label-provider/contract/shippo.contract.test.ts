import { describe, expect, it } from 'vitest';
import { PROVIDER_ERROR_MESSAGES, ProviderError } from '../../../ports/label-provider';
import type { ProviderFetch } from '../http-transport';
import { SHIPPO_API_VERSION, shippoLabelProvider } from '../shippo-label-provider';
import { carrierOfTrackingNumber, shippoError } from '../shippo-protocol';
import { recorded } from './recorded-fetch';
import errors from './shippo/errors.json';
import refundRecording from './shippo/refund.json';
import shipmentRecording from './shippo/shipment.json';
import trackRecording from './shippo/track.json';
import transactionRecording from './shippo/transaction.json';

/**
 * The Shippo adapter against Shippo's official examples and its SDK's request models (see ./shippo/LICENSE.md): it must
 * send what Shippo's own client sends (method, path, auth, body field names) and read what Shippo documents it answers.
 */

const PDF = new TextEncoder().encode('%PDF-1.4\n% official label stand-in\n');

const KEY = 'shippo_test_0123456789abcdef';
const provider = (fetch: ProviderFetch) =>
  shippoLabelProvider({ baseUrl: 'https://api.goshippo.com', apiKey: KEY, fetch, maxAttempts: 1 });

const SDK_ADDRESS = shipmentRecording.create.request.body.address_from;
const buyInput = {
  serviceCode: 'ups_ground',
  from: { ...SDK_ADDRESS },
  to: { ...shipmentRecording.create.request.body.address_to },
  package: { weight: 2, weightUnit: 'lbs' as const, length: 5, width: 5, height: 5 },
  reference: 'ord_01J0000000000000000000000',
  idempotencyKey: 'ord_01J0000000000000000000000',
};
/** The example transaction, as bought for our order (the purchase answer echoes our metadata). */
const boughtAnswer = {
  status: 201,
  body: { ...transactionRecording.create.response.body, metadata: buyInput.idempotencyKey },
};

/** Keys whose value is set, as a sorted list. */
const keysOf = (o: unknown) =>
  Object.entries(o as Record<string, unknown>)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k]) => k)
    .sort();
/** Scalar types of an object's values (the SDK sends every size and weight as a string). */
const typesOf = (o: unknown) =>
  Object.fromEntries(Object.entries(o as Record<string, unknown>).map(([k, v]) => [k, typeof v]));

describe('Shippo adapter against Shippo official examples', () => {
  it('buys as the SDK does: a rated shipment, then a synchronous transaction of the matching rate', async () => {
    const { create } = shipmentRecording;
    const { fetch, sent } = recorded([create.response, boughtAnswer, PDF]);
    const label = await provider(fetch).createLabel(buyInput);

    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      `POST ${create.request.url}`,
      `POST ${transactionRecording.create.request.url}`,
      `GET ${transactionRecording.create.response.body.label_url}`,
    ]);
    // Auth as Shippo's clients send it, the API version pinned as in the reference's example; none to the file host.
    expect(sent[0]?.headers.Authorization).toBe(`ShippoToken ${KEY}`);
    expect(sent[1]?.headers['SHIPPO-API-VERSION']).toBe(
      transactionRecording.create.request.headers['SHIPPO-API-VERSION'],
    );
    expect(SHIPPO_API_VERSION).toBe('2018-02-08');
    expect(sent[2]?.headers.Authorization).toBeUndefined();

    // The shipment: the SDK test's fields under the SDK's wire names, sizes and weights as strings.
    const ours = sent[0]?.body as { address_from: unknown; address_to: unknown; parcels: unknown[]; metadata: string };
    const theirs = create.request.body;
    const sdk = shipmentRecording.sdkRequestKeys;
    expect(keysOf(ours).every((k) => sdk.shipment.includes(k))).toBe(true);
    expect(keysOf(theirs).every((k) => keysOf(ours).includes(k))).toBe(true);
    expect(keysOf(ours.address_from)).toEqual(keysOf(theirs.address_from));
    expect(keysOf(ours.address_from).every((k) => sdk.address.includes(k))).toBe(true);
    expect(keysOf(ours.parcels[0])).toEqual(keysOf(theirs.parcels[0]));
    expect(keysOf(ours.parcels[0]).every((k) => sdk.parcel.includes(k))).toBe(true);
    expect(typesOf(ours.parcels[0])).toEqual(typesOf(theirs.parcels[0]));
    expect(ours.parcels[0]).toMatchObject({ weight: '32', mass_unit: 'oz', distance_unit: 'in' });
    expect(ours.metadata).toBe(buyInput.idempotencyKey);

    // The transaction: the rate whose service level is UPS Ground, synchronous, our order id as metadata.
    const txn = sent[1]?.body as Record<string, unknown>;
    expect(keysOf(txn).every((k) => transactionRecording.sdkRequestKeys.includes(k))).toBe(true);
    expect(keysOf(transactionRecording.create.request.body).every((k) => k in txn)).toBe(true);
    expect(txn).toMatchObject({ rate: 'ec9f0d3adc9441449c85d315f0997fd5', async: false, metadata: buyInput.reference });

    expect(label).toMatchObject({
      labelId: '915d94940ea54c3a80cbfa328722f5a1',
      status: 'created',
      carrier: 'UPS',
      serviceCode: 'ups_ground',
      trackingNumber: '9499907123456123456781',
      // Provider cost = the rate bought.
      priceCents: 1140,
      createdAt: '2023-11-07T05:31:56Z',
      replayed: false,
    });
    expect(label.pdf).toEqual(PDF);
  });

  it('quotes from the rates of the shipment (Priority Mail Express: the reference example rate)', async () => {
    const { fetch } = recorded([shipmentRecording.create.response]);
    const quote = await provider(fetch).quote({
      serviceCode: 'usps_priority_mail_express',
      fromZip: '95122',
      toZip: '94103',
      weight: 2,
      weightUnit: 'lbs',
    });
    expect(quote).toMatchObject({ carrier: 'USPS', priceCents: 550, transitDays: 2 });
    const missing = await provider(recorded([shipmentRecording.create.response]).fetch)
      .quote({ serviceCode: 'fedex_ground', fromZip: '95122', toZip: '94103', weight: 2, weightUnit: 'lbs' })
      .catch((e: unknown) => e);
    expect(missing).toMatchObject({ code: 'invalid_input', message: 'Service currently unavailable' });
  });

  it('a purchase answered 5xx is an unknown outcome; a transaction in ERROR is a refusal', async () => {
    const crash = recorded([shipmentRecording.create.response, { status: 500, body: { detail: 'A server error.' } }]);
    const err = await provider(crash.fetch)
      .createLabel(buyInput)
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ProviderError);
    expect((err as ProviderError).outcomeUnknown).toEqual({ labelId: undefined });
    expect((err as ProviderError).nothingBought).toBe(false);

    const refused = {
      status: 201,
      body: { ...transactionRecording.create.response.body, status: 'ERROR', label_url: '', tracking_number: '' },
    };
    const carrier = recorded([shipmentRecording.create.response, refused]);
    const no = await provider(carrier.fetch)
      .createLabel(buyInput)
      .catch((e: unknown) => e);
    expect(no).toMatchObject({ code: 'invalid_input', outcomeUnknown: undefined });
    expect((no as ProviderError).logMessage).toContain('carrier_timeout');
  });

  it('looks a purchase up by its metadata first when it may exist, and never buys it twice', async () => {
    const list = transactionRecording.list.response;
    const mine = { ...list.body.results[0], metadata: buyInput.idempotencyKey };
    const { fetch, sent } = recorded([
      { status: 200, body: { ...list.body, results: [mine] } },
      { status: 200, body: shipmentRecording.create.response.body.rates[0] },
      PDF,
    ]);
    const label = await provider(fetch).createLabel({ ...buyInput, mayExist: true });
    expect(sent.map((s) => `${s.method} ${s.url}`)).toEqual([
      'GET https://api.goshippo.com/transactions?results=100&page=1',
      // The list names the rate by id: its price and service level are read from the rate.
      'GET https://api.goshippo.com/rates/adcfdddf8ec64b84ad22772bce3ea37a',
      `GET ${mine.label_url}`,
    ]);
    expect(label).toMatchObject({
      labelId: mine.object_id,
      replayed: true,
      serviceCode: 'usps_priority_mail_express',
      priceCents: 550,
    });

    // Found, but its label cannot be read now: an unknown outcome naming it (to be voided), never a refusal.
    const broken = recorded([
      { status: 200, body: { ...list.body, results: [mine] } },
      { status: 200, body: shipmentRecording.create.response.body.rates[0] },
      new TextEncoder().encode('<Error/>'),
    ]);
    const unusable = await provider(broken.fetch)
      .createLabel({ ...buyInput, mayExist: true })
      .catch((e: unknown) => e);
    expect((unusable as ProviderError).outcomeUnknown).toEqual({ labelId: mine.object_id });

    // Not on the first page: the next one is asked; on none: nothing exists.
    const pages = recorded([list, { status: 200, body: { next: null, previous: list.body.next, results: [] } }]);
    expect(await provider(pages.fetch).findLabelByIdempotencyKey('ord_missing')).toBeNull();
    expect(pages.sent.map((s) => s.url)).toEqual([
      'https://api.goshippo.com/transactions?results=100&page=1',
      'https://api.goshippo.com/transactions?results=100&page=2',
    ]);
  });

  it('reads the purchase answer rate inside it when the transaction is fetched alone', async () => {
    const { fetch } = recorded([transactionRecording.create.response, PDF]);
    expect(await provider(fetch).getLabelPdf('915d94940ea54c3a80cbfa328722f5a1')).toEqual(PDF);
  });

  it('voids with a refund as the SDK sends it; a queued refund is a void pending, a successful one voided', async () => {
    const txn = transactionRecording.create.response.body;
    const { fetch, sent } = recorded([
      refundRecording.refund.response,
      { status: 200, body: { ...txn, status: 'REFUNDPENDING' } },
    ]);
    const voided = await provider(fetch).voidLabel(txn.object_id);
    expect(sent[0]).toMatchObject({ method: 'POST', url: refundRecording.refund.request.url });
    expect(sent[0]?.body).toEqual(refundRecording.refund.request.body);
    expect(keysOf(sent[0]?.body)).toEqual([...refundRecording.sdkRequestKeys].sort());
    expect(voided).toMatchObject({
      labelId: txn.object_id,
      status: 'void_pending',
      trackingNumber: txn.tracking_number,
    });

    const settled = recorded([
      { status: 201, body: { ...refundRecording.refund.response.body, status: 'SUCCESS' } },
      { status: 200, body: { ...txn, status: 'REFUNDED' } },
    ]);
    expect(await provider(settled.fetch).voidLabel(txn.object_id)).toMatchObject({ status: 'voided' });

    const rejected = recorded([{ status: 201, body: { ...refundRecording.refund.response.body, status: 'ERROR' } }]);
    expect(
      await provider(rejected.fetch)
        .voidLabel(txn.object_id)
        .catch((e: unknown) => e),
    ).toMatchObject({ code: 'conflict', message: PROVIDER_ERROR_MESSAGES.cannotVoid });
  });

  it('reads the official track example', async () => {
    const { request, response } = trackRecording.track;
    const { fetch, sent } = recorded([response]);
    const tracking = await provider(fetch).getTracking('9205590164917312751089');
    expect(sent[0]?.url).toBe(request.url);
    expect(tracking).toMatchObject({
      trackingNumber: '9205590164917312751089',
      status: 'delivered',
      deliveredAt: '2016-07-23T00:00:00Z',
      estimatedDelivery: '2023-11-07',
    });
    expect(tracking.events).toEqual([
      {
        status: 'delivered',
        description: 'Your shipment has been delivered at the destination mailbox.',
        location: 'Las Vegas, NV',
        occurredAt: '2016-07-23T00:00:00Z',
      },
    ]);
    expect(carrierOfTrackingNumber('1Z999AA10123456784')).toBe('ups');
    expect(carrierOfTrackingNumber('9499907123456123456781')).toBe('usps');
    expect(carrierOfTrackingNumber('794612345678')).toBe('fedex');
  });

  it("maps Shippo's error answers onto our taxonomy", () => {
    const v = errors.validation;
    expect(shippoError('rate', v.status, JSON.stringify(v.body))).toMatchObject({
      code: 'invalid_input',
      message: PROVIDER_ERROR_MESSAGES.invalidShipment,
      logMessage: 'Shippo answered 400: parcel: This field is required.',
    });
    const u = errors.unauthorized;
    const refused = shippoError('check', u.status, JSON.stringify(u.body));
    expect(refused).toMatchObject({ message: PROVIDER_ERROR_MESSAGES.keyRefused, nothingBought: true });
    expect(refused.logMessage).toContain('Invalid token.');
    // A gateway answer to a call that buys nothing may fail over; to the purchase it may not.
    expect(shippoError('rate', 503, '{"detail":"x"}').nothingBought).toBe(true);
    expect(shippoError('buy', 503, '{"detail":"x"}').nothingBought).toBe(false);
  });
});
