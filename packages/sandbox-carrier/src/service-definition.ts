import { CarrierError, type FieldError } from './errors';
import { CARRIERS, type ServiceDefinition, WEIGHT_UNITS } from './types';

/** Checks a service definition (added at run time) and throws invalid_request listing every problem. */
export function validateServiceDefinition(def: ServiceDefinition): void {
  const problems: FieldError[] = [];
  const add = (field: string, message: string) => problems.push({ field, message });
  if (!(CARRIERS as readonly string[]).includes(def.carrier)) add('carrier', `must be one of ${CARRIERS.join(', ')}`);
  if (!def.name?.trim()) add('name', 'is required');
  if (!/^[A-Za-z0-9_.-]{1,64}$/.test(def.serviceCode ?? '')) add('serviceCode', 'must be 1-64 letters, digits, _ . -');
  if (!(WEIGHT_UNITS as readonly string[]).includes(def.weightUnit)) add('weightUnit', 'must be lbs or oz');
  if (!(def.maxWeight > 0)) add('maxWeight', 'must be greater than 0');
  if (!Array.isArray(def.tiers) || def.tiers.length === 0) add('prices', 'needs at least one tier');
  else {
    let from = 0;
    def.tiers.forEach((t, i) => {
      if (t.fromWeight !== from) add(`prices.${i}.fromWeight`, `must be ${from} (tiers are contiguous from 0)`);
      if (!(t.toWeight > t.fromWeight)) add(`prices.${i}.toWeight`, 'must be greater than fromWeight');
      if (!Number.isInteger(t.priceCents) || t.priceCents < 0) add(`prices.${i}.price`, 'must be 0 or more');
      from = t.toWeight;
    });
    if (from !== def.maxWeight) add('prices', `the last tier must end at maxWeight (${def.maxWeight})`);
  }
  const { min, max } = def.transitDays ?? { min: Number.NaN, max: Number.NaN };
  if (!(Number.isInteger(min) && Number.isInteger(max) && min >= 1 && max >= min && max <= 30)) {
    add('transitDays', 'needs whole days with 1 <= min <= max <= 30');
  }
  if (problems.length > 0) {
    throw new CarrierError('invalid_request', problems[0] ? `${problems[0].field} ${problems[0].message}` : 'Invalid', {
      details: problems,
    });
  }
}
