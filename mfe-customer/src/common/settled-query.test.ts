import { describe, expect, it } from 'vitest';
import { type SettledQueryState, settledOf } from './settled-query';

const state = (over: Partial<SettledQueryState<number>>): SettledQueryState<number> => ({
  requested: true,
  settled: true,
  data: undefined,
  error: null,
  isFetching: false,
  ...over,
});

describe('settledOf', () => {
  it('is idle with nothing to ask, whatever an earlier answer said', () => {
    expect(settledOf(state({ requested: false, data: 1 }))).toEqual({ kind: 'idle' });
  });

  it('is pending while the input changes, while asked (again), and before the first answer', () => {
    expect(settledOf(state({ settled: false, data: 1 }))).toEqual({ kind: 'pending' });
    expect(settledOf(state({ isFetching: true, data: 1 }))).toEqual({ kind: 'pending' });
    expect(settledOf(state({}))).toEqual({ kind: 'pending' });
  });

  it('is the failure over an older answer, else the answer', () => {
    const error = new Error('offline');
    expect(settledOf(state({ error, data: 1 }))).toEqual({ kind: 'failed', error });
    expect(settledOf(state({ data: 1 }))).toEqual({ kind: 'ready', data: 1 });
  });
});
