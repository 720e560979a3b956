import type { PackageDimensions } from '@labeldesk/amazon';
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

export interface ConverterState {
  phase: Phase;
  /** The error banner's text (the dimension form's values and field errors live in its form: dimensions-form.ts). */
  error: string | null;
  /** The file read whose answer is awaited (ids come from the caller); answers of superseded reads are ignored. */
  readId: number;
}

export type ConverterAction =
  | { type: 'file-chosen'; readId: number; fileName: string }
  | { type: 'file-loaded'; readId: number; report: LoadedReport }
  | { type: 'file-failed'; readId: number; error: string }
  | { type: 'setup-confirmed'; dimensions: Record<string, PackageDimensions> }
  | { type: 'edit-dimensions' }
  | { type: 'error'; error: string }
  | { type: 'dismiss-error' };

export const initialConverterState: ConverterState = {
  phase: { kind: 'empty' },
  error: null,
  readId: 0,
};

export function converterReducer(state: ConverterState, action: ConverterAction): ConverterState {
  switch (action.type) {
    case 'file-chosen':
      return {
        ...state,
        phase: { kind: 'processing', fileName: action.fileName },
        error: null,
        readId: action.readId,
      };
    case 'file-loaded': {
      if (action.readId !== state.readId || state.phase.kind !== 'processing') return state;
      return { ...state, phase: { kind: 'dimensions', fileName: state.phase.fileName, report: action.report } };
    }
    case 'file-failed':
      if (action.readId !== state.readId || state.phase.kind !== 'processing') return state;
      return { ...state, phase: { kind: 'empty' }, error: action.error };
    case 'setup-confirmed':
      if (state.phase.kind !== 'dimensions') return state;
      return {
        ...state,
        phase: { ...state.phase, kind: 'converted', dimensions: action.dimensions },
        error: null,
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
