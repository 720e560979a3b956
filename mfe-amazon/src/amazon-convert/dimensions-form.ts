import type { DimensionsInput, DimensionValue, PackageDimensions, SkuInfo } from '@labeldesk/amazon';
import type { FormErrors } from '@labeldesk/ui';
import { z } from 'zod';
import { completeSetup } from './converter';

export type DimensionField = keyof PackageDimensions;

const FIELDS: readonly DimensionField[] = ['weight', 'length', 'width', 'height'];

/**
 * The dimension form's values: what each SKU's four fields hold. Kept across uploads (the page's one form), so a SKU
 * seen before comes back filled in.
 */
export interface DimensionsFormValues {
  inputs: Record<string, DimensionsInput>;
}

/**
 * Where a check's problem lands: `inputs.{sku}.{field}` for one field, `inputs.{sku}` for "fill in all dimensions" of a
 * SKU, `sender` for the missing sender address. Keys are read whole (a SKU may hold a dot), never as nested paths.
 */
export function dimensionErrorKey(sku: string | null, field: DimensionField | null): string {
  if (sku === null) return 'sender';
  return field === null ? `inputs.${sku}` : `inputs.${sku}.${field}`;
}

/**
 * The dimension form's schema for one report: `completeSetup` (the package's `validateDimensions`, SPEC §5 texts, then
 * a sender address), first problem only, out as the dimensions by SKU.
 */
export function dimensionsFormSchema(skus: readonly SkuInfo[], hasSender: boolean) {
  return z.custom<DimensionsFormValues>().transform((values, ctx) => {
    const setup = completeSetup(skus, values.inputs, hasSender);
    if (setup.ok) return setup.dimensions;
    // One path segment: Mantine joins segments with '.', and the key is read whole.
    ctx.addIssue({ code: 'custom', path: [dimensionErrorKey(setup.sku, setup.field)], message: setup.error });
    return z.NEVER;
  });
}

/** An empty form value: nothing typed yet, blank text, or NaN. */
export function isBlankDimension(value: DimensionValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return value.trim() === '';
}

/** The values with one field of one SKU changed. */
export function withDimension(
  values: DimensionsFormValues,
  sku: string,
  field: DimensionField,
  value: DimensionValue,
): DimensionsFormValues {
  return { inputs: { ...values.inputs, [sku]: { ...values.inputs[sku], [field]: value } } };
}

function hasError(errors: FormErrors, key: string): boolean {
  const error = errors[key];
  return error !== undefined && error !== null && error !== false && error !== '';
}

/** Highlights the field a failed check names, or every empty field of the SKU when it said "fill in all". */
export function isMarked(errors: FormErrors, sku: string, field: DimensionField, value: DimensionValue): boolean {
  if (hasError(errors, dimensionErrorKey(sku, field))) return true;
  return hasError(errors, dimensionErrorKey(sku, null)) && isBlankDimension(value);
}

/**
 * Whether an edit of this SKU fixed the problem the last check reported: a named field is fixed once it holds a
 * positive number; "fill in all dimensions" once none of the four is blank. Problems of other SKUs, or the missing
 * sender, stay.
 */
export function isResolved(errors: FormErrors, sku: string, values: DimensionsInput | undefined): boolean {
  if (hasError(errors, dimensionErrorKey(sku, null))) {
    return FIELDS.every((field) => !isBlankDimension(values?.[field]));
  }
  const field = FIELDS.find((f) => hasError(errors, dimensionErrorKey(sku, f)));
  if (!field) return false;
  const value = Number(values?.[field]);
  return !isBlankDimension(values?.[field]) && Number.isFinite(value) && value > 0;
}
