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
 * With `keepDataOnError`, a failure after an answer keeps that answer on screen (the screen reports the failure of its
 * Refresh itself, beside the list it still shows); only a first load that failed is the failure.
 */
export function queryPhase<T>(
  result: QueryProgress<T>,
  isEmpty: (data: T) => boolean = () => false,
  { keepDataOnError = false }: { keepDataOnError?: boolean } = {},
): { phase: QueryPhase; overlay: boolean } {
  if (result.isError && !(keepDataOnError && result.data !== undefined)) {
    return { phase: result.isFetching ? 'loading' : 'failed', overlay: false };
  }
  if (result.data === undefined) return { phase: 'loading', overlay: false };
  return { phase: isEmpty(result.data) ? 'empty' : 'ready', overlay: result.isFetching };
}
