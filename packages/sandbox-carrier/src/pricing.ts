import { CarrierError } from './errors';
import type { PriceTier, ServiceDefinition, WeightUnit } from './types';

const OZ_PER_LB = 16;

/** Converts a weight between lbs and oz (rounded to 1/1000 to keep 0.1 lb = 1.6 oz exact). */
export function convertWeight(weight: number, from: WeightUnit, to: WeightUnit): number {
  if (from === to) return weight;
  const converted = from === 'lbs' ? weight * OZ_PER_LB : weight / OZ_PER_LB;
  return Math.round(converted * 1000) / 1000;
}

/** The tier for weight w: fromWeight < w <= toWeight (w > 0). */
export function tierFor(tiers: readonly PriceTier[], weight: number): PriceTier | undefined {
  return tiers.find((t) => weight > t.fromWeight && weight <= t.toWeight);
}

export interface Quote {
  priceCents: number;
  billedWeight: number;
  billedWeightUnit: WeightUnit;
}

/** Prices a package on a service, or throws weight_exceeds_max. */
export function quote(service: ServiceDefinition, weight: number, unit: WeightUnit): Quote {
  const billed = convertWeight(weight, unit, service.weightUnit);
  if (billed > service.maxWeight) {
    throw new CarrierError(
      'weight_exceeds_max',
      `Weight ${weight} ${unit} exceeds the maximum of ${service.maxWeight} ${service.weightUnit} for ${service.name}`,
      { extra: { maxWeight: service.maxWeight, weightUnit: service.weightUnit } },
    );
  }
  const tier = tierFor(service.tiers, billed);
  if (!tier) {
    // Tiers cover 0..maxWeight by construction; a gap is a catalogue mistake, not the client's.
    throw new CarrierError('internal_error', `No price tier covers ${billed} ${service.weightUnit}`);
  }
  return { priceCents: tier.priceCents, billedWeight: billed, billedWeightUnit: service.weightUnit };
}

/**
 * Transit days for a lane: the service's minimum for nearby ZIP codes, growing to its maximum cross-country (the
 * distance is the gap between the ZIP codes' first digits, 0–9). Non-US or malformed ZIP codes get the maximum.
 */
export function transitDaysFor(service: ServiceDefinition, fromZip: string, toZip: string): number {
  const { min, max } = service.transitDays;
  const a = /^\d/.test(fromZip) ? Number(fromZip.charAt(0)) : Number.NaN;
  const b = /^\d/.test(toZip) ? Number(toZip.charAt(0)) : Number.NaN;
  if (Number.isNaN(a) || Number.isNaN(b)) return max;
  const distance = Math.abs(a - b) / 9;
  return min + Math.round((max - min) * distance);
}

/** YYYY-MM-DD of `date` plus `days` (UTC). */
export function addDaysIso(date: Date, days: number): string {
  const d = new Date(date.getTime() + days * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/**
 * Estimated delivery for a label bought at `at`: the package is expected to be dropped off the same day (next day when
 * bought after 17:00 UTC) and to travel `transitDays`.
 */
export function estimatedDeliveryFor(at: Date, transitDays: number): string {
  const dropOffDelay = at.getUTCHours() >= 17 ? 1 : 0;
  return addDaysIso(at, dropOffDelay + transitDays);
}
