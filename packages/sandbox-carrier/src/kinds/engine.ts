import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { renderLabelPdf } from '../label-pdf';
import { renderLabelZpl } from '../label-zpl';
import { convertWeight, estimatedDeliveryFor, quote, transitDaysFor } from '../pricing';
import { writeFileAtomic } from '../store';
import { type TrackingSnapshot, trackingAt } from '../tracking';
import { newTrackingNumber } from '../tracking-numbers';
import {
  type Address,
  type Carrier,
  type Clock,
  type LabelRecord,
  type ServiceDefinition,
  VOID_SETTLE_MS,
} from '../types';

/**
 * The carrier side shared by the EasyPost- and Shippo-protocol sandboxes: shipments rated against a catalogue's
 * services (the carrier sandbox's price tiers and transit times), one purchase per shipment (a second buy is refused,
 * as both providers do), refunds, label PDFs and tracking — persisted as one JSON file. The protocol files
 * (easypost.ts, shippo.ts) own the wire format and the provider's names for carriers and services.
 */

export interface KindRate {
  id: string;
  serviceCode: string;
  carrier: Carrier;
  priceCents: number;
  transitDays: number;
}

export type RefundStatus = 'submitted' | 'refunded' | 'rejected';

export interface KindShipment {
  id: string;
  createdAt: string;
  /** The buyer's own reference (EasyPost `reference`, Shippo `metadata`). */
  reference: string | null;
  from: Address;
  to: Address;
  parcel: { weightOz: number; length: number; width: number; height: number };
  rates: KindRate[];
  /** The purchase: the rate bought, its label, its refund. */
  purchase: {
    rateId: string;
    transactionId: string;
    label: LabelRecord;
    refund: RefundStatus | null;
    /** Formats the label was converted to on request (EasyPost's label conversion), beside the PDF it was bought as. */
    converted?: 'ZPL'[];
  } | null;
}

interface EngineState {
  version: 1;
  shipments: KindShipment[];
}

export interface EngineOptions {
  /** Id prefix of the catalogue for tracking numbers (e.g. 'easypost'). */
  catalogueId: string;
  services: ServiceDefinition[];
  clock: Clock;
  /** JSON file for the state; memory only when unset. */
  file?: string;
  /** Share (0..1) of shipments with an exception on the way. */
  exceptionRate?: number;
}

const newId = (prefix: string) => `${prefix}_${randomBytes(16).toString('hex')}`;

export class KindEngine {
  private readonly state: EngineState;
  private readonly byId = new Map<string, KindShipment>();
  private readonly byTracking = new Map<string, KindShipment>();
  private readonly byTransaction = new Map<string, KindShipment>();
  readonly services: ServiceDefinition[];
  readonly timeline: { exceptionRate: number };

  constructor(private readonly opts: EngineOptions) {
    this.services = opts.services;
    this.timeline = { exceptionRate: opts.exceptionRate ?? 0.1 };
    this.state =
      opts.file && existsSync(opts.file)
        ? (JSON.parse(readFileSync(opts.file, 'utf8')) as EngineState)
        : { version: 1, shipments: [] };
    for (const s of this.state.shipments) this.index(s);
  }

  now(): Date {
    return this.opts.clock.now();
  }

  private index(s: KindShipment): void {
    this.byId.set(s.id, s);
    if (s.purchase) {
      this.byTracking.set(s.purchase.label.trackingNumber, s);
      this.byTransaction.set(s.purchase.transactionId, s);
    }
  }

  private persist(): void {
    if (!this.opts.file) return;
    mkdirSync(dirname(this.opts.file), { recursive: true, mode: 0o700 });
    writeFileAtomic(this.opts.file, JSON.stringify(this.state));
  }

  /** Rates a parcel on every service that carries its weight (cross-country lanes cost the same as local ones). */
  createShipment(input: {
    idPrefix: string;
    ratePrefix: string;
    reference: string | null;
    from: Address;
    to: Address;
    parcel: KindShipment['parcel'];
  }): KindShipment {
    const rates: KindRate[] = [];
    for (const service of this.services) {
      const weight = convertWeight(input.parcel.weightOz, 'oz', service.weightUnit);
      if (weight <= 0 || weight > service.maxWeight) continue;
      const q = quote(service, weight, service.weightUnit);
      rates.push({
        id: newId(input.ratePrefix),
        serviceCode: service.serviceCode,
        carrier: service.carrier,
        priceCents: q.priceCents,
        transitDays: transitDaysFor(service, input.from.zip, input.to.zip),
      });
    }
    const shipment: KindShipment = {
      id: newId(input.idPrefix),
      createdAt: this.now().toISOString(),
      reference: input.reference,
      from: input.from,
      to: input.to,
      parcel: input.parcel,
      rates,
      purchase: null,
    };
    this.state.shipments.push(shipment);
    this.index(shipment);
    this.persist();
    return shipment;
  }

  shipment(id: string): KindShipment | undefined {
    return this.byId.get(id);
  }

  /** The shipment whose rate this is. */
  shipmentOfRate(rateId: string): { shipment: KindShipment; rate: KindRate } | undefined {
    for (const shipment of this.state.shipments) {
      const rate = shipment.rates.find((r) => r.id === rateId);
      if (rate) return { shipment, rate };
    }
    return undefined;
  }

  byTransactionId(id: string): KindShipment | undefined {
    return this.byTransaction.get(id);
  }

  byTrackingNumber(trackingNumber: string): KindShipment | undefined {
    return this.byTracking.get(trackingNumber);
  }

  /** Shipments newest first. */
  list(): KindShipment[] {
    return [...this.state.shipments].reverse();
  }

  /**
   * Buys one rate of a shipment; 'already' when it was bought before (both providers refuse a second purchase).
   * `reference`: the buyer's reference given with the purchase itself (Shippo's transaction `metadata`), replacing the
   * shipment's.
   */
  buy(
    shipment: KindShipment,
    rateId: string,
    transactionPrefix: string,
    reference?: string | null,
  ): KindShipment | 'already' | 'no_rate' {
    if (shipment.purchase) return 'already';
    const rate = shipment.rates.find((r) => r.id === rateId);
    const service = rate && this.services.find((s) => s.serviceCode === rate.serviceCode);
    if (!rate || !service) return 'no_rate';
    if (reference !== undefined) shipment.reference = reference;
    const at = this.now();
    const label: LabelRecord = {
      labelId: newId(transactionPrefix),
      status: 'created',
      trackingNumber: newTrackingNumber(rate.carrier, {
        catalogueId: this.opts.catalogueId,
        ...(service.trackingCode ? { trackingCode: service.trackingCode } : {}),
      }),
      carrier: rate.carrier,
      serviceCode: service.serviceCode,
      serviceName: service.name,
      template: null,
      priceCents: rate.priceCents,
      billedWeight: convertWeight(shipment.parcel.weightOz, 'oz', service.weightUnit),
      billedWeightUnit: service.weightUnit,
      from: shipment.from,
      to: shipment.to,
      package: {
        weight: shipment.parcel.weightOz,
        weightUnit: 'oz',
        length: shipment.parcel.length,
        width: shipment.parcel.width,
        height: shipment.parcel.height,
        description: null,
        valueCents: null,
      },
      reference: shipment.reference,
      transitDays: rate.transitDays,
      estimatedDelivery: estimatedDeliveryFor(at, rate.transitDays),
      createdAt: at.toISOString(),
      voidedAt: null,
    };
    shipment.purchase = { rateId, transactionId: label.labelId, label, refund: null };
    this.index(shipment);
    this.persist();
    return shipment;
  }

  /**
   * Asks for the postage back: accepted (submitted) until the carrier has scanned the parcel, else rejected. A submitted
   * refund asked about again VOID_SETTLE_MS (sandbox time) after it was submitted is settled: refunded.
   */
  refund(shipment: KindShipment): RefundStatus | 'not_purchased' {
    const purchase = shipment.purchase;
    if (!purchase) return 'not_purchased';
    const submittedAt = purchase.label.voidedAt ? Date.parse(purchase.label.voidedAt) : Number.NaN;
    if (purchase.refund === 'submitted' && this.now().getTime() >= submittedAt + VOID_SETTLE_MS) {
      purchase.refund = 'refunded';
      this.persist();
    }
    if (purchase.refund) return purchase.refund;
    const snapshot = this.tracking(shipment);
    const scanned = snapshot !== undefined && snapshot.status !== 'pre_transit';
    purchase.refund = scanned ? 'rejected' : 'submitted';
    if (!scanned) {
      purchase.label.status = 'voided';
      purchase.label.voidedAt = this.now().toISOString();
    }
    this.persist();
    return purchase.refund;
  }

  tracking(shipment: KindShipment): TrackingSnapshot | undefined {
    const label = shipment.purchase?.label;
    return label ? trackingAt(label, this.now(), this.timeline) : undefined;
  }

  /** Converts a bought label to `format` (kept, so its file URL answers from then on); false when nothing is bought. */
  convert(shipment: KindShipment, format: 'ZPL'): boolean {
    const purchase = shipment.purchase;
    if (!purchase) return false;
    if (!purchase.converted?.includes(format)) {
      purchase.converted = [...(purchase.converted ?? []), format];
      this.persist();
    }
    return true;
  }

  /** The label as ZPL at 203 dpi, once converted (EasyPost renders ZPL at the thermal printers' common 8 dots/mm). */
  zpl(shipment: KindShipment): string | undefined {
    const purchase = shipment.purchase;
    return purchase?.converted?.includes('ZPL') ? renderLabelZpl(purchase.label, 203) : undefined;
  }

  pdf(shipment: KindShipment): Promise<Uint8Array> {
    const label = shipment.purchase?.label;
    if (!label) throw new Error(`shipment ${shipment.id} has no label`);
    return renderLabelPdf(label);
  }
}

/** Cents → the decimal string both providers send ('6.90'). */
export const usd = (cents: number): string => (cents / 100).toFixed(2);
