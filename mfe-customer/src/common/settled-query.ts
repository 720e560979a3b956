/**
 * Where a query asked for a form's current input stands, when the input is asked for only once it stopped changing
 * (Manual Order's price after 500 ms, Bulk Order's row validation after 0.5 s / 0.1 s, SPEC §9).
 */
export interface SettledQueryState<T> {
  /** The input is complete: there is something to ask. */
  requested: boolean;
  /** The input has not changed for the delay: the query is the one for exactly this input. */
  settled: boolean;
  data: T | undefined;
  error: unknown;
  isFetching: boolean;
}

export type Settled<T> =
  | { kind: 'idle' }
  | { kind: 'pending' }
  | { kind: 'failed'; error: unknown }
  | { kind: 'ready'; data: T };

/**
 * An answer belongs to the exact input it was asked for and counts only once its request settled: while the input is
 * still changing or the query is asked again (e.g. after a 409 'price changed'), it is pending, so an answer for another
 * input is never shown or acted on; a failure wins over an older answer.
 */
export function settledOf<T>(state: SettledQueryState<T>): Settled<T> {
  if (!state.requested) return { kind: 'idle' };
  if (!state.settled || state.isFetching) return { kind: 'pending' };
  if (state.error) return { kind: 'failed', error: state.error };
  if (state.data) return { kind: 'ready', data: state.data };
  return { kind: 'pending' };
}
