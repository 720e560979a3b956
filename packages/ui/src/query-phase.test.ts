import { describe, expect, it } from 'vitest';
import { queryPhase } from './query-phase';

const rows = (n: number) => ({ rows: Array.from({ length: n }, (_, i) => i) });
const isEmpty = (d: { rows: number[] }) => d.rows.length === 0;

describe('queryPhase', () => {
  it('spins until the first answer, without the overlay', () => {
    expect(queryPhase({ data: undefined, isError: false, isFetching: true }, isEmpty)).toEqual({
      phase: 'loading',
      overlay: false,
    });
  });

  it('shows the answer, or the empty state for an answer with nothing in it', () => {
    expect(queryPhase({ data: rows(2), isError: false, isFetching: false }, isEmpty)).toEqual({
      phase: 'ready',
      overlay: false,
    });
    expect(queryPhase({ data: rows(0), isError: false, isFetching: false }, isEmpty)).toEqual({
      phase: 'empty',
      overlay: false,
    });
    // Without an emptiness rule every answer is shown.
    expect(queryPhase({ data: rows(0), isError: false, isFetching: false }).phase).toBe('ready');
  });

  it('keeps the last answer under the overlay while another request runs (other page, period, a refresh)', () => {
    expect(queryPhase({ data: rows(2), isError: false, isFetching: true }, isEmpty)).toEqual({
      phase: 'ready',
      overlay: true,
    });
    expect(queryPhase({ data: rows(0), isError: false, isFetching: true }, isEmpty)).toEqual({
      phase: 'empty',
      overlay: true,
    });
  });

  it('shows the failure once nothing is asked, and the spinner again while Try Again runs', () => {
    expect(queryPhase({ data: rows(2), isError: true, isFetching: false }, isEmpty)).toEqual({
      phase: 'failed',
      overlay: false,
    });
    expect(queryPhase({ data: undefined, isError: true, isFetching: true }, isEmpty)).toEqual({
      phase: 'loading',
      overlay: false,
    });
  });

  it('with keepDataOnError, keeps the last answer when a later request fails; a first load that failed still fails', () => {
    const keep = { keepDataOnError: true };
    expect(queryPhase({ data: rows(2), isError: true, isFetching: false }, isEmpty, keep)).toEqual({
      phase: 'ready',
      overlay: false,
    });
    expect(queryPhase({ data: rows(2), isError: true, isFetching: true }, isEmpty, keep)).toEqual({
      phase: 'ready',
      overlay: true,
    });
    expect(queryPhase({ data: undefined, isError: true, isFetching: false }, isEmpty, keep).phase).toBe('failed');
    expect(queryPhase({ data: undefined, isError: true, isFetching: true }, isEmpty, keep).phase).toBe('loading');
  });
});
