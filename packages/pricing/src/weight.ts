import { divCeil, hundredthsToText, toHundredths, toMicro } from './decimal';

/** SPEC §2/§9: package weight is entered in lbs or oz. */
export type WeightUnit = 'lbs' | 'oz';
export const WEIGHT_UNITS: readonly WeightUnit[] = ['lbs', 'oz'];
export const OUNCES_PER_POUND = 16;

/** What weight checks need of a service (SPEC §3: maxWeight nullable, in the service's unit). */
export interface WeightLimitedService {
  name: string;
  maxWeight?: number | null;
}

// 'oz' not touching another letter: '15 oz', '8oz', 'OZ', '(oz)', 'Flat Rate - 12oz+' — but not 'Ozone' or 'Cozy'.
const OZ_IN_NAME = /(?:^|[^a-z])oz(?:[^a-z]|$)/i;

/**
 * The unit of a service's maxWeight and pricing tiers (SPEC §3): 'oz' when its name contains 'oz' as a word or right
 * after a number ('USPS First Class 15 oz', 'Ground Advantage 8oz', case-insensitive), else 'lbs'.
 */
export function weightUnitFor(serviceName: string): WeightUnit {
  return OZ_IN_NAME.test(serviceName) ? 'oz' : 'lbs';
}

/**
 * Converts a weight between units, 16 oz = 1 lb. Multiplying or dividing by 16 is exact in binary floating point, so
 * lbs → oz → lbs (and oz → lbs → oz) gives back the very same number (for any weight above ~1e-300).
 */
export function toServiceUnit(weight: number, unit: WeightUnit, serviceUnit: WeightUnit): number {
  if (unit === serviceUnit) return weight;
  return unit === 'lbs' ? weight * OUNCES_PER_POUND : weight / OUNCES_PER_POUND;
}

/**
 * A package weight → integer hundredths of the service unit, ROUNDED UP (carriers charge the next step for any
 * fraction): 1.001 lbs → 101; 17 oz for a lbs service = 1.0625 lbs → 107; 1 lb for an oz service → 1600. The weight is
 * first read at 6 decimals, so floating-point noise (0.1 + 0.2) does not push it up a step. Null when not a finite
 * number ≥ 0. This is the number tiers are matched against.
 */
export function weightToHundredths(weight: number, unit: WeightUnit, serviceUnit: WeightUnit): number | null {
  const micro = toMicro(weight);
  if (micro === null || micro < 0) return null;
  if (unit === serviceUnit) return divCeil(micro, 10_000);
  if (unit === 'lbs') return divCeil(micro * OUNCES_PER_POUND, 10_000);
  return divCeil(micro, 10_000 * OUNCES_PER_POUND);
}

/** The service's weight limit, or null when it has none (null, missing, not a number, or ≤ 0 — see README). */
export function maxWeightOf(service: WeightLimitedService): { value: number; unit: WeightUnit } | null {
  const max = service.maxWeight;
  if (typeof max !== 'number' || !Number.isFinite(max) || max <= 0) return null;
  return { value: max, unit: weightUnitFor(service.name) };
}

/**
 * True when `weight` (in `unit`) is strictly above the service's maxWeight, compared exactly in millionths (70 lbs on a
 * 70 lbs service is allowed, 70.001 is not; 16 oz on a '15.99 oz' service exceeds). Never true without a limit or for
 * an unreadable weight (pricing refuses those separately).
 */
export function exceedsMax(weight: number, unit: WeightUnit, service: WeightLimitedService): boolean {
  const max = maxWeightOf(service);
  const weightMicro = toMicro(weight);
  const maxMicro = max ? toMicro(max.value) : null;
  if (!max || weightMicro === null || maxMicro === null) return false;
  if (unit === max.unit) return weightMicro > maxMicro;
  if (unit === 'lbs') return weightMicro * OUNCES_PER_POUND > maxMicro;
  return weightMicro > maxMicro * OUNCES_PER_POUND;
}

/** SPEC §5: 'Weight exceeds maximum allowed ({max} oz|lbs) for {service}'; null when the service has no limit. */
export function maxWeightMessage(service: WeightLimitedService): string | null {
  const max = maxWeightOf(service);
  return max ? `Weight exceeds maximum allowed (${formatWeight(max.value)} ${max.unit}) for ${service.name}` : null;
}

/** The SPEC §5 message when `weight` is over the limit (it blocks submit), else null. */
export function checkMaxWeight(weight: number, unit: WeightUnit, service: WeightLimitedService): string | null {
  return exceedsMax(weight, unit, service) ? maxWeightMessage(service) : null;
}

/** Service report column (SPEC §2): 'N lbs' ('1 lb'; 'N oz' for an oz service), 'N/A' without a limit. */
export function describeMaxWeight(service: WeightLimitedService): string {
  const max = maxWeightOf(service);
  return max ? weightWithUnit(max.value, max.unit) : 'N/A';
}

/** The unit as printed after one weight: 'lbs', but 'lb' after exactly 1 ('1 lb', '2 lbs', '0.5 lbs'); 'oz' always. */
export function weightUnitLabel(weight: number, unit: WeightUnit): string {
  return unit === 'lbs' && toMicro(weight) === 1_000_000 ? 'lb' : unit;
}

/** One weight for people, everywhere one is printed: '2.5 lbs', '1 lb', '12 oz'. */
export function weightWithUnit(weight: number, unit: WeightUnit): string {
  return `${formatWeight(weight)} ${weightUnitLabel(weight, unit)}`;
}

/** A decimal weight as short text: 70 → '70', 15.99 → '15.99', 0.1 + 0.2 → '0.3'; more than 2 decimals are kept. */
export function formatWeight(weight: number): string {
  const hundredths = toHundredths(weight);
  const micro = toMicro(weight);
  if (hundredths === null || micro === null) return String(weight);
  return micro === hundredths * 10_000 ? hundredthsToText(hundredths) : String(micro / 1_000_000);
}
