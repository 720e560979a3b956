/** Shapes shared by the sandbox's modules. Prices are integer cents here; the HTTP layer converts to decimal USD. */

export const CARRIERS = ['UPS', 'USPS', 'FEDEX'] as const;
export type Carrier = (typeof CARRIERS)[number];

export const WEIGHT_UNITS = ['lbs', 'oz'] as const;
export type WeightUnit = (typeof WEIGHT_UNITS)[number];

export type ServiceStatus = 'active' | 'inactive';

/** USPS label templates (SPEC §9). BASIC is the default. */
export const USPS_TEMPLATES = [
  'BASIC',
  'EVS',
  'EVS_V2',
  'AMZ',
  'EASYPOST',
  'ENDICIA',
  'ROLLO',
  'PITNEY_BOWES',
  'STAMPS',
] as const;

/**
 * One weight tier: applies to weights w with fromWeight < w <= toWeight (the first tier starts at 0), in the service's
 * weight unit.
 */
export interface PriceTier {
  fromWeight: number;
  toWeight: number;
  priceCents: number;
}

export interface ServiceDefinition {
  carrier: Carrier;
  /** Display name; USPS ounce services carry "N oz" in the name (SPEC §3). */
  name: string;
  /** Stable identifier used in requests. */
  serviceCode: string;
  /** Default active. */
  status?: ServiceStatus;
  /** Unit of maxWeight and of the tiers: oz for "… oz" services, lbs otherwise. */
  weightUnit: WeightUnit;
  maxWeight: number;
  /** Contiguous tiers from 0 to maxWeight. */
  tiers: PriceTier[];
  /** Transit time after the carrier's first scan, in days (short hauls get min, cross-country max). */
  transitDays: { min: number; max: number };
  /**
   * Carrier-specific tracking number part: UPS two-character service indicator (e.g. "03"), USPS four-digit prefix
   * (9400, 9205, 9361). Ignored for FedEx.
   */
  trackingCode?: string;
  /** Lifecycle relative to the catalogue's epoch (its first start): listed only from this many hours on. */
  appearsAfterHours?: number;
  /** Lifecycle relative to the catalogue's epoch: retired (unlisted, refused) from this many hours on. */
  retiresAfterHours?: number;
}

export interface CatalogueDefinition {
  /** Path segment: the catalogue's base URL is `<sandbox url>/catalogues/<id>`. */
  id: string;
  name: string;
  /** API key clients send in X-Api-Key. Unset: generated once (and kept in the data dir when there is one). */
  apiKey?: string;
  /** USPS templates this catalogue accepts (the first is the default). */
  templates: readonly string[];
  services: ServiceDefinition[];
}

export interface Address {
  name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  city: string;
  state: string;
  zip: string;
  country: string;
  phone: string | null;
  email: string | null;
}

export interface PackageDetails {
  weight: number;
  weightUnit: WeightUnit;
  length: number;
  width: number;
  height: number;
  description: string | null;
  /** Declared value in cents. */
  valueCents: number | null;
}

/** `void_pending`: a void accepted in the `pending` settlement, refunded VOID_SETTLE_MS later (see Catalogue). */
export type LabelStatus = 'created' | 'void_pending' | 'voided';
/** How a catalogue settles voids (controls): at once, or later like EasyPost and Shippo. */
export type VoidSettlement = 'instant' | 'pending';
/** How long a `pending` void takes to settle (sandbox time). */
export const VOID_SETTLE_MS = 60 * 60_000;

/** A purchased label as stored. */
export interface LabelRecord {
  labelId: string;
  status: LabelStatus;
  trackingNumber: string;
  carrier: Carrier;
  serviceCode: string;
  serviceName: string;
  template: string | null;
  priceCents: number;
  /** Package weight converted to the service's unit (what was billed). */
  billedWeight: number;
  billedWeightUnit: WeightUnit;
  from: Address;
  to: Address;
  package: PackageDetails;
  reference: string | null;
  /** Transit days fixed at purchase, so tracking does not change if the service later changes. */
  transitDays: number;
  estimatedDelivery: string;
  createdAt: string;
  voidedAt: string | null;
}

export interface Clock {
  now(): Date;
}

export type Latency = number | { min: number; max: number };
