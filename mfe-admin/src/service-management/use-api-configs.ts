import { api, errorMessage } from '@labeldesk/api-client';
import type { ShippingApiConfig } from '@labeldesk/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';

export type ApiConfigsLoad = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready' };

/**
 * The provider API configs (admin view, keys masked), loaded on mount. `reload` fetches them again and resolves with
 * the fresh list (null when it failed: the failure is kept in `load` only on the first load, later failures are
 * returned to the caller through `onError`). `fallback` is the screen's SPEC §8 load text.
 */
export function useApiConfigs(fallback: string) {
  const [apis, setApis] = useState<ShippingApiConfig[]>([]);
  const [load, setLoad] = useState<ApiConfigsLoad>({ kind: 'loading' });
  const loaded = useRef(false);
  const alive = useRef(true);

  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const reload = useCallback(
    async (onError?: (message: string) => void): Promise<ShippingApiConfig[] | null> => {
      if (!loaded.current) setLoad({ kind: 'loading' });
      try {
        const res = await api.adminConfig.listApis();
        if (!alive.current) return null;
        loaded.current = true;
        setApis(res.apis);
        setLoad({ kind: 'ready' });
        return res.apis;
      } catch (e) {
        if (!alive.current) return null;
        const message = errorMessage(e, fallback);
        if (loaded.current && onError) onError(message);
        else setLoad({ kind: 'failed', message });
        return null;
      }
    },
    [fallback],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  return { apis, setApis, load, reload };
}
