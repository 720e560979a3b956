import { describe, expect, it } from 'vitest';
import type { LoadedReport } from './converter';
import { type ConverterState, converterReducer, initialConverterState } from './converter-state';

const report: LoadedReport = {
  rows: [],
  skus: [{ sku: 'MUG-1', productName: 'Coffee Mug', orderLines: 1, units: 1 }],
  skippedLines: 0,
};
const dims = { 'MUG-1': { weight: 1, length: 2, width: 3, height: 4 } };

function run(...actions: Parameters<typeof converterReducer>[1][]): ConverterState {
  return actions.reduce(converterReducer, initialConverterState);
}

describe('converterReducer', () => {
  it('goes from a chosen file to the dimension form to the results', () => {
    let state = run({ type: 'file-chosen', readId: 1, fileName: 'orders.txt' });
    expect(state.phase).toEqual({ kind: 'processing', fileName: 'orders.txt' });
    state = converterReducer(state, { type: 'file-loaded', readId: state.readId, report });
    expect(state.phase.kind).toBe('dimensions');
    state = converterReducer(state, { type: 'setup-confirmed', dimensions: dims });
    expect(state.phase).toEqual({ kind: 'converted', fileName: 'orders.txt', report, dimensions: dims });
  });

  it('ignores the answer of a read that a newer file replaced', () => {
    const first = run({ type: 'file-chosen', readId: 2, fileName: 'old.txt' });
    const second = converterReducer(first, { type: 'file-chosen', readId: 3, fileName: 'new.txt' });
    const stale = converterReducer(second, { type: 'file-loaded', readId: first.readId, report });
    expect(stale.phase).toEqual({ kind: 'processing', fileName: 'new.txt' });
    const staleFailure = converterReducer(second, { type: 'file-failed', readId: first.readId, error: 'x' });
    expect(staleFailure.error).toBeNull();
  });

  it('shows a failed read as an error and goes back to the empty state', () => {
    const chosen = run({ type: 'file-chosen', readId: 4, fileName: 'bad.txt' });
    const failed = converterReducer(chosen, {
      type: 'file-failed',
      readId: chosen.readId,
      error: 'File is empty or has invalid format',
    });
    expect(failed.phase).toEqual({ kind: 'empty' });
    expect(failed.error).toBe('File is empty or has invalid format');
  });

  it('hides the results again while the dimensions are edited', () => {
    const chosen = run({ type: 'file-chosen', readId: 5, fileName: 'orders.txt' });
    let state = converterReducer(chosen, { type: 'file-loaded', readId: chosen.readId, report });
    state = converterReducer(state, { type: 'setup-confirmed', dimensions: dims });
    state = converterReducer(state, { type: 'edit-dimensions' });
    expect(state.phase).toEqual({ kind: 'dimensions', fileName: 'orders.txt', report });
  });

  it('does not confirm dimensions when no form is open', () => {
    expect(run({ type: 'setup-confirmed', dimensions: dims }).phase).toEqual({ kind: 'empty' });
  });
});
