import type { Context } from 'hono';
import { Hono } from 'hono';
import { z } from 'zod';
import type { TrackingStatus } from '../tracking';
import type { Address, Carrier } from '../types';
import { type KindEngine, type KindRate, type KindShipment, usd } from './engine';
import { brokenLabelFile, type KindFaultControls, kindFaults } from './faults';

/**
 * An EasyPost-protocol sandbox (API v2, https://docs.easypost.com): shipments rated on creation, buy a rate, the
 * postage label as a PDF file URL (converted to ZPL on request), refunds, trackers — the shapes of EasyPost's recorded answers
 * (EasyPost/easypost-node test/cassettes). Only test keys are accepted (`EZTK…`, as EasyPost's test mode); any other
 * key gets EasyPost's own 401 body. Weights are ounces, money decimal strings, as EasyPost sends them.
 */

/** LabelDesk service code → EasyPost's carrier and service names. */
export const EASYPOST_SERVICE_NAMES: Record<string, { carrier: string; service: string }> = {
  ups_ground: { carrier: 'UPS', service: 'Ground' },
  ups_ground_saver: { carrier: 'UPS', service: 'UPSGroundsaver' },
  ups_3_day_select: { carrier: 'UPS', service: '3DaySelect' },
  ups_2nd_day_air: { carrier: 'UPS', service: '2ndDayAir' },
  ups_next_day_air: { carrier: 'UPS', service: 'NextDayAir' },
  ups_next_day_air_saver: { carrier: 'UPS', service: 'NextDayAirSaver' },
  ups_next_day_air_early: { carrier: 'UPS', service: 'NextDayAirEarlyAM' },
  usps_ground_advantage: { carrier: 'USPS', service: 'GroundAdvantage' },
  usps_priority_mail: { carrier: 'USPS', service: 'Priority' },
  usps_priority_mail_express: { carrier: 'USPS', service: 'Express' },
  usps_media_mail: { carrier: 'USPS', service: 'MediaMail' },
  fedex_ground: { carrier: 'FedEx', service: 'FEDEX_GROUND' },
  fedex_home_delivery: { carrier: 'FedEx', service: 'GROUND_HOME_DELIVERY' },
  fedex_2day: { carrier: 'FedEx', service: 'FEDEX_2_DAY' },
  fedex_express_saver: { carrier: 'FedEx', service: 'FEDEX_EXPRESS_SAVER' },
  fedex_standard_overnight: { carrier: 'FedEx', service: 'STANDARD_OVERNIGHT' },
  fedex_priority_overnight: { carrier: 'FedEx', service: 'PRIORITY_OVERNIGHT' },
};

const CARRIER_NAME: Record<Carrier, string> = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' };

const EpAddress = z.object({
  name: z.string().max(200).nullish(),
  company: z.string().max(200).nullish(),
  street1: z.string().max(200).nullish(),
  street2: z.string().max(200).nullish(),
  city: z.string().max(100).nullish(),
  state: z.string().max(100).nullish(),
  zip: z.string().min(1).max(20),
  country: z.string().max(2).nullish(),
  phone: z.string().max(50).nullish(),
  email: z.string().max(200).nullish(),
});
const EpCreateShipment = z.object({
  shipment: z.object({
    from_address: EpAddress,
    to_address: EpAddress,
    parcel: z.object({
      weight: z.number().positive().max(2400),
      length: z.number().positive().optional(),
      width: z.number().positive().optional(),
      height: z.number().positive().optional(),
    }),
    reference: z.string().max(100).nullish(),
    options: z.record(z.string(), z.unknown()).optional(),
  }),
});
const EpBuy = z.object({ rate: z.object({ id: z.string() }) });

const EP_STATUS: Record<TrackingStatus, string> = {
  pre_transit: 'pre_transit',
  in_transit: 'in_transit',
  out_for_delivery: 'out_for_delivery',
  delivered: 'delivered',
  exception: 'failure',
  cancelled: 'cancelled',
};

export interface EasypostSandboxControls extends KindFaultControls {
  /** Shipments bought so far: their reference and whether they were refunded. */
  purchases(): { shipmentId: string; reference: string | null; refund: string | null }[];
}

function epError(
  c: Context,
  status: 401 | 404 | 422 | 500 | 503,
  code: string,
  message: string,
  errors: unknown[] = [],
) {
  return c.json({ error: { code, message, errors } }, status);
}

function address(a: z.infer<typeof EpAddress>): Address {
  return {
    name: a.name ?? '',
    company: a.company ?? null,
    street1: a.street1 ?? '',
    street2: a.street2 ?? null,
    city: a.city ?? '',
    state: a.state ?? '',
    zip: a.zip,
    country: a.country ?? 'US',
    phone: a.phone ?? null,
    email: a.email ?? null,
  };
}

export function createEasypostSandboxApp(
  engine: KindEngine,
  basePath: string,
): { app: Hono; controls: EasypostSandboxControls } {
  const faults = kindFaults();
  const app = new Hono().basePath(basePath);
  const stamp = (iso: string) => iso.replace(/\.\d{3}Z$/, 'Z');

  const addressView = (a: Address) => ({ object: 'Address', mode: 'test', ...a });
  const rateView = (s: KindShipment, r: KindRate) => {
    const names = EASYPOST_SERVICE_NAMES[r.serviceCode];
    return {
      id: r.id,
      object: 'Rate',
      created_at: stamp(s.createdAt),
      updated_at: stamp(s.createdAt),
      mode: 'test',
      service: names?.service ?? r.serviceCode,
      carrier: names?.carrier ?? CARRIER_NAME[r.carrier],
      rate: usd(r.priceCents),
      currency: 'USD',
      retail_rate: usd(Math.round(r.priceCents * 1.25)),
      retail_currency: 'USD',
      list_rate: usd(Math.round(r.priceCents * 1.1)),
      list_currency: 'USD',
      billing_type: 'easypost',
      delivery_days: r.transitDays,
      delivery_date: null,
      delivery_date_guaranteed: false,
      est_delivery_days: r.transitDays,
      shipment_id: s.id,
      carrier_account_id: `ca_${r.carrier.toLowerCase()}sandbox`,
    };
  };
  const trackerView = (s: KindShipment) => {
    const snapshot = engine.tracking(s);
    const p = s.purchase;
    if (!p || !snapshot) return null;
    return {
      id: `trk_${s.id.slice(4)}`,
      object: 'Tracker',
      mode: 'test',
      tracking_code: p.label.trackingNumber,
      status: EP_STATUS[snapshot.status],
      status_detail: snapshot.status === 'exception' ? 'delayed' : 'status_update',
      created_at: stamp(p.label.createdAt),
      updated_at: stamp(engine.now().toISOString()),
      signed_by: null,
      weight: null,
      est_delivery_date: snapshot.estimatedDelivery ? `${snapshot.estimatedDelivery}T00:00:00Z` : null,
      shipment_id: s.id,
      carrier: EASYPOST_SERVICE_NAMES[p.label.serviceCode]?.carrier ?? CARRIER_NAME[p.label.carrier],
      tracking_details: snapshot.events.map((e) => {
        const [city, st] = e.location.split(',').map((x) => x.trim());
        return {
          object: 'TrackingDetail',
          message: e.description,
          description: '',
          status: EP_STATUS[e.status],
          status_detail: 'status_update',
          datetime: stamp(e.occurredAt.toISOString()),
          source: CARRIER_NAME[p.label.carrier],
          carrier_code: '',
          tracking_location: {
            object: 'TrackingLocation',
            city: city ?? null,
            state: st ?? null,
            country: 'US',
            zip: null,
          },
        };
      }),
      fees: [],
      carrier_detail: null,
      public_url: `https://track.easypost.com/sandbox/${p.label.trackingNumber}`,
    };
  };
  const shipmentView = (c: Context, s: KindShipment) => {
    const p = s.purchase;
    const origin = new URL(c.req.url).origin;
    const selected = p ? s.rates.find((r) => r.id === p.rateId) : undefined;
    return {
      id: s.id,
      object: 'Shipment',
      mode: 'test',
      created_at: stamp(s.createdAt),
      updated_at: stamp(p?.label.createdAt ?? s.createdAt),
      is_return: false,
      messages: [],
      options: { currency: 'USD', label_format: 'PDF', label_size: '4x6' },
      reference: s.reference,
      status: 'unknown',
      tracking_code: p?.label.trackingNumber ?? null,
      from_address: addressView(s.from),
      to_address: addressView(s.to),
      parcel: { object: 'Parcel', mode: 'test', predefined_package: null, ...s.parcel, weight: s.parcel.weightOz },
      customs_info: null,
      insurance: null,
      order_id: null,
      postage_label: p
        ? {
            object: 'PostageLabel',
            id: `pl_${s.id.slice(4)}`,
            created_at: stamp(p.label.createdAt),
            updated_at: stamp(p.label.createdAt),
            date_advance: 0,
            integrated_form: 'none',
            label_date: stamp(p.label.createdAt),
            label_resolution: 300,
            label_size: '4x6',
            label_type: 'default',
            label_file_type: 'application/pdf',
            label_url: `${origin}${basePath}/files/postage_label/${s.id}.pdf`,
            label_pdf_url: `${origin}${basePath}/files/postage_label/${s.id}.pdf`,
            label_zpl_url: p.converted?.includes('ZPL') ? `${origin}${basePath}/files/postage_label/${s.id}.zpl` : null,
            label_epl2_url: null,
            label_file: null,
          }
        : null,
      rates: s.rates.map((r) => rateView(s, r)),
      selected_rate: selected ? rateView(s, selected) : null,
      refund_status: p?.refund ?? null,
      scan_form: null,
      tracker: trackerView(s),
      fees: [],
      forms: [],
      batch_id: null,
      batch_status: null,
      batch_message: null,
    };
  };

  // Label files are public URLs (like EasyPost's S3 links): no key.
  app.get('/files/postage_label/:file', async (c) => {
    const file = c.req.param('file');
    const id = file.replace(/\.(pdf|zpl)$/, '');
    const s = engine.shipment(id);
    if (!s?.purchase) return c.text('Not Found', 404);
    if (file.endsWith('.zpl')) {
      const zpl = engine.zpl(s);
      return zpl === undefined ? c.text('Not Found', 404) : c.text(zpl, 200, { 'Content-Type': 'application/zpl' });
    }
    if (faults.breakThisFile()) return brokenLabelFile(c);
    return new Response(await engine.pdf(s), { headers: { 'Content-Type': 'application/pdf' } });
  });

  app.use('/v2/*', async (c, next) => {
    if (faults.isDown()) return epError(c, 503, 'SERVICE.UNAVAILABLE', 'The service is temporarily unavailable.');
    const header = c.req.header('authorization') ?? '';
    let key = '';
    if (header.startsWith('Basic ')) key = atob(header.slice(6)).split(':')[0] ?? '';
    else if (header.startsWith('Bearer ')) key = header.slice(7);
    if (!key) return epError(c, 401, 'APIKEY.REQUIRED', 'Missing or invalid API key.');
    if (!/^EZTK[A-Za-z0-9]{8,}$/.test(key)) {
      return epError(
        c,
        401,
        'APIKEY.INACTIVE',
        'This api key is no longer active. Please use a different api key or reactivate this key.',
      );
    }
    await next();
  });

  app.post('/v2/shipments', async (c) => {
    const parsed = EpCreateShipment.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      const field = parsed.error.issues[0]?.path.join('.') || 'shipment';
      return epError(c, 422, 'PARAMETER.REQUIRED', 'Missing required parameter.', [
        { field, message: 'cannot be blank' },
      ]);
    }
    const sh = parsed.data.shipment;
    const s = engine.createShipment({
      idPrefix: 'shp',
      ratePrefix: 'rate',
      reference: sh.reference ?? null,
      from: address(sh.from_address),
      to: address(sh.to_address),
      parcel: {
        weightOz: sh.parcel.weight,
        length: sh.parcel.length ?? 1,
        width: sh.parcel.width ?? 1,
        height: sh.parcel.height ?? 1,
      },
    });
    return c.json(shipmentView(c, s), 201);
  });

  app.get('/v2/shipments', (c) => {
    const size = Math.min(100, Math.max(1, Number(c.req.query('page_size') ?? 20) || 20));
    const before = c.req.query('before_id');
    let list = engine.list();
    if (before) list = list.slice(list.findIndex((s) => s.id === before) + 1);
    if (c.req.query('purchased') === 'true') list = list.filter((s) => s.purchase);
    const page = list.slice(0, size);
    return c.json({ shipments: page.map((s) => shipmentView(c, s)), has_more: list.length > size });
  });

  app.get('/v2/shipments/:id', (c) => {
    const s = engine.shipment(c.req.param('id'));
    if (!s) return epError(c, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    return c.json(shipmentView(c, s));
  });

  app.post('/v2/shipments/:id/buy', async (c) => {
    const s = engine.shipment(c.req.param('id'));
    if (!s) return epError(c, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    const parsed = EpBuy.safeParse(await c.req.json().catch(() => null));
    if (!parsed.success) {
      return epError(c, 422, 'PARAMETER.REQUIRED', 'Missing required parameter.', [
        { field: 'rate', message: 'cannot be blank' },
      ]);
    }
    const bought = engine.buy(s, parsed.data.rate.id, 'pl');
    if (bought === 'already') {
      return epError(c, 422, 'SHIPMENT.POSTAGE.EXISTS', 'Postage already exists for this shipment.');
    }
    if (bought === 'no_rate') {
      return epError(c, 422, 'SHIPMENT.RATE.INVALID', 'The rate is not valid for this shipment.', [
        { field: 'rate', message: 'is invalid' },
      ]);
    }
    if (faults.failThisBuy()) return epError(c, 500, 'INTERNAL_SERVER_ERROR', 'Something went wrong.');
    return c.json(shipmentView(c, bought));
  });

  // Label conversion (easypost-node's Shipment.convertLabelFormat): the shipment, with the converted file's URL.
  app.get('/v2/shipments/:id/label', (c) => {
    const s = engine.shipment(c.req.param('id'));
    if (!s) return epError(c, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    const format = (c.req.query('file_format') ?? '').toUpperCase();
    if (format !== 'ZPL' && format !== 'PDF') {
      return epError(c, 422, 'SHIPMENT.LABEL.FORMAT_INVALID', 'The label format is not supported by this sandbox.', [
        { field: 'file_format', message: 'must be one of PDF, ZPL' },
      ]);
    }
    if (!s.purchase) {
      return epError(c, 422, 'SHIPMENT.POSTAGE.REQUIRED', 'This shipment has no postage label to convert.');
    }
    if (format === 'ZPL') engine.convert(s, 'ZPL');
    return c.json(shipmentView(c, s));
  });

  app.post('/v2/shipments/:id/refund', (c) => {
    const s = engine.shipment(c.req.param('id'));
    if (!s) return epError(c, 404, 'NOT_FOUND', 'The requested resource could not be found.');
    const result = engine.refund(s);
    if (result === 'not_purchased') {
      return epError(c, 422, 'SHIPMENT.REFUND.UNAVAILABLE', 'This shipment has no postage to refund.');
    }
    return c.json(shipmentView(c, s));
  });

  app.get('/v2/trackers', (c) => {
    const code = c.req.query('tracking_code');
    const s = code ? engine.byTrackingNumber(code) : undefined;
    const tracker = s ? trackerView(s) : null;
    return c.json({ trackers: tracker ? [tracker] : [], has_more: false });
  });

  app.notFound((c) => epError(c, 404, 'NOT_FOUND', 'The requested resource could not be found.'));

  const controls: EasypostSandboxControls = {
    ...faults.controls,
    purchases: () =>
      engine
        .list()
        .filter((s) => s.purchase)
        .map((s) => ({ shipmentId: s.id, reference: s.reference, refund: s.purchase?.refund ?? null })),
  };
  return { app, controls };
}
