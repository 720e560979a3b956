import type { DimensionsInput, DimensionValue, PackageDimensions } from '@labeldesk/amazon';
import type { LoadedReport } from './converter';

/**
 * Where the converter is (SPEC §4 "Amazon import: file chosen, parsed, SKUs collected, dimension form if SKUs found,
 * confirm, generate"):
 * - empty: no report yet ('No Data Yet');
 * - processing: a file is being read and parsed ('Processing data...');
 * - dimensions: the per-SKU form is open (results hidden);
 * - converted: dimensions confirmed, results shown.
 */
export type Phase =
  | { kind: 'empty' }
  | { kind: 'processing'; fileName: string }
  | { kind: 'dimensions'; fileName: string; report: LoadedReport }
  | { kind: 'converted'; fileName: string; report: LoadedReport; dimensions: Record<string, PackageDimensions> };

export type DimensionField = keyof PackageDimensions;

export interface ConverterState {
  phase: Phase;
  /** What the dimension form holds, by SKU. Kept across uploads, so a SKU seen before comes back filled in. */
  inputs: Record<string, DimensionsInput>;
  /** The error banner's text. */
  error: string | null;
  /** The form field the last failed check points at (highlighted). */
  invalid: { sku: string; field: DimensionField | null } | null;
  /** The file read whose answer is awaited (ids come from the caller); answers of superseded reads are ignored. */
  readId: number;
}

export type ConverterAction =
  | { type: 'file-chosen'; readId: number; fileName: string }
  | { type: 'file-loaded'; readId: number; report: LoadedReport }
  | { type: 'file-failed'; readId: number; error: string }
  | { type: 'dimension-changed'; sku: string; field: DimensionField; value: DimensionValue }
  | { type: 'setup-failed'; error: string; sku: string | null; field: DimensionField | null }
  | { type: 'setup-confirmed'; dimensions: Record<string, PackageDimensions> }
  | { type: 'edit-dimensions' }
  | { type: 'error'; error: string }
  | { type: 'dismiss-error' };

export const initialConverterState: ConverterState = {
  phase: { kind: 'empty' },
  inputs: {},
  error: null,
  invalid: null,
  readId: 0,
};

export function converterReducer(state: ConverterState, action: ConverterAction): ConverterState {
  switch (action.type) {
    case 'file-chosen':
      return {
        ...state,
        phase: { kind: 'processing', fileName: action.fileName },
        error: null,
        invalid: null,
        readId: action.readId,
      };
    case 'file-loaded': {
      if (action.readId !== state.readId || state.phase.kind !== 'processing') return state;
      return { ...state, phase: { kind: 'dimensions', fileName: state.phase.fileName, report: action.report } };
    }
    case 'file-failed':
      if (action.readId !== state.readId || state.phase.kind !== 'processing') return state;
      return { ...state, phase: { kind: 'empty' }, error: action.error };
    case 'dimension-changed': {
      const values = { ...state.inputs[action.sku], [action.field]: action.value };
      const inputs = { ...state.inputs, [action.sku]: values };
      if (!state.invalid || !isResolved(state.invalid, action.sku, values)) return { ...state, inputs };
      // The problem the banner named is fixed: drop the banner and the highlight.
      return { ...state, inputs, invalid: null, error: null };
    }
    case 'setup-failed':
      return {
        ...state,
        error: action.error,
        invalid: action.sku === null ? null : { sku: action.sku, field: action.field },
      };
    case 'setup-confirmed':
      if (state.phase.kind !== 'dimensions') return state;
      return {
        ...state,
        phase: { ...state.phase, kind: 'converted', dimensions: action.dimensions },
        error: null,
        invalid: null,
      };
    case 'edit-dimensions':
      if (state.phase.kind !== 'converted') return state;
      return {
        ...state,
        phase: { kind: 'dimensions', fileName: state.phase.fileName, report: state.phase.report },
        error: null,
      };
    case 'error':
      return { ...state, error: action.error };
    case 'dismiss-error':
      return { ...state, error: null };
  }
}

const FIELDS: readonly DimensionField[] = ['weight', 'length', 'width', 'height'];

/** An empty form value: nothing typed yet, blank text, or NaN. */
export function isBlankDimension(value: DimensionValue): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'number') return Number.isNaN(value);
  return value.trim() === '';
}

/**
 * Whether an edit fixed the problem the last check reported for this SKU: a named field is fixed once it holds a
 * positive number; "fill in all dimensions" once none of the four is blank.
 */
function isResolved(invalid: NonNullable<ConverterState['invalid']>, sku: string, values: DimensionsInput): boolean {
  if (invalid.sku !== sku) return false;
  if (invalid.field === null) return FIELDS.every((field) => !isBlankDimension(values[field]));
  const value = Number(values[invalid.field]);
  return !isBlankDimension(values[invalid.field]) && Number.isFinite(value) && value > 0;
}
