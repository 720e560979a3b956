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

  it('hides the results again while the dimensions are edited, keeping what was typed', () => {
    const chosen = run({ type: 'file-chosen', readId: 5, fileName: 'orders.txt' });
    let state = converterReducer(chosen, { type: 'file-loaded', readId: chosen.readId, report });
    state = converterReducer(state, { type: 'dimension-changed', sku: 'MUG-1', field: 'weight', value: 2.5 });
    state = converterReducer(state, { type: 'setup-confirmed', dimensions: dims });
    state = converterReducer(state, { type: 'edit-dimensions' });
    expect(state.phase.kind).toBe('dimensions');
    expect(state.inputs['MUG-1']).toEqual({ weight: 2.5 });
  });

  it('keeps typed dimensions for a SKU across uploads', () => {
    let state = run(
      { type: 'dimension-changed', sku: 'MUG-1', field: 'height', value: '4' },
      { type: 'file-chosen', readId: 6, fileName: 'next.txt' },
    );
    state = converterReducer(state, { type: 'file-loaded', readId: state.readId, report });
    expect(state.inputs['MUG-1']).toEqual({ height: '4' });
  });

  it('marks the failing field and clears mark and banner once that field holds a positive number', () => {
    let state = run({
      type: 'setup-failed',
      error: 'Width must be a positive number for SKU: MUG-1',
      sku: 'MUG-1',
      field: 'width',
    });
    expect(state.invalid).toEqual({ sku: 'MUG-1', field: 'width' });
    state = converterReducer(state, { type: 'dimension-changed', sku: 'MUG-1', field: 'height', value: 1 });
    expect(state.invalid).toEqual({ sku: 'MUG-1', field: 'width' });
    state = converterReducer(state, { type: 'dimension-changed', sku: 'MUG-1', field: 'width', value: '' });
    expect(state.error).toBe('Width must be a positive number for SKU: MUG-1');
    state = converterReducer(state, { type: 'dimension-changed', sku: 'MUG-1', field: 'width', value: 0.5 });
    expect(state.invalid).toBeNull();
    expect(state.error).toBeNull();
  });

  it('keeps "fill in all dimensions" until all four values of that SKU are there', () => {
    let state = run({
      type: 'setup-failed',
      error: 'Please fill in all dimensions for SKU: MUG-1',
      sku: 'MUG-1',
      field: null,
    });
    for (const [field, value] of [
      ['weight', 1],
      ['length', '2'],
      ['width', 3],
    ] as const) {
      state = converterReducer(state, { type: 'dimension-changed', sku: 'MUG-1', field, value });
      expect(state.error).toBe('Please fill in all dimensions for SKU: MUG-1');
    }
    state = converterReducer(state, { type: 'dimension-changed', sku: 'OTHER', field: 'height', value: 4 });
    expect(state.invalid).toEqual({ sku: 'MUG-1', field: null });
    state = converterReducer(state, { type: 'dimension-changed', sku: 'MUG-1', field: 'height', value: 4 });
    expect(state.invalid).toBeNull();
    expect(state.error).toBeNull();
  });

  it('leaves an unrelated banner alone while typing', () => {
    const state = run(
      { type: 'error', error: 'Error downloading CSV: quota exceeded' },
      { type: 'dimension-changed', sku: 'MUG-1', field: 'weight', value: 1 },
    );
    expect(state.error).toBe('Error downloading CSV: quota exceeded');
  });

  it('does not confirm dimensions when no form is open', () => {
    expect(run({ type: 'setup-confirmed', dimensions: dims }).phase).toEqual({ kind: 'empty' });
  });
});
