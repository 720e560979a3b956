import { errorMessage, providerKeys, providerQueries } from '@labeldesk/api-client';
import type { ApiConfigListResponse, Service, ShippingApiConfig } from '@labeldesk/contracts';
import { queryPhase, useFlash, useQuery, useQueryClient } from '@labeldesk/ui';
import { useState } from 'react';
import { pickApi, replaceService } from './api-configs';

/**
 * The provider API configs (admin view, keys masked) from providerQueries.apis: one cached list for Service
 * Management, Service Status and API Settings, refreshed by every provider mutation (providerMutations invalidate
 * it). `fallback` is the screen's SPEC §8 load text; `reload` fetches the list again (Refresh, Try Again): the first
 * load's failure is the screen's (QueryBody's) failure, a later one goes to `onError` and the last list stays.
 */
export function useApiConfigs(fallback: string) {
  const client = useQueryClient();
  const result = useQuery(providerQueries.apis());
  const apis = result.data?.apis ?? [];
  /** The SPEC §8 text of a failed load, with the server's reason. */
  const describeError = (e: Error) => errorMessage(e, fallback);
  /**
   * What the screen shows of the list: it once there is one, even when a later Refresh failed (that failure goes to
   * `reload`'s onError, beside the list); the failure only when no list ever came and nothing is being asked.
   */
  const { phase } = queryPhase(result, undefined, { keepDataOnError: true });

  /** Shows a change the server answered with at once, in the cached list every screen reads. */
  const setApis = (update: (list: ShippingApiConfig[]) => ShippingApiConfig[]) =>
    client.setQueryData<ApiConfigListResponse>(providerKeys.apis(), (old) =>
      old ? { ...old, apis: update(old.apis) } : old,
    );

  const reload = async (onError?: (message: string) => void): Promise<void> => {
    const fresh = await result.refetch();
    if (fresh.error && fresh.data !== undefined) onError?.(errorMessage(fresh.error, fallback));
  };

  return { result, apis, setApis, phase, describeError, reload };
}

/**
 * A screen about one provider API at a time (Service Management, Service Status): the configs, the API shown (the one
 * chosen, else the default, else the first), and the screen's messages (a success clears the error and the other way
 * round; both go after 3 s).
 */
export function useApiScreen(fallback: string) {
  const configs = useApiConfigs(fallback);
  const [chosen, setChosen] = useState<string | null>(null);
  const selectedId = pickApi(configs.apis, chosen);
  const selected = configs.apis.find((a) => a._id === selectedId) ?? null;
  const [success, showSuccess, clearSuccess] = useFlash();
  const [error, showError, clearError] = useFlash();

  const succeed = (message: string) => {
    clearError();
    showSuccess(message);
  };
  const fail = (message: string) => {
    clearSuccess();
    showError(message);
  };
  /** One service of the shown API changed (the server's answer): shown at once, before the list is read back. */
  const onServiceUpdated = (service: Service) =>
    configs.setApis((list) => list.map((a) => (a._id === selectedId ? replaceService(a, service) : a)));

  return { ...configs, setChosen, selectedId, selected, success, error, succeed, fail, onServiceUpdated };
}

export type ApiScreen = ReturnType<typeof useApiScreen>;
