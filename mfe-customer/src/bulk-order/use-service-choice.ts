import { errorMessage, shippingQueries } from '@labeldesk/api-client';
import type { AllServicesResponse, Carrier, CustomerApi } from '@labeldesk/contracts';
import { loadStateOf, useQuery } from '@labeldesk/ui';
import { useEffect, useState } from 'react';
import { reconcileSelection } from '../manual-order/order-form';
import { type BulkPick, DEFAULT_TEMPLATE } from './bulk-order';

export type Load<T> = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; value: T };

export interface ServiceChoice {
  apis: Load<CustomerApi[]>;
  /** The selected API's services ('idle' before an API is selected). */
  services: Load<AllServicesResponse> | { kind: 'idle' };
  pick: BulkPick;
  setApi: (apiId: string) => void;
  setCarrier: (carrier: Carrier) => void;
  setService: (service: string) => void;
  setTemplate: (template: string) => void;
  retryApis: () => void;
  retryServices: () => void;
}

/**
 * The API → carrier → service (→ template) choice of Manual Order and Bulk Order (both use this hook): the APIs with
 * the default selected ('Failed to load shipping services'), then the selected API's services ('Failed to load services
 * for selected API'), keeping the carrier and service when the new API still offers them (reconcileSelection).
 */
/** A query's LoadState in this hook's shape (`value` for the answer). */
function toLoad<T>(
  result: { data: T | undefined; error: Error | null; isFetching: boolean },
  fallback: string,
): Load<T> {
  const state = loadStateOf<T | undefined>(result, (e) => errorMessage(e, fallback));
  return state.kind === 'ready' ? { kind: 'ready', value: state.data } : state;
}

export function useServiceChoice(): ServiceChoice {
  const [pick, setPick] = useState<BulkPick>({
    apiId: null,
    apiName: null,
    carrier: null,
    service: null,
    template: DEFAULT_TEMPLATE,
  });
  const apisQuery = useQuery({ ...shippingQueries.apis(), select: (res) => res.apis });
  const servicesQuery = useQuery({ ...shippingQueries.services(pick.apiId ?? ''), enabled: pick.apiId !== null });
  const apis = toLoad(apisQuery, 'Failed to load shipping services');
  const services: ServiceChoice['services'] =
    pick.apiId === null ? { kind: 'idle' } : toLoad(servicesQuery, 'Failed to load services for selected API');

  // The default API (else the first) is selected once the APIs arrive.
  useEffect(() => {
    const preferred = apisQuery.data?.find((a) => a.isDefault) ?? apisQuery.data?.[0];
    if (preferred) setPick((p) => (p.apiId ? p : { ...p, apiId: preferred._id, apiName: preferred.name }));
  }, [apisQuery.data]);

  // A new API's services keep the carrier and service when it still offers them.
  const answered = servicesQuery.data;
  const answeredFor = pick.apiId;
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
    services,
    pick,
    setApi: (apiId) => {
      const chosen = apis.kind === 'ready' ? apis.value.find((a) => a._id === apiId) : undefined;
      setPick((p) => (p.apiId === apiId ? p : { ...p, apiId, apiName: chosen?.name ?? null }));
    },
    setCarrier: (carrier) => setPick((p) => (p.carrier === carrier ? p : { ...p, carrier, service: null })),
    setService: (service) => setPick((p) => ({ ...p, service })),
    setTemplate: (template) => setPick((p) => ({ ...p, template })),
    retryApis: () => void apisQuery.refetch(),
    retryServices: () => void servicesQuery.refetch(),
  };
}
