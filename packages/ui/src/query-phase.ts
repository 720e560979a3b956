/** What a block driven by one query shows now. */
export type QueryPhase = 'loading' | 'failed' | 'empty' | 'ready';

/** The parts of a TanStack query result the phase depends on. */
export interface QueryProgress<T> {
  data: T | undefined;
  isError: boolean;
  isFetching: boolean;
}

/**
 * The phase of a query-driven block, and whether the loading overlay covers it:
 * - failed: the last try failed and nothing is being asked (Try Again shows);
 * - loading: no answer yet, or Try Again is under way after a failure (the spinner replaces the error);
 * - empty / ready: an answer (maybe the previous one, kept while another request runs: then the overlay is up).
 */
export function queryPhase<T>(
  result: QueryProgress<T>,
  isEmpty: (data: T) => boolean = () => false,
): { phase: QueryPhase; overlay: boolean } {
  if (result.isError) return { phase: result.isFetching ? 'loading' : 'failed', overlay: false };
  if (result.data === undefined) return { phase: 'loading', overlay: false };
  return { phase: isEmpty(result.data) ? 'empty' : 'ready', overlay: result.isFetching };
}
