import type { Context } from 'hono';
import { Hono } from 'hono';
import type { Address } from '../types';
import type { KindEngine, KindRate, KindShipment } from './engine';
import { usd } from './engine';
import { brokenLabelFile, type KindFaultControls, kindFaults } from './faults';
import {
  address,
  CARRIER_TOKEN,
  INCHES_PER,
  OUNCES_PER,
  REFUND_STATUS,
  SH_STATUS,
  SHIPPO_SERVICE_LEVELS,
  ShCreateRefund,
  ShCreateShipment,
  ShCreateTransaction,
  TRANSACTION_STATUS,
} from './shippo-wire';

export { SHIPPO_SERVICE_LEVELS } from './shippo-wire';

/**
 * A Shippo-protocol sandbox (https://docs.goshippo.com/api-reference; field names as in Shippo's SDK models,
 * goshippo/shippo-javascript-sdk): shipments rated on creation, synchronous transactions (the purchase, with the
 * buyer's `metadata`), the label as a PDF file URL, refunds, tracks. Only test tokens are accepted
 * (`Authorization: ShippoToken shippo_test_…`, as Shippo's test mode); any other gets Shippo's own 401 body
 * `{"detail": …}`. Validation errors are Shippo's field → messages map. Weights and sizes are decimal strings.
 */

export interface ShippoSandboxControls extends KindFaultControls {
  /** Transactions bought so far: their metadata and refund status. */
  purchases(): { transactionId: string; metadata: string | null; refund: string | null }[];
}

const detail = (c: Context, status: 401 | 404 | 500 | 503, text: string) => c.json({ detail: text }, status);
/** Shippo's validation answer: field → messages. */
const invalid = (c: Context, field: string, message: string) => c.json({ [field]: [message] }, 400);

export function createShippoSandboxApp(
  engine: KindEngine,
  basePath: string,
): { app: Hono; controls: ShippoSandboxControls } {
  const faults = kindFaults();
  const app = new Hono().basePath(basePath);
  const stamp = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');
  const OWNER = 'sandbox@labeldesk.local';

  const addressView = (a: Address, id: string) => ({
    object_id: id,
    object_owner: OWNER,
    is_complete: true,
    name: a.name,
    company: a.company ?? '',
    street1: a.street1,
    street2: a.street2 ?? '',
    city: a.city,
    state: a.state,
    zip: a.zip,
    country: a.country,
    phone: a.phone ?? '',
    email: a.email ?? '',
    is_residential: null,
    test: true,
  });
  const rateView = (s: KindShipment, r: KindRate) => {
    const level = SHIPPO_SERVICE_LEVELS[r.serviceCode];
    return {
      object_id: r.id,
      object_created: stamp(s.createdAt),
      object_owner: OWNER,
      shipment: s.id,
      attributes: [],
      amount: usd(r.priceCents),
      currency: 'USD',
      amount_local: usd(r.priceCents),
      currency_local: 'USD',
      provider: level?.provider ?? r.carrier,
      provider_image_75: `https://shippo-static.s3.amazonaws.com/providers/75/${level?.provider ?? r.carrier}.png`,
      provider_image_200: `https://shippo-static.s3.amazonaws.com/providers/200/${level?.provider ?? r.carrier}.png`,
      servicelevel: { name: level?.name ?? r.serviceCode, token: level?.token ?? r.serviceCode, terms: '' },
      estimated_days: r.transitDays,
      duration_terms: `Delivery in ${r.transitDays} business day${r.transitDays === 1 ? '' : 's'}.`,
      messages: [],
      carrier_account: `sandbox_${CARRIER_TOKEN[r.carrier]}_account`,
      test: true,
      zone: '8',
    };
  };
  const shipmentView = (s: KindShipment) => ({
    object_id: s.id,
    object_created: stamp(s.createdAt),
    object_updated: stamp(s.createdAt),
    object_owner: OWNER,
    status: 'SUCCESS',
    address_from: addressView(s.from, `${s.id}_from`),
    address_to: addressView(s.to, `${s.id}_to`),
    address_return: addressView(s.from, `${s.id}_from`),
    parcels: [
      {
        object_id: `${s.id}_parcel`,
        object_state: 'VALID',
        length: String(s.parcel.length),
        width: String(s.parcel.width),
        height: String(s.parcel.height),
        distance_unit: 'in',
        weight: String(s.parcel.weightOz),
        mass_unit: 'oz',
        test: true,
      },
    ],
    shipment_date: stamp(s.createdAt),
    extra: {},
    customs_declaration: null,
    carrier_accounts: [],
    metadata: s.reference ?? '',
    messages: [],
    rates: s.rates.map((r) => rateView(s, r)),
    test: true,
  });
  const transactionView = (c: Context, s: KindShipment, opts: { rateInline: boolean }) => {
    const p = s.purchase;
    if (!p) return null;
    const rate = s.rates.find((r) => r.id === p.rateId);
    const level = rate ? SHIPPO_SERVICE_LEVELS[rate.serviceCode] : undefined;
    const snapshot = engine.tracking(s);
    const origin = new URL(c.req.url).origin;
    return {
      object_id: p.transactionId,
      object_owner: OWNER,
      object_state: 'VALID',
      object_created: stamp(p.label.createdAt),
      object_updated: stamp(p.label.voidedAt ?? p.label.createdAt),
      status: p.refund ? TRANSACTION_STATUS[p.refund] : 'SUCCESS',
      // The purchase answer carries the rate it bought; lists and retrieves name it by id (as Shippo does).
      rate:
        opts.rateInline && rate
          ? {
              object_id: rate.id,
              amount: usd(rate.priceCents),
              currency: 'USD',
              amount_local: usd(rate.priceCents),
              currency_local: 'USD',
              provider: level?.provider ?? rate.carrier,
              servicelevel_name: level?.name ?? rate.serviceCode,
              servicelevel_token: level?.token ?? rate.serviceCode,
              carrier_account: `sandbox_${CARRIER_TOKEN[rate.carrier]}_account`,
            }
          : p.rateId,
      parcel: `${s.id}_parcel`,
      metadata: s.reference ?? '',
      label_file_type: 'PDF_4x6',
      tracking_number: p.label.trackingNumber,
      tracking_status: snapshot ? SH_STATUS[snapshot.status] : 'UNKNOWN',
      tracking_url_provider: `https://tracking.labeldesk.local/${p.label.trackingNumber}`,
      eta: p.label.estimatedDelivery ? `${p.label.estimatedDelivery}T00:00:00Z` : null,
      label_url: `${origin}${basePath}/files/label/${p.transactionId}.pdf`,
      commercial_invoice_url: null,
      qr_code_url: null,
      messages: [],
      test: true,
    };
  };
  const trackView = (s: KindShipment) => {
    const p = s.purchase;
    const snapshot = engine.tracking(s);
    if (!p || !snapshot) return null;
    const level = SHIPPO_SERVICE_LEVELS[p.label.serviceCode];
    const events = snapshot.events.map((e, i) => {
      const [city, st, country] = e.location.split(',').map((x) => x.trim());
      const at = stamp(e.occurredAt.toISOString());
      return {
        object_id: `${p.transactionId}_event_${i}`,
        object_created: at,
        object_updated: at,
        status: SH_STATUS[e.status],
        substatus:
          e.status === 'out_for_delivery'
            ? { code: 'out_for_delivery', text: 'Package is out for delivery.', action_required: false }
            : null,
        status_details: e.description,
        status_date: at,
        location: { city: city ?? null, state: st ?? null, zip: null, country: country ?? 'US' },
      };
    });
    return {
      carrier: CARRIER_TOKEN[p.label.carrier],
      tracking_number: p.label.trackingNumber,
      address_from: { city: s.from.city, state: s.from.state, zip: s.from.zip, country: s.from.country },
      address_to: { city: s.to.city, state: s.to.state, zip: s.to.zip, country: s.to.country },
      transaction: p.transactionId,
      original_eta: snapshot.estimatedDelivery ? `${snapshot.estimatedDelivery}T00:00:00Z` : null,
      eta: snapshot.estimatedDelivery ? `${snapshot.estimatedDelivery}T00:00:00Z` : null,
      servicelevel: { token: level?.token ?? p.label.serviceCode, name: level?.name ?? p.label.serviceName },
      metadata: null,
      messages: [],
      tracking_status: events[events.length - 1] ?? null,
      tracking_history: events,
      test: true,
    };
  };
  const purchased = () => engine.list().filter((s) => s.purchase);

  // Label files are public URLs (like Shippo's signed S3 links): no token.
  app.get('/files/label/:file', async (c) => {
    const s = engine.byTransactionId(c.req.param('file').replace(/\.pdf$/, ''));
    if (!s?.purchase) return c.text('Not Found', 404);
    if (faults.breakThisFile()) return brokenLabelFile(c);
    return new Response(await engine.pdf(s), { headers: { 'Content-Type': 'application/pdf' } });
  });

  app.use('*', async (c, next) => {
    if (c.req.path.startsWith(`${basePath}/files/`)) return next();
    if (faults.isDown()) return detail(c, 503, 'Service temporarily unavailable, try again later.');
    const header = c.req.header('authorization') ?? '';
    if (!header) return detail(c, 401, 'Authentication credentials were not provided.');
    const [scheme, token] = header.split(/\s+/, 2);
    if (scheme !== 'ShippoToken' || !token || !/^shippo_test_[A-Za-z0-9]{8,}$/.test(token)) {
      return detail(c, 401, 'Invalid token.');
    }
    await next();
  });

  app.post('/shipments', async (c) => {
    const body = await c.req.json().catch(() => null);
    const parsed = ShCreateShipment.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const field = String(issue?.path[0] ?? 'non_field_errors');
      const missing = issue?.code === 'invalid_type' && issue.input === undefined;
      return invalid(c, field, missing ? 'This field is required.' : (issue?.message ?? 'Invalid value.'));
    }
    const sh = parsed.data;
    const [parcel] = sh.parcels;
    if (!parcel) return invalid(c, 'parcels', 'This field is required.');
    const inches = INCHES_PER[parcel.distance_unit];
    const s = engine.createShipment({
      idPrefix: 'shp',
      ratePrefix: 'rate',
      reference: sh.metadata ?? null,
      from: address(sh.address_from),
      to: address(sh.address_to),
      parcel: {
        weightOz: Math.round(parcel.weight * OUNCES_PER[parcel.mass_unit] * 10) / 10,
        length: parcel.length * inches,
        width: parcel.width * inches,
        height: parcel.height * inches,
      },
    });
    return c.json(shipmentView(s), 201);
  });

  app.get('/shipments/:id', (c) => {
    const s = engine.shipment(c.req.param('id'));
    return s ? c.json(shipmentView(s)) : detail(c, 404, 'Not found.');
  });

  app.get('/rates/:id', (c) => {
    const found = engine.shipmentOfRate(c.req.param('id'));
    return found ? c.json(rateView(found.shipment, found.rate)) : detail(c, 404, 'Not found.');
  });

  app.post('/transactions', async (c) => {
    const parsed = ShCreateTransaction.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, 'rate', 'This field is required.');
    const found = engine.shipmentOfRate(parsed.data.rate);
    if (!found) return invalid(c, 'rate', 'Rate not found.');
    const bought = engine.buy(found.shipment, found.rate.id, 'txn', parsed.data.metadata ?? null);
    if (bought === 'already') return invalid(c, 'rate', 'A label has already been purchased for this shipment.');
    if (bought === 'no_rate') return invalid(c, 'rate', 'Rate not found.');
    if (faults.failThisBuy()) return detail(c, 500, 'A server error occurred.');
    return c.json(transactionView(c, bought, { rateInline: true }), 201);
  });

  app.get('/transactions', (c) => {
    const size = Math.min(100, Math.max(1, Number(c.req.query('results') ?? 5) || 5));
    const page = Math.max(1, Number(c.req.query('page') ?? 1) || 1);
    const all = purchased();
    const slice = all.slice((page - 1) * size, page * size);
    const url = new URL(c.req.url);
    const link = (p: number) => {
      url.searchParams.set('page', String(p));
      return url.toString();
    };
    return c.json({
      next: page * size < all.length ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: slice.map((s) => transactionView(c, s, { rateInline: false })),
    });
  });

  app.get('/transactions/:id', (c) => {
    const s = engine.byTransactionId(c.req.param('id'));
    const view = s ? transactionView(c, s, { rateInline: false }) : null;
    return view ? c.json(view) : detail(c, 404, 'Not found.');
  });

  app.post('/refunds', async (c) => {
    const parsed = ShCreateRefund.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) return invalid(c, 'transaction', 'This field is required.');
    const s = engine.byTransactionId(parsed.data.transaction);
    if (!s) return invalid(c, 'transaction', 'Transaction not found.');
    const result = engine.refund(s);
    if (result === 'not_purchased') return invalid(c, 'transaction', 'Transaction not found.');
    const at = stamp(engine.now().toISOString());
    return c.json(
      {
        object_id: `refund_${parsed.data.transaction}`,
        object_owner: OWNER,
        object_created: at,
        object_updated: at,
        status: REFUND_STATUS[result],
        transaction: parsed.data.transaction,
        test: true,
      },
      201,
    );
  });

  app.get('/tracks/:carrier/:number', (c) => {
    const s = engine.byTrackingNumber(c.req.param('number'));
    const carrier = s?.purchase ? CARRIER_TOKEN[s.purchase.label.carrier] : undefined;
    const view = s && carrier === c.req.param('carrier').toLowerCase() ? trackView(s) : null;
    return view ? c.json(view) : detail(c, 404, 'Not found.');
  });

  app.notFound((c) => detail(c, 404, 'Not found.'));

  const controls: ShippoSandboxControls = {
    ...faults.controls,
    purchases: () =>
      purchased().map((s) => ({
        transactionId: s.purchase?.transactionId ?? '',
        metadata: s.reference,
        refund: s.purchase?.refund ? TRANSACTION_STATUS[s.purchase.refund] : null,
      })),
  };
  return { app, controls };
}
