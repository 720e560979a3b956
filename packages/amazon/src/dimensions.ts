import { decimalOf } from '@labeldesk/contracts';
import type { SkuInfo } from './skus';

/** Package of one SKU: weight in lbs; length, width and height in inches. All finite and > 0 once validated. */
export interface PackageDimensions {
  weight: number;
  length: number;
  width: number;
  height: number;
}

/** What a form field may hold: a number, the raw input text, or nothing yet. */
export type DimensionValue = number | string | null | undefined;
export type DimensionsInput = Partial<Record<keyof PackageDimensions, DimensionValue>>;

export type DimensionsValidation =
  | { ok: true; dimensions: Record<string, PackageDimensions> }
  | { ok: false; sku: string; field: keyof PackageDimensions | null; error: string };

const FIELDS = [
  ['weight', 'Weight'],
  ['length', 'Length'],
  ['width', 'Width'],
  ['height', 'Height'],
] as const;

/**
 * Checks the dimension form, SKU by SKU in the given order, and stops at the first problem (SPEC §5):
 * - any of the four values empty (undefined, null, blank text or NaN) → 'Please fill in all dimensions for SKU: {sku}'
 *   (`field` is null);
 * - otherwise the first of Weight, Length, Width, Height that is not a finite number > 0 →
 *   '{Weight|Length|Width|Height} must be a positive number for SKU: {sku}'.
 *
 * On success returns the parsed numbers keyed by SKU, ready for `convertOrders`. The form's 0.1 minimum is an input
 * hint only; any positive number passes, as the SPEC message says.
 */
export function validateDimensions(
  skus: ReadonlyArray<string | SkuInfo>,
  input: Readonly<Record<string, DimensionsInput | undefined>>,
): DimensionsValidation {
  const dimensions: Array<[string, PackageDimensions]> = [];
  for (const entry of skus) {
    const sku = typeof entry === 'string' ? entry : entry.sku;
    const values = Object.hasOwn(input, sku) ? input[sku] : undefined;
    if (!values || FIELDS.some(([field]) => isBlank(values[field]))) {
      return { ok: false, sku, field: null, error: `Please fill in all dimensions for SKU: ${sku}` };
    }
    const parsed: Partial<PackageDimensions> = {};
    for (const [field, label] of FIELDS) {
      const value = decimalOf(values[field]);
      if (!Number.isFinite(value) || value <= 0) {
        return { ok: false, sku, field, error: `${label} must be a positive number for SKU: ${sku}` };
      }
      parsed[field] = value;
    }
    dimensions.push([sku, parsed as PackageDimensions]);
  }
  return { ok: true, dimensions: Object.fromEntries(dimensions) };
}

/** True when all four values are finite numbers > 0 (how `convertOrders` decides a SKU "has dimensions"). */
export function hasValidDimensions(value: PackageDimensions | undefined): value is PackageDimensions {
  return !!value && FIELDS.every(([field]) => Number.isFinite(value[field]) && value[field] > 0);
}

function isBlank(value: DimensionValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return value.trim() === '';
}
