import { useCallback, useEffect, useState } from 'react';

/** What a list screen shows: a first load, the last answer, or why it failed (with Try Again). */
export type RemoteListState<T> = { kind: 'loading' } | { kind: 'ready'; data: T } | { kind: 'failed'; message: string };

/** How one load ended. */
export type RemoteListOutcome<T> = Exclude<RemoteListState<T>, { kind: 'loading' }>;

export interface RemoteList<T> {
  state: RemoteListState<T>;
  /** A load is under way (the first one, or one behind the current rows: screens lay an overlay on them). */
  fetching: boolean;
  /** Loads again and keeps the current rows on screen until the answer comes (a refresh, a change elsewhere). */
  reload: () => void;
  /** Back to the first-load state, then loads again (Try Again after a failure). */
  retry: () => void;
}

/**
 * Runs one load and hands its outcome to `settle`, unless the returned cancel was called first: an answer to a
 * request the screen has moved on from (other filters, another page, unmounted) is dropped.
 */
export function startLoad<T>(
  load: () => Promise<T>,
  describeError: (error: unknown) => string,
  settle: (outcome: RemoteListOutcome<T>) => void,
): () => void {
  let active = true;
  // Through a promise so a load that throws before it returns one fails like one that rejects.
  new Promise<T>((resolve) => resolve(load())).then(
    (data) => {
      if (active) settle({ kind: 'ready', data });
    },
    (error: unknown) => {
      if (active) settle({ kind: 'failed', message: describeError(error) });
    },
  );
  return () => {
    active = false;
  };
}

/**
 * A server-paged list: loads `load(request)` whenever the request (compared by its JSON) or `reloadKey` changes, and
 * on `reload`/`retry`. A null request loads nothing and leaves the last state as it is (e.g. while the filters are
 * invalid). A new load keeps the rows already shown (`fetching` is true meanwhile); only `retry` goes back to
 * `loading`. `describeError` turns a failure into the text shown, e.g. `(e) => errorMessage(e, 'Failed to load orders')`.
 */
export function useRemoteList<Q, T>(
  request: Q | null,
  load: (request: Q) => Promise<T>,
  describeError: (error: unknown) => string,
  reloadKey = 0,
): RemoteList<T> {
  const [state, setState] = useState<RemoteListState<T>>({ kind: 'loading' });
  const [fetching, setFetching] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const key = request === null ? null : JSON.stringify(request);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for `request`; `reloadKey` and `attempt` force a reload; `load` and `describeError` are read when a load starts.
  useEffect(() => {
    if (request === null) return;
    setFetching(true);
    return startLoad(
      () => load(request),
      describeError,
      (outcome) => {
        setState(outcome);
        setFetching(false);
      },
    );
  }, [key, reloadKey, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);
  return { state, fetching, reload, retry };
}
