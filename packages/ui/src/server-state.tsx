/**
 * Server state for the shell and every remote: TanStack Query with ONE QueryClient.
 *
 * Usage (keys, fetchers and mutations come from `@labeldesk/api-client`, one module per resource):
 *   const balance = useQuery(balanceQueries.current());                  // cached, shared by header and pages
 *   const list = useQuery({ ...orderQueries.list(q), placeholderData: keepPreviousData });
 *   const save = useApiMutation(addressMutations.create);                // invalidates its keys on success
 *   save.mutate(body, { onSuccess: () => flash('Saved') });
 *   useQuery({ ...bulkQueries.detail(id), refetchInterval: (q) => (done(q.state.data) ? false : 3000) });
 *
 * The shell mounts <ServerStateProvider> once; @labeldesk/ui is a federation singleton, so this module (and its
 * QueryClient) exists once in the browser and a mutation in one remote refreshes what the shell and the other remotes
 * show. It loads with the signed-in chunk, never with the login screen.
 */
import {
  QueryClient,
  QueryClientProvider,
  type QueryKey,
  type UseMutationOptions,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { type ReactNode, useCallback } from 'react';

export {
  keepPreviousData,
  type QueryKey,
  type UseQueryResult,
  useIsFetching,
  useQueries,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';

/** A 4xx answer will not change on a second try (bad input, not found, signed out); a network error or 5xx may. */
function retryable(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  return !(typeof status === 'number' && status >= 400 && status < 500);
}

/**
 * Defaults: an answer younger than 10 s is not asked again when another screen (or the header and a page at once)
 * mounts the same query, so a screen issues each request once; an older one is shown and refetched behind it.
 * Mutations invalidate what they change at once. Refocus refetch is off (the balance query turns it on); one retry for
 * network errors and 5xx.
 */
export const FRESH_MS = 10_000;

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: FRESH_MS,
      refetchOnWindowFocus: false,
      retry: (failureCount, error) => failureCount < 1 && retryable(error),
    },
    mutations: { retry: false },
  },
});

/** Mounted once by the shell around the signed-in app. */
export function ServerStateProvider({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}

/** Forgets every cached answer (sign-out, another user signing in): nothing of one session shows in the next. */
export function clearServerState(): void {
  queryClient.clear();
}

/**
 * A mutation as the API client's resource modules describe it: the call, and the keys whose data it changes (a label
 * purchase: the balance, the orders, the transactions...). `invalidates` may depend on the answer and the input.
 */
export interface MutationSpec<TVars, TData> {
  mutationFn: (vars: TVars) => Promise<TData>;
  invalidates: readonly QueryKey[] | ((data: TData, vars: TVars) => readonly QueryKey[]);
}

/**
 * useMutation for a MutationSpec: on success marks its keys stale, so every mounted query under them (in any remote)
 * refetches. `options` are useMutation's (onSuccess, onError, ...); they run after the invalidation is started.
 */
export function useApiMutation<TVars, TData>(
  spec: MutationSpec<TVars, TData>,
  options: Omit<UseMutationOptions<TData, Error, TVars>, 'mutationFn'> = {},
) {
  const client = useQueryClient();
  return useMutation<TData, Error, TVars>({
    ...options,
    mutationFn: spec.mutationFn,
    onSuccess: (data, vars, onMutateResult, context) => {
      const keys = typeof spec.invalidates === 'function' ? spec.invalidates(data, vars) : spec.invalidates;
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
      return options.onSuccess?.(data, vars, onMutateResult, context);
    },
  });
}

/** Marks these keys stale from code that is not a useApiMutation (e.g. a poll that saw work finish). */
export function useInvalidate(): (...keys: readonly QueryKey[]) => void {
  const client = useQueryClient();
  return useCallback(
    (...keys: readonly QueryKey[]) => {
      for (const queryKey of keys) void client.invalidateQueries({ queryKey });
    },
    [client],
  );
}
