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
import type { KindProviderOptions } from './easypost-label-provider';
import { httpTransport, labelFileDownloader, type SendInit, withUnknownOutcome } from './http-transport';
import {
  CANONICAL_SERVICES,
  catalogueByRating,
  noRateError,
  quoteByRating,
  type RateParcel,
  REFERENCE_DIMENSIONS_IN,
  toOunces,
} from './kind-catalogue';
import {
  type Call,
  carrierOfTrackingNumber,
  dateOnly,
  ShRate,
  ShRefund,
  ShShipment,
  ShTrack,
  ShTransaction,
  ShTransactionList,
  shAddress,
  shippoError,
  shippoServiceCode,
  trackingOf,
  transactionRefused,
} from './shippo-protocol';

/**
 * The LabelProvider port over Shippo's REST API (https://docs.goshippo.com/api-reference), checked against Shippo's
 * official examples and SDK models (contract/shippo.contract.test.ts).
 *
 * - Auth: `Authorization: ShippoToken <key>`, API version pinned (SHIPPO-API-VERSION). Weights sent in ounces, sizes in
 *   inches, both as decimal strings; money comes back as decimal strings.
 * - Purchase: create a shipment (rated synchronously; buys nothing, so it may be retried) → a synchronous transaction
 *   (`async: false`) for the rate whose service level maps onto the order's canonical code, with our idempotency key
 *   as the transaction's `metadata` (never retried) → download the `label_url` PDF (no credentials sent to the file
 *   host). Shippo has no idempotent purchase: when `mayExist` is set the transaction with our metadata is looked up
 *   first (newest first, 1,000 at most): bought → that label (replayed); still queued → ask later; none, refused or
 *   refunded → a new purchase.
 * - A 5xx, a timeout after sending, a garbled or PDF-less answer, or a transaction still QUEUED/WAITING is an unknown
 *   outcome (naming the transaction when the answer did).
 * - Void = a refund (`POST /refunds`): QUEUED or PENDING is `void_pending` (Shippo settles it later), SUCCESS (or a
 *   REFUNDED transaction) `voided`, ERROR a conflict (the carrier has scanned it). Asking twice is answered from the
 *   transaction's refund status.
 * - Tracking: `GET /tracks/{carrier}/{number}`, the carrier told by the number's format.
 * - Errors: `{detail}` or a field → messages map; 401/403 is the key refused; a 201 transaction in ERROR is refused.
 */

/** The API version whose wire format this adapter reads (Shippo's current default version). */
export const SHIPPO_API_VERSION = '2018-02-08';
/** How far back a lookup by metadata goes: 10 pages of 100 transactions. */
const LOOKUP_PAGES = 10;

export function shippoLabelProvider(options: KindProviderOptions): LabelProvider {
  const transport = httpTransport(options, {
    Authorization: `ShippoToken ${options.apiKey}`,
    'SHIPPO-API-VERSION': SHIPPO_API_VERSION,
  });
  const base = options.baseUrl.replace(/\/+$/, '');
  const send = (call: Call, method: 'GET' | 'POST', path: string, init: Omit<SendInit, 'toError'>) =>
    transport.send(method, path.startsWith('http') ? path : `${base}${path}`, {
      ...init,
      toError: (status, text, retryAfter) => shippoError(call, status, text, retryAfter),
    });

  const downloadPdf = labelFileDownloader('Shippo', options.checkFileUrl, (url) =>
    send('file', 'GET', url, { retry: true, noAuth: true, accept: 'application/pdf' }),
  );

  const rateShipment = async (
    from: ProviderAddress,
    to: ProviderAddress,
    ounces: number,
    dims: { length: number; width: number; height: number } = REFERENCE_DIMENSIONS_IN,
    metadata?: string,
    failFast = false,
  ) => {
    const sent = await send('rate', 'POST', '/shipments', {
      retry: true,
      failFast,
      json: {
        address_from: shAddress(from),
        address_to: shAddress(to),
        parcels: [
          {
            length: String(dims.length),
            width: String(dims.width),
            height: String(dims.height),
            distance_unit: 'in',
            weight: String(ounces),
            mass_unit: 'oz',
          },
        ],
        ...(metadata ? { metadata } : {}),
        async: false,
      },
    });
    return transport.json(sent, ShShipment, 'POST /shipments');
  };

  /** The shipment's rates in canonical terms (rates we cannot read or do not sell are left out). */
  const ratesOf = (shipment: ShShipment) =>
    shipment.rates.flatMap((raw) => {
      const r = ShRate.safeParse(raw);
      const code = r.success ? shippoServiceCode(r.data.servicelevel.token) : undefined;
      return r.success && code ? [{ ...r.data, serviceCode: code }] : [];
    });

  /** A parcel rated in canonical terms: the catalogue and quotes read these. */
  const offersFor: RateParcel = async (from, to, ounces) =>
    ratesOf(await rateShipment(from, to, ounces)).map((r) => ({
      serviceCode: r.serviceCode,
      priceCents: r.amount,
      transitDays: r.estimated_days ?? null,
      estimatedDelivery: null,
    }));

  const getTransaction = async (id: string) =>
    transport.json(
      await send('lookup', 'GET', `/transactions/${encodeURIComponent(id)}`, { retry: true }),
      ShTransaction,
      'GET /transactions/{id}',
    );

  /** The rate a transaction bought: inside a purchase answer, else (lists, retrieves) fetched by its id. */
  async function boughtRate(t: ShTransaction, known?: { serviceCode: string; priceCents: number }) {
    if (known) return known;
    if (t.rate && typeof t.rate === 'object') {
      return { serviceCode: shippoServiceCode(t.rate.servicelevel_token), priceCents: t.rate.amount };
    }
    if (typeof t.rate !== 'string') return { serviceCode: undefined, priceCents: 0 };
    const sent = await send('lookup', 'GET', `/rates/${encodeURIComponent(t.rate)}`, { retry: true });
    const rate = transport.json(sent, ShRate, 'GET /rates/{id}');
    return { serviceCode: shippoServiceCode(rate.servicelevel.token), priceCents: rate.amount };
  }

  async function labelOf(
    t: ShTransaction,
    replayed: boolean,
    known?: { serviceCode: string; priceCents: number },
  ): Promise<ProviderLabel> {
    const { serviceCode, priceCents } = await boughtRate(t, known);
    const service = serviceCode ? CANONICAL_SERVICES[serviceCode] : undefined;
    if (!serviceCode || !service || !t.tracking_number) {
      throw new ProviderError('upstream_error', MSG.rejected, {
        logMessage: `Shippo transaction ${t.object_id}: no known service level or no tracking number`,
      });
    }
    return {
      labelId: t.object_id,
      status: t.status === 'REFUNDED' ? 'voided' : t.status === 'REFUNDPENDING' ? 'void_pending' : 'created',
      carrier: service.carrier,
      serviceName: service.name,
      serviceCode,
      trackingNumber: t.tracking_number,
      priceCents,
      estimatedDelivery: dateOnly(t.eta),
      createdAt: t.object_created,
      voidedAt: null,
      replayed,
    };
  }

  async function completed(
    t: ShTransaction,
    replayed: boolean,
    known?: { serviceCode: string; priceCents: number },
  ): Promise<PurchasedLabel> {
    const label = await labelOf(t, replayed, known);
    if (!t.label_url) {
      throw new ProviderError('upstream_error', MSG.rejected, { logMessage: `Shippo ${t.object_id}: no label_url` });
    }
    return { ...label, pdf: await downloadPdf(t.label_url, t.object_id) };
  }

  /** The most recent transaction with this metadata (Shippo lists newest first). */
  async function findByMetadata(metadata: string): Promise<ShTransaction | null> {
    for (let page = 1; page <= LOOKUP_PAGES; page++) {
      const sent = await send('lookup', 'GET', `/transactions?results=100&page=${page}`, { retry: true });
      const list = transport.json(sent, ShTransactionList, 'GET /transactions');
      const mine = list.results.filter((t) => t.metadata === metadata);
      // A live label first; else the latest attempt (refused, refunded, or still queued).
      const found = mine.find((t) => t.status === 'SUCCESS' || t.status === 'REFUNDREJECTED') ?? mine[0];
      if (found) return found;
      if (!list.next || list.results.length === 0) return null;
    }
    // Too far back to prove anything: an unknown outcome stays with the reconciliation.
    throw new ProviderError('upstream_unavailable', MSG.unavailable, {
      logMessage: `Shippo: transaction with metadata ${metadata} not within the last ${LOOKUP_PAGES * 100}`,
    });
  }

  const stillQueued = (t: ShTransaction) =>
    new ProviderError('upstream_unavailable', MSG.unavailable, {
      logMessage: `Shippo transaction ${t.object_id} is still ${t.status}`,
    });

  async function buy(
    s: ShShipment,
    serviceCode: string,
    metadata: string | undefined,
    failFast = false,
  ): Promise<PurchasedLabel> {
    const rate = ratesOf(s).find((r) => r.serviceCode === serviceCode);
    if (!rate) throw noRateError(serviceCode);
    let sent: Awaited<ReturnType<typeof send>>;
    try {
      sent = await send('buy', 'POST', '/transactions', {
        retry: false,
        failFast,
        purchase: true,
        json: { rate: rate.object_id, async: false, label_file_type: 'PDF_4x6', ...(metadata ? { metadata } : {}) },
      });
    } catch (err) {
      // A crash or a lost answer of the purchase: the label may exist; the lookup by metadata finds it.
      if (err instanceof ProviderError && (err.httpStatus ?? 0) >= 500) throw withUnknownOutcome(err, undefined);
      if (
        err instanceof ProviderError &&
        err.code === 'upstream_unavailable' &&
        err.httpStatus === undefined &&
        !err.nothingBought
      ) {
        throw withUnknownOutcome(err, undefined);
      }
      throw err;
    }
    let t: ShTransaction;
    try {
      t = transport.json(sent, ShTransaction, 'POST /transactions');
    } catch (err) {
      if (err instanceof ProviderError) throw withUnknownOutcome(err, undefined);
      throw err;
    }
    if (t.status === 'ERROR') throw transactionRefused(t);
    try {
      if (t.status !== 'SUCCESS') throw stillQueued(t);
      return await completed(t, false, { serviceCode, priceCents: rate.amount });
    } catch (err) {
      if (err instanceof ProviderError) throw withUnknownOutcome(err, t.object_id);
      throw err;
    }
  }

  return {
    async checkKey() {
      await send('check', 'GET', '/transactions?results=1', { retry: true });
    },

    listServices: () => catalogueByRating(offersFor),

    quote: (input) => quoteByRating(offersFor, input),

    async createLabel(raw: CreateLabelInput) {
      const input = CreateLabelInputSchema.parse(raw);
      const metadata = input.idempotencyKey ?? input.reference;
      if (input.mayExist && metadata) {
        const earlier = await findByMetadata(metadata);
        if (earlier?.status === 'QUEUED' || earlier?.status === 'WAITING') throw stillQueued(earlier);
        if (earlier?.status === 'REFUNDED' || earlier?.status === 'REFUNDPENDING') {
          // Voided since (a reconciliation voided it): the caller settles the order; nothing is bought again.
          return { ...(await labelOf(earlier, true)), pdf: new Uint8Array() };
        }
        if (earlier && earlier.status !== 'ERROR') {
          // That label stands: if it cannot be used now it must be voided, never left billed (an unknown outcome).
          return completed(earlier, true).catch((err: unknown) => {
            throw err instanceof ProviderError ? withUnknownOutcome(err, earlier.object_id) : err;
          });
        }
        // None, or refused by the carrier (ERROR): nothing stands for this order, so buying one is safe.
      }
      const pkg = input.package;
      const s = await rateShipment(
        input.from,
        input.to,
        toOunces(pkg.weight, pkg.weightUnit),
        { length: pkg.length, width: pkg.width, height: pkg.height },
        metadata,
        input.failFast,
      );
      return buy(s, input.serviceCode, metadata, input.failFast);
    },

    async findLabelByIdempotencyKey(key) {
      const t = await findByMetadata(key);
      if (!t || t.status === 'ERROR') return null;
      if (t.status === 'QUEUED' || t.status === 'WAITING') throw stillQueued(t);
      return labelOf(t, false);
    },

    async getLabelPdf(labelId) {
      const t = await getTransaction(labelId).catch((err: unknown) => {
        if (err instanceof ProviderError && err.httpStatus === 404) {
          throw new ProviderError('not_found', MSG.labelNotFound, { logMessage: err.logMessage });
        }
        throw err;
      });
      if (!t.label_url) {
        throw new ProviderError('not_found', MSG.labelNotFound, { logMessage: `Shippo ${labelId}: no label_url` });
      }
      return downloadPdf(t.label_url, labelId);
    },

    async getTracking(trackingNumber) {
      const carrier = carrierOfTrackingNumber(trackingNumber);
      if (!carrier) {
        throw new ProviderError('not_found', MSG.trackingNotFound, {
          logMessage: `Shippo: no carrier for tracking number ${trackingNumber}`,
        });
      }
      const path = `/tracks/${carrier}/${encodeURIComponent(trackingNumber)}`;
      const t = transport.json(await send('tracking', 'GET', path, { retry: true }), ShTrack, 'GET /tracks');
      if (!t.tracking_status && t.tracking_history.length === 0) {
        throw new ProviderError('not_found', MSG.trackingNotFound, {
          logMessage: `Shippo knows nothing of ${carrier} ${trackingNumber}`,
        });
      }
      return trackingOf(t, new Date());
    },

    async voidLabel(labelId) {
      let refund: { status: string } | undefined;
      try {
        const sent = await send('refund', 'POST', '/refunds', {
          retry: true,
          json: { transaction: labelId, async: false },
        });
        refund = transport.json(sent, ShRefund, 'POST /refunds');
      } catch (err) {
        // Asked before (Shippo refuses a second refund of a transaction): the transaction's status answers.
        if (!(err instanceof ProviderError) || (err.httpStatus !== 400 && err.httpStatus !== 409)) throw err;
      }
      if (refund?.status === 'ERROR') {
        throw new ProviderError('conflict', MSG.cannotVoid, { logMessage: `Shippo refused the refund of ${labelId}` });
      }
      const t = await getTransaction(labelId);
      if (t.status === 'REFUNDREJECTED') {
        throw new ProviderError('conflict', MSG.cannotVoid, { logMessage: `Shippo rejected the refund of ${labelId}` });
      }
      const label = await labelOf(t, false);
      if (refund === undefined && label.status === 'created') {
        throw new ProviderError('upstream_error', MSG.rejected, {
          logMessage: `Shippo refused the refund of ${labelId} and the transaction is ${t.status}`,
        });
      }
      // Settled once the refund (or the transaction) says so; until then Shippo is still processing it.
      return {
        ...label,
        status: refund?.status === 'SUCCESS' || label.status === 'voided' ? 'voided' : 'void_pending',
      };
    },
  };
}
