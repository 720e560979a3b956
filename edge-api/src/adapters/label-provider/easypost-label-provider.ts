import {
  type CreateLabelInput,
  CreateLabelInput as CreateLabelInputSchema,
  type LabelProvider,
  PROVIDER_ERROR_MESSAGES as MSG,
  type ProviderAddress,
  ProviderError,
  type ProviderLabel,
  type PurchasedLabel,
} from '../../ports/label-provider';
import {
  type Call,
  dateOnly,
  EpRate,
  EpShipment,
  EpShipmentList,
  EpTrackerList,
  easypostError,
  easypostServiceCode,
  epAddress,
  TRACKING_STATUS,
} from './easypost-protocol';
import type { HttpLabelProviderOptions } from './http-label-provider';
import { httpTransport, isZpl, labelFileDownloader, type SendInit, withUnknownOutcome } from './http-transport';
import {
  CANONICAL_SERVICES,
  catalogueByRating,
  noRateError,
  quoteByRating,
  type RateParcel,
  REFERENCE_DIMENSIONS_IN,
  toOunces,
} from './kind-catalogue';

/**
 * The LabelProvider port over EasyPost's API v2 (https://docs.easypost.com), checked against EasyPost's recorded
 * answers (test/contract/easypost.contract.test.ts).
 *
 * - Auth: HTTP Basic, the key as user name. Weights in ounces, money as decimal strings.
 * - Purchase: create a shipment (it comes back rated; buys nothing, so it may be retried) with our idempotency key as
 *   its `reference` → buy the rate whose carrier and service map onto the order's canonical service code (never
 *   retried) → download the `postage_label` PDF (no credentials sent to the file host). EasyPost has no idempotent
 *   purchase; a shipment can be bought only once, so when `mayExist` is set the shipment with our reference is looked
 *   up first: bought → that label (replayed), not bought → that very shipment is bought, none → a new one.
 * - A 5xx, a garbled or PDF-less answer from the buy call is an unknown outcome naming the shipment (our label id).
 * - Formats: the PDF bought (`label_format: PDF`); ZPL converted by EasyPost on request (GET /shipments/{id}/label
 *   ?file_format=ZPL → `label_zpl_url`), downloaded like the PDF.
 * - Void = refund of the shipment (EasyPost settles it later: `submitted`, then `refunded` or `rejected`): submitted
 *   is `void_pending`, refunded `voided`, rejected a conflict (the carrier has scanned it).
 * - Tracking: the tracker EasyPost made with the purchase, found by tracking code.
 * - Errors: `{error:{code,message,errors[]}}`; a 401/403 is the key refused, 422 the shipment refused.
 */

export interface KindProviderOptions extends HttpLabelProviderOptions {
  /** Refuses a file URL the provider gave us that we must not fetch (the SSRF rules); default: any https URL. */
  checkFileUrl?: (url: string) => Promise<void>;
}

export function easypostLabelProvider(options: KindProviderOptions): LabelProvider {
  const auth = `Basic ${btoa(`${options.apiKey}:`)}`;
  const transport = httpTransport(options, { Authorization: auth });
  const base = `${options.baseUrl.replace(/\/+$/, '')}/v2`;
  const send = (call: Call, method: 'GET' | 'POST', path: string, init: Omit<SendInit, 'toError'>) =>
    transport.send(method, path.startsWith('http') ? path : `${base}${path}`, {
      ...init,
      toError: (status, text, retryAfter) => easypostError(call, status, text, retryAfter),
    });

  const downloadPdf = labelFileDownloader('EasyPost', options.checkFileUrl, (url) =>
    send('file', 'GET', url, { retry: true, noAuth: true, accept: 'application/pdf' }),
  );
  const downloadZpl = labelFileDownloader(
    'EasyPost',
    options.checkFileUrl,
    (url) => send('file', 'GET', url, { retry: true, noAuth: true, accept: 'application/zpl, text/plain' }),
    { isValid: isZpl, name: 'ZPL' },
  );

  const rateShipment = async (
    from: ProviderAddress,
    to: ProviderAddress,
    ounces: number,
    dims: { length: number; width: number; height: number } = REFERENCE_DIMENSIONS_IN,
    reference?: string,
    failFast = false,
  ) => {
    const sent = await send('rate', 'POST', '/shipments', {
      retry: true,
      failFast,
      json: {
        shipment: {
          from_address: epAddress(from),
          to_address: epAddress(to),
          parcel: { length: dims.length, width: dims.width, height: dims.height, weight: ounces },
          ...(reference ? { reference } : {}),
          options: { label_format: 'PDF', label_size: '4x6' },
        },
      },
    });
    return transport.json(sent, EpShipment, 'POST /v2/shipments');
  };

  /** The shipment's rates in canonical terms (rates we cannot read or do not sell are left out). */
  const ratesOf = (shipment: EpShipment) =>
    shipment.rates.flatMap((raw) => {
      const r = EpRate.safeParse(raw);
      const code = r.success ? easypostServiceCode(r.data.carrier, r.data.service) : undefined;
      return r.success && code ? [{ ...r.data, serviceCode: code }] : [];
    });

  /** A parcel rated in canonical terms: the catalogue and quotes read these. */
  const offersFor: RateParcel = async (from, to, ounces) =>
    ratesOf(await rateShipment(from, to, ounces)).map((r) => ({
      serviceCode: r.serviceCode,
      priceCents: r.rate,
      transitDays: r.est_delivery_days ?? r.delivery_days ?? null,
      estimatedDelivery: dateOnly(r.delivery_date),
    }));

  function labelOf(s: EpShipment, replayed: boolean): ProviderLabel {
    const rate = s.selected_rate;
    const code = rate ? easypostServiceCode(rate.carrier, rate.service) : undefined;
    const known = code ? CANONICAL_SERVICES[code] : undefined;
    if (!rate || !code || !known || !s.tracking_code) {
      throw new ProviderError('upstream_error', MSG.rejected, {
        logMessage: `EasyPost shipment ${s.id}: bought answer without a known selected rate or tracking code`,
      });
    }
    return {
      labelId: s.id,
      status: s.refund_status === 'refunded' ? 'voided' : s.refund_status === 'submitted' ? 'void_pending' : 'created',
      carrier: known.carrier,
      serviceName: known.name,
      serviceCode: code,
      trackingNumber: s.tracking_code,
      priceCents: rate.rate,
      estimatedDelivery: dateOnly(rate.delivery_date) ?? dateOnly(s.tracker?.est_delivery_date),
      createdAt: s.created_at,
      voidedAt: null,
      replayed,
    };
  }

  /** The most recent shipment with this reference (EasyPost lists newest first; 10 pages of 100 at most). */
  async function findByReference(reference: string): Promise<EpShipment | null> {
    let before: string | undefined;
    for (let page = 0; page < 10; page++) {
      const q = `page_size=100${before ? `&before_id=${encodeURIComponent(before)}` : ''}`;
      const sent = await send('lookup', 'GET', `/shipments?${q}`, { retry: true });
      const list = transport.json(sent, EpShipmentList, 'GET /v2/shipments');
      const found = list.shipments.filter((s) => s.reference === reference);
      const bought = found.find((s) => s.postage_label);
      if (bought ?? found[0]) return bought ?? found[0] ?? null;
      if (!list.has_more || list.shipments.length === 0) return null;
      before = list.shipments[list.shipments.length - 1]?.id;
    }
    // Too far back to prove anything: an unknown outcome stays with the reconciliation.
    throw new ProviderError('upstream_unavailable', MSG.unavailable, {
      logMessage: `EasyPost: shipment with reference ${reference} not within the last 1,000 shipments`,
    });
  }

  async function completed(s: EpShipment, replayed: boolean): Promise<PurchasedLabel> {
    const label = labelOf(s, replayed);
    const url = s.postage_label?.label_pdf_url ?? s.postage_label?.label_url;
    if (!url) throw new ProviderError('upstream_error', MSG.rejected, { logMessage: `EasyPost ${s.id}: no label` });
    return { ...label, pdf: await downloadPdf(url, s.id) };
  }

  async function buy(s: EpShipment, serviceCode: string, failFast = false): Promise<PurchasedLabel> {
    const rate = ratesOf(s).find((r) => r.serviceCode === serviceCode);
    if (!rate) throw noRateError(serviceCode);
    let sent: Awaited<ReturnType<typeof send>>;
    try {
      sent = await send('buy', 'POST', `/shipments/${encodeURIComponent(s.id)}/buy`, {
        retry: false,
        failFast,
        purchase: true,
        json: { rate: { id: rate.id } },
      });
    } catch (err) {
      if (err instanceof ProviderError && err.providerCode === 'SHIPMENT.POSTAGE.EXISTS') {
        // Bought by an earlier attempt: that label, not a second one.
        const again = transport.json(
          await send('lookup', 'GET', `/shipments/${encodeURIComponent(s.id)}`, { retry: true }),
          EpShipment,
          'GET /v2/shipments/{id}',
        );
        return completed(again, true);
      }
      // A crash or a lost answer of the buy call: the label may exist; the shipment names it.
      if (err instanceof ProviderError && (err.httpStatus ?? 0) >= 500) throw withUnknownOutcome(err, s.id);
      if (
        err instanceof ProviderError &&
        err.code === 'upstream_unavailable' &&
        err.httpStatus === undefined &&
        !err.nothingBought
      ) {
        throw withUnknownOutcome(err, s.id);
      }
      throw err;
    }
    try {
      return await completed(transport.json(sent, EpShipment, 'POST /v2/shipments/{id}/buy'), false);
    } catch (err) {
      if (err instanceof ProviderError) throw withUnknownOutcome(err, s.id);
      throw err;
    }
  }

  return {
    async checkKey() {
      await send('check', 'GET', '/shipments?page_size=1', { retry: true });
    },

    listServices: () => catalogueByRating(offersFor),

    quote: (input) => quoteByRating(offersFor, input),

    async createLabel(raw: CreateLabelInput) {
      const input = CreateLabelInputSchema.parse(raw);
      const reference = input.idempotencyKey ?? input.reference;
      if (input.mayExist && reference) {
        const earlier = await findByReference(reference);
        if (earlier?.postage_label) {
          // That label stands: if it cannot be used now it must be voided, never left billed (an unknown outcome).
          return completed(earlier, true).catch((err: unknown) => {
            throw err instanceof ProviderError ? withUnknownOutcome(err, earlier.id) : err;
          });
        }
        if (earlier) return buy(earlier, input.serviceCode, input.failFast);
      }
      const pkg = input.package;
      const s = await rateShipment(
        input.from,
        input.to,
        toOunces(pkg.weight, pkg.weightUnit),
        { length: pkg.length, width: pkg.width, height: pkg.height },
        reference,
        input.failFast,
      );
      return buy(s, input.serviceCode, input.failFast);
    },

    async findLabelByIdempotencyKey(key) {
      const s = await findByReference(key);
      return s?.postage_label ? labelOf(s, false) : null;
    },

    async getLabelPdf(labelId) {
      const sent = await send('refund', 'GET', `/shipments/${encodeURIComponent(labelId)}`, { retry: true });
      const s = transport.json(sent, EpShipment, 'GET /v2/shipments/{id}');
      const url = s.postage_label?.label_pdf_url ?? s.postage_label?.label_url;
      if (!url)
        throw new ProviderError('not_found', MSG.labelNotFound, { logMessage: `EasyPost ${labelId}: no label` });
      return downloadPdf(url, labelId);
    },

    async getLabelFile(labelId, format, opts) {
      // EasyPost renders ZPL at 203 dpi and gives no PNG of a label bought as PDF (LABEL_FORMATS_BY_KIND,
      // ZPL_DPIS_BY_KIND); the use-case refuses those before asking.
      if (format !== 'zpl' || opts.dpi !== 203) {
        throw new ProviderError('invalid_input', MSG.rejected, {
          logMessage: `EasyPost ${labelId}: no ${format} at ${opts.dpi} dpi`,
        });
      }
      // EasyPost converts a bought label on request; asking again answers the same shipment, so it may be retried.
      const path = `/shipments/${encodeURIComponent(labelId)}/label?file_format=ZPL`;
      const sent = await send('file', 'GET', path, { retry: true });
      const s = transport.json(sent, EpShipment, 'GET /v2/shipments/{id}/label');
      const url = s.postage_label?.label_zpl_url;
      if (!url) {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `EasyPost ${labelId}: no label_zpl_url after the conversion`,
        });
      }
      return downloadZpl(url, labelId);
    },

    async getTracking(trackingNumber) {
      const q = `tracking_code=${encodeURIComponent(trackingNumber)}&page_size=1`;
      const sent = await send('tracking', 'GET', `/trackers?${q}`, { retry: true });
      const [t] = transport.json(sent, EpTrackerList, 'GET /v2/trackers').trackers;
      if (!t)
        throw new ProviderError('not_found', MSG.trackingNotFound, {
          logMessage: `EasyPost: no tracker ${trackingNumber}`,
        });
      const events = t.tracking_details.map((d) => ({
        status: TRACKING_STATUS[d.status] ?? 'in_transit',
        description: d.message ?? d.status,
        location:
          [d.tracking_location?.city, d.tracking_location?.state].filter((x): x is string => Boolean(x)).join(', ') ||
          null,
        occurredAt: d.datetime,
      }));
      const status = TRACKING_STATUS[t.status] ?? 'pre_transit';
      return {
        trackingNumber: t.tracking_code,
        status,
        estimatedDelivery: dateOnly(t.est_delivery_date),
        deliveredAt: status === 'delivered' ? (events[events.length - 1]?.occurredAt ?? null) : null,
        events,
        checkedAt: new Date().toISOString(),
      };
    },

    async voidLabel(labelId) {
      // Asking for a refund twice answers the same shipment: safe to retry.
      const sent = await send('refund', 'POST', `/shipments/${encodeURIComponent(labelId)}/refund`, {
        retry: true,
        json: {},
      });
      const s = transport.json(sent, EpShipment, 'POST /v2/shipments/{id}/refund');
      if (s.refund_status === 'rejected') {
        throw new ProviderError('conflict', MSG.cannotVoid, {
          logMessage: `EasyPost refused the refund of ${labelId}`,
        });
      }
      return labelOf(s, false);
    },
  };
}
