/**
 * The shapes the resource modules (balance.ts, orders.ts, ...) hand to TanStack Query, without importing it: this
 * package loads with the login screen, the query library only with the signed-in chunk (@labeldesk/ui).
 *
 * Usage in a resource module:
 *   export const thingKeys = { all: ['things'] as const, list: (q: Q) => [...thingKeys.all, 'list', q] as const };
 *   export const thingQueries = { list: (q: Q) => query(thingKeys.list(q), () => api.things.list(q)) };
 *   export const thingMutations = { create: mutation((body: B) => api.things.create(body), [thingKeys.all]) };
 * and in a screen: `useQuery(thingQueries.list(q))`, `useApiMutation(thingMutations.create)` (from @labeldesk/ui).
 */

/** A key: the resource first, then what narrows it (a list query, an id). Invalidating a prefix covers the rest. */
export type Key = readonly unknown[];

/**
 * useQuery options: the key and the fetcher. The library's AbortSignal is handed to the list calls: a list whose
 * filters or page changed while its request ran (the old query left without observers) has that request aborted.
 */
export interface QuerySpec<T, K extends Key = Key> {
  queryKey: K;
  queryFn: (context: { signal: AbortSignal }) => Promise<T>;
}

/** A mutation: the call and the keys whose data it changes (marked stale on success, so they refetch). */
export interface MutationSpec<TVars, TData> {
  mutationFn: (vars: TVars) => Promise<TData>;
  invalidates: readonly Key[] | ((data: TData, vars: TVars) => readonly Key[]);
}

export function query<T, K extends Key>(queryKey: K, fetch: (signal: AbortSignal) => Promise<T>): QuerySpec<T, K> {
  return { queryKey, queryFn: ({ signal }) => fetch(signal) };
}

export function mutation<TVars, TData>(
  mutationFn: (vars: TVars) => Promise<TData>,
  invalidates: MutationSpec<TVars, TData>['invalidates'],
): MutationSpec<TVars, TData> {
  return { mutationFn, invalidates };
}
