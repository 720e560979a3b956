import { randomBytes } from 'node:crypto';
import { CarrierError } from './errors';
import { estimatedDeliveryFor, quote, transitDaysFor } from './pricing';
import { validateServiceDefinition } from './service-definition';
import type { CatalogueState, IdempotencyRecord, StateChange, StateStore } from './store';
import { carrierHasScanned, type TimelineOptions } from './tracking';
import { newTrackingNumber } from './tracking-numbers';
import {
  type Address,
  type CatalogueDefinition,
  type Clock,
  type LabelRecord,
  type PackageDetails,
  type ServiceDefinition,
  type ServiceStatus,
  VOID_SETTLE_MS,
  type VoidSettlement,
} from './types';

/** A service as currently offered: its definition with the status in force. */
export type OfferedService = ServiceDefinition & { status: ServiceStatus };

export type ServiceLookup =
  | { kind: 'offered'; service: OfferedService }
  | { kind: 'retired'; service: ServiceDefinition }
  | { kind: 'unknown' };

export interface LabelRequest {
  serviceCode: string;
  template: string | null;
  from: Address;
  to: Address;
  package: PackageDetails;
  reference: string | null;
}

const IDEMPOTENCY_TTL_MS = 24 * 3_600_000;
const HOUR = 3_600_000;

export function newApiKey(catalogueId: string): string {
  return `sk_sandbox_${catalogueId}_${randomBytes(16).toString('hex')}`;
}

function newLabelId(): string {
  return `lbl_${randomBytes(12).toString('hex')}`;
}

/** One catalogue: its services (with run-time changes and lifecycle), labels and idempotency keys. */
export class Catalogue {
  readonly id: string;
  readonly name: string;
  readonly templates: readonly string[];
  private readonly base: ServiceDefinition[];
  private readonly state: CatalogueState;
  private readonly labelsById = new Map<string, LabelRecord>();
  private readonly labelsByTracking = new Map<string, LabelRecord>();
  /** The kept Idempotency-Keys by key (state.idempotency holds them in the order they were made). */
  private readonly idempotencyByKey = new Map<string, IdempotencyRecord>();
  /** Set by controls: this catalogue answers 503 to everything. */
  down = false;
  /** Fixed-window request counter for the rate limit (not persisted). */
  rateWindow = { start: 0, count: 0 };
  /**
   * Set by controls: `instant` (the default) refunds a void at once; `pending` accepts it as `void_pending` and settles
   * it VOID_SETTLE_MS later, as EasyPost and Shippo do, or rejects it if the carrier scanned the parcel meanwhile.
   */
  voidSettlement: VoidSettlement = 'instant';

  constructor(
    def: CatalogueDefinition,
    private readonly store: StateStore,
    private readonly clock: Clock,
    readonly timeline: TimelineOptions,
  ) {
    this.id = def.id;
    this.name = def.name;
    this.templates = def.templates;
    this.base = def.services.map((s) => structuredClone(s));
    const loaded = store.load();
    this.state = loaded ?? {
      version: 1,
      epoch: clock.now().toISOString(),
      apiKey: def.apiKey ?? newApiKey(def.id),
      labels: [],
      idempotency: [],
      overrides: { added: [], retired: [], status: {} },
    };
    const keyChanged = def.apiKey !== undefined && def.apiKey !== this.state.apiKey;
    if (keyChanged && def.apiKey) this.state.apiKey = def.apiKey;
    for (const label of this.state.labels) this.index(label);
    for (const record of this.state.idempotency) this.idempotencyByKey.set(record.key, record);
    if (!loaded || keyChanged) this.persist();
  }

  get apiKey(): string {
    return this.state.apiKey;
  }

  get epoch(): Date {
    return new Date(this.state.epoch);
  }

  private persist(): void {
    this.store.save(this.state);
  }

  private index(label: LabelRecord): void {
    this.labelsById.set(label.labelId, label);
    this.labelsByTracking.set(label.trackingNumber, label);
  }

  /** Every definition (base, then added ones replacing or extending it), whatever its lifecycle. */
  private definitions(): ServiceDefinition[] {
    const added = new Map(this.state.overrides.added.map((s) => [s.serviceCode, s]));
    const out = this.base.map((s) => added.get(s.serviceCode) ?? s);
    for (const s of this.state.overrides.added) {
      if (!this.base.some((b) => b.serviceCode === s.serviceCode)) out.push(s);
    }
    return out;
  }

  private lifecycle(def: ServiceDefinition, now: Date): 'upcoming' | 'offered' | 'retired' {
    const hours = (now.getTime() - Date.parse(this.state.epoch)) / HOUR;
    if (this.state.overrides.retired.includes(def.serviceCode)) return 'retired';
    if (def.retiresAfterHours !== undefined && hours >= def.retiresAfterHours) return 'retired';
    if (def.appearsAfterHours !== undefined && hours < def.appearsAfterHours) return 'upcoming';
    return 'offered';
  }

  private offered(def: ServiceDefinition): OfferedService {
    return { ...def, status: this.state.overrides.status[def.serviceCode] ?? def.status ?? 'active' };
  }

  /** Services listed right now (active and inactive; not upcoming, not retired). */
  services(now: Date = this.clock.now()): OfferedService[] {
    return this.definitions()
      .filter((d) => this.lifecycle(d, now) === 'offered')
      .map((d) => this.offered(d));
  }

  lookup(serviceCode: string, now: Date = this.clock.now()): ServiceLookup {
    const def = this.definitions().find((d) => d.serviceCode === serviceCode);
    if (!def) return { kind: 'unknown' };
    const phase = this.lifecycle(def, now);
    if (phase === 'upcoming') return { kind: 'unknown' };
    if (phase === 'retired') return { kind: 'retired', service: def };
    return { kind: 'offered', service: this.offered(def) };
  }

  /** An offered service by code, else not_found. */
  service(serviceCode: string): OfferedService {
    const found = this.lookup(serviceCode);
    if (found.kind !== 'offered') throw new CarrierError('not_found', `No service ${serviceCode} in this catalogue`);
    return found.service;
  }

  /** An offered, active service for a purchase or a quote, else the matching error. */
  purchasable(serviceCode: string): OfferedService {
    const found = this.lookup(serviceCode);
    if (found.kind === 'unknown') {
      throw new CarrierError('invalid_request', `Unknown service code ${serviceCode}`, {
        details: [{ field: 'serviceCode', message: `Unknown service code ${serviceCode}` }],
      });
    }
    if (found.kind === 'retired') {
      throw new CarrierError('service_inactive', `${found.service.name} has been retired and can no longer be used`, {
        extra: { serviceCode },
      });
    }
    if (found.service.status !== 'active') {
      throw new CarrierError('service_inactive', `${found.service.name} is currently unavailable`, {
        extra: { serviceCode },
      });
    }
    return found.service;
  }

  /** Adds a service (or brings back a retired code with a new definition). Conflict when the code is offered. */
  addService(def: ServiceDefinition): OfferedService {
    validateServiceDefinition(def);
    if (this.lookup(def.serviceCode).kind === 'offered') {
      throw new CarrierError('conflict', `Service ${def.serviceCode} already exists`);
    }
    const o = this.state.overrides;
    o.added = o.added.filter((s) => s.serviceCode !== def.serviceCode);
    o.added.push(structuredClone({ ...def, appearsAfterHours: undefined, retiresAfterHours: undefined }));
    o.retired = o.retired.filter((c) => c !== def.serviceCode);
    delete o.status[def.serviceCode];
    this.persist();
    return this.service(def.serviceCode);
  }

  /** Retires an offered service: it leaves the list and purchases with it fail with service_inactive. */
  retireService(serviceCode: string): void {
    this.service(serviceCode);
    this.state.overrides.retired.push(serviceCode);
    this.persist();
  }

  setServiceStatus(serviceCode: string, status: ServiceStatus): OfferedService {
    this.service(serviceCode);
    this.state.overrides.status[serviceCode] = status;
    this.persist();
    return this.service(serviceCode);
  }

  /** Every label bought (voided ones included), oldest first. */
  labels(): readonly LabelRecord[] {
    return this.state.labels;
  }

  label(labelId: string): LabelRecord {
    const label = this.labelsById.get(labelId);
    if (!label) throw new CarrierError('not_found', `No label ${labelId}`);
    return label;
  }

  /**
   * The label bought with this Idempotency-Key, while the key is remembered (24 hours); undefined when the key bought
   * nothing (never used, or its requests all failed) or was forgotten.
   */
  labelByIdempotencyKey(key: string): LabelRecord | undefined {
    this.forgetExpiredKeys(this.clock.now());
    const record = this.idempotencyByKey.get(key);
    return record ? this.labelsById.get(record.labelId) : undefined;
  }

  labelByTracking(trackingNumber: string): LabelRecord {
    const label = this.labelsByTracking.get(trackingNumber);
    if (!label) throw new CarrierError('not_found', `No shipment with tracking number ${trackingNumber}`);
    return label;
  }

  /**
   * Drops the keys older than 24 hours. They are kept in the order they were made, so the expired ones are at the front
   * and a purchase looks at those and the first one still kept, however many keys there are.
   */
  private forgetExpiredKeys(now: Date): void {
    const records = this.state.idempotency;
    let expired = 0;
    while (expired < records.length) {
      const record = records[expired];
      if (!record || now.getTime() - Date.parse(record.createdAt) < IDEMPOTENCY_TTL_MS) break;
      expired++;
    }
    if (expired === 0) return;
    for (const record of records.splice(0, expired)) {
      if (this.idempotencyByKey.get(record.key) === record) this.idempotencyByKey.delete(record.key);
    }
  }

  /**
   * Buys a label. With an idempotency key, the same key and body return the label bought the first time
   * (`replayed: true`); the same key with another body is a conflict. Keys are kept 24 hours.
   */
  createLabel(
    request: LabelRequest,
    idempotency?: { key: string; requestHash: string },
  ): { label: LabelRecord; replayed: boolean } {
    const now = this.clock.now();
    this.forgetExpiredKeys(now);
    if (idempotency) {
      const seen = this.idempotencyByKey.get(idempotency.key);
      if (seen) {
        if (seen.requestHash !== idempotency.requestHash) {
          throw new CarrierError(
            'conflict',
            'This Idempotency-Key was already used with a different request body; use a new key for a new label',
          );
        }
        return { label: this.label(seen.labelId), replayed: true };
      }
    }

    const service = this.purchasable(request.serviceCode);
    let template: string | null = null;
    if (service.carrier === 'USPS') {
      template = request.template ?? this.templates[0] ?? 'BASIC';
      if (!this.templates.includes(template)) {
        const message = `Template must be one of ${this.templates.join(', ')}`;
        throw new CarrierError('invalid_request', message, { details: [{ field: 'template', message }] });
      }
    } else if (request.template !== null) {
      const message = 'Templates apply to USPS services only';
      throw new CarrierError('invalid_request', message, { details: [{ field: 'template', message }] });
    }

    const priced = quote(service, request.package.weight, request.package.weightUnit);
    const transitDays = transitDaysFor(service, request.from.zip, request.to.zip);
    let trackingNumber = newTrackingNumber(service.carrier, {
      catalogueId: this.id,
      ...(service.trackingCode ? { trackingCode: service.trackingCode } : {}),
    });
    while (this.labelsByTracking.has(trackingNumber)) {
      trackingNumber = newTrackingNumber(service.carrier, {
        catalogueId: this.id,
        ...(service.trackingCode ? { trackingCode: service.trackingCode } : {}),
      });
    }
    const label: LabelRecord = {
      labelId: newLabelId(),
      status: 'created',
      trackingNumber,
      carrier: service.carrier,
      serviceCode: service.serviceCode,
      serviceName: service.name,
      template,
      priceCents: priced.priceCents,
      billedWeight: priced.billedWeight,
      billedWeightUnit: priced.billedWeightUnit,
      from: request.from,
      to: request.to,
      package: request.package,
      reference: request.reference,
      transitDays,
      estimatedDelivery: estimatedDeliveryFor(now, transitDays),
      createdAt: now.toISOString(),
      voidedAt: null,
    };
    this.state.labels.push(label);
    this.index(label);
    const changes: StateChange[] = [{ kind: 'label', label }];
    if (idempotency) {
      const record: IdempotencyRecord = {
        key: idempotency.key,
        requestHash: idempotency.requestHash,
        labelId: label.labelId,
        createdAt: now.toISOString(),
      };
      this.state.idempotency.push(record);
      this.idempotencyByKey.set(record.key, record);
      changes.push({ kind: 'idempotency', record });
    }
    this.store.record(this.state, changes);
    return { label, replayed: false };
  }

  /**
   * Voids a label the carrier has not scanned yet (full refund). Voiding twice returns the voided label. In the
   * `pending` settlement the first void answers `void_pending` (voidedAt = when it was asked); asking again after
   * VOID_SETTLE_MS answers `voided`, or a conflict when the carrier scanned the parcel before the refund settled (the
   * label then stands again).
   */
  voidLabel(labelId: string): LabelRecord {
    const label = this.label(labelId);
    if (label.status === 'voided') return label;
    const now = this.clock.now();
    if (label.status === 'void_pending' && label.voidedAt) {
      const settlesAt = new Date(Date.parse(label.voidedAt) + VOID_SETTLE_MS);
      if (now.getTime() < settlesAt.getTime()) return label;
      if (carrierHasScanned(label, settlesAt, this.timeline)) {
        label.status = 'created';
        label.voidedAt = null;
        this.store.record(this.state, [{ kind: 'label', label }]);
        throw new CarrierError('conflict', 'The carrier scanned this package before the refund settled; void rejected');
      }
      label.status = 'voided';
      this.store.record(this.state, [{ kind: 'label', label }]);
      return label;
    }
    if (carrierHasScanned(label, now, this.timeline)) {
      throw new CarrierError(
        'conflict',
        'The carrier has already scanned this package; the label can no longer be voided',
      );
    }
    label.status = this.voidSettlement === 'pending' ? 'void_pending' : 'voided';
    label.voidedAt = now.toISOString();
    this.store.record(this.state, [{ kind: 'label', label }]);
    return label;
  }
}
