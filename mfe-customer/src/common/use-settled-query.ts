import type { QuerySpec } from '@labeldesk/api-client';
import { useDebouncedValue, useQuery } from '@labeldesk/ui';
import type { SettledQueryState } from './settled-query';

/** The key of the (disabled) query while there is nothing to ask. */
const NOTHING_ASKED: QuerySpec<never> = {
  queryKey: ['nothing-asked'],
  queryFn: () => Promise.reject(new Error('Nothing to ask')),
};

/**
 * `spec` (null while the input is incomplete), asked once its key has not changed for `delayMs`: a request left behind
 * by a change is aborted by the library (its query lost its observer). `state` is where it stands (settledOf turns it
 * into what the screen shows); `refetch` asks again for the same input (a 409 'price changed').
 */
export function useSettledQuery<T>(
  spec: QuerySpec<T> | null,
  delayMs: number,
): { state: SettledQueryState<T>; refetch: () => void } {
  // Debounced as text: an equal input is the same value however often the page re-renders.
  const key = spec ? JSON.stringify(spec.queryKey) : null;
  const [debouncedKey] = useDebouncedValue(key, delayMs);
  const settled = key !== null && debouncedKey === key;
  const result = useQuery<T>({ ...(spec ?? NOTHING_ASKED), enabled: settled });
  return {
    state: { requested: key !== null, settled, data: result.data, error: result.error, isFetching: result.isFetching },
    refetch: () => void result.refetch(),
  };
}
