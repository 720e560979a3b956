import { errorMessage, shippingQueries } from '@labeldesk/api-client';
import type { AllServicesResponse, Carrier, CustomerApi } from '@labeldesk/contracts';
import { queryPhase, useQuery } from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { DEFAULT_TEMPLATE, reconcileSelection, type ServicePick } from './service-choice';

/** A picker's list: its options once loaded, or the SPEC §8 text of its failure (Try Again beside it). */
export interface PickerList<T> {
  data: T | undefined;
  /** Set while the last load failed and nothing is being asked. */
  failed: string | null;
  loading: boolean;
  retry: () => void;
}

export interface ServiceChoice {
  apis: PickerList<CustomerApi[]>;
  /** The selected API's services (not asked before an API is selected). */
  services: PickerList<AllServicesResponse>;
  pick: ServicePick;
  setApi: (apiId: string) => void;
  setCarrier: (carrier: Carrier) => void;
  setService: (service: string) => void;
  setTemplate: (template: string) => void;
}

const EMPTY_PICK: ServicePick = {
  apiId: null,
  apiName: null,
  carrier: null,
  service: null,
  template: DEFAULT_TEMPLATE,
};

/**
 * The last pick of each screen, kept for this page load: coming back to Manual Order or Bulk Order (say while a bulk
 * order runs) finds the API, carrier and service as they were left instead of the defaults. Forgotten on reload.
 */
const lastPicks = new Map<string, ServicePick>();

/** A query feeding a picker as a PickerList, through queryPhase (QueryBody's phases): `failedText` is SPEC §8's. */
export function pickerListOf<T>(
  result: { data: T | undefined; isError: boolean; isFetching: boolean; error: Error | null; refetch: () => unknown },
  failedText: string,
): PickerList<T> {
  const { phase } = queryPhase(result);
  return {
    data: result.data,
    failed: phase === 'failed' ? errorMessage(result.error, failedText) : null,
    loading: phase === 'loading',
    retry: () => void result.refetch(),
  };
}

/**
 * The API → carrier → service (→ template) choice of Manual Order and Bulk Order (`screen` keeps each one's pick apart):
 * the APIs with the default selected ('Failed to load shipping services'), then the selected API's services ('Failed
 * to load services for selected API'), keeping the carrier and service when the new API still offers them
 * (reconcileSelection).
 */
export function useServiceChoice(screen: 'manual' | 'bulk'): ServiceChoice {
  const [pick, setPickState] = useState<ServicePick>(() => lastPicks.get(screen) ?? EMPTY_PICK);
  const setPick = (next: (p: ServicePick) => ServicePick) =>
    setPickState((p) => {
      const value = next(p);
      lastPicks.set(screen, value);
      return value;
    });
  const apisQuery = useQuery({ ...shippingQueries.apis(), select: (res) => res.apis });
  const servicesQuery = useQuery({ ...shippingQueries.services(pick.apiId ?? ''), enabled: pick.apiId !== null });
  const apis = pickerListOf(apisQuery, 'Failed to load shipping services');
  const services = pickerListOf(servicesQuery, 'Failed to load services for selected API');

  // The default API (else the first) is selected once the APIs arrive, unless the kept pick is still offered.
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPick only wraps the state setter
  useEffect(() => {
    const list = apisQuery.data;
    if (!list) return;
    const preferred = list.find((a) => a.isDefault) ?? list[0];
    setPick((p) => {
      if (p.apiId && list.some((a) => a._id === p.apiId)) return p;
      return preferred ? { ...EMPTY_PICK, apiId: preferred._id, apiName: preferred.name } : EMPTY_PICK;
    });
  }, [apisQuery.data]);

  // A new API's services keep the carrier and service when it still offers them.
  const answered = servicesQuery.data;
  const answeredFor = pick.apiId;
  // biome-ignore lint/correctness/useExhaustiveDependencies: setPick only wraps the state setter
  useEffect(() => {
    if (!answered) return;
    setPick((p) => {
      if (p.apiId !== answeredFor) return p;
      const kept = reconcileSelection(answered, p.carrier, p.service);
      return kept.carrier === p.carrier && kept.serviceType === p.service
        ? p
        : { ...p, carrier: kept.carrier, service: kept.serviceType };
    });
  }, [answered, answeredFor]);

  return {
    apis,
    services: pick.apiId === null ? { ...services, loading: false, failed: null } : services,
    pick,
    setApi: (apiId) => {
      const chosen = apisQuery.data?.find((a) => a._id === apiId);
      setPick((p) => (p.apiId === apiId ? p : { ...p, apiId, apiName: chosen?.name ?? null }));
    },
    setCarrier: (carrier) => setPick((p) => (p.carrier === carrier ? p : { ...p, carrier, service: null })),
    setService: (service) => setPick((p) => ({ ...p, service })),
    setTemplate: (template) => setPick((p) => ({ ...p, template })),
  };
}
