import { api, errorMessage } from '@labeldesk/api-client';
import type { AllServicesResponse, Carrier, CustomerApi } from '@labeldesk/contracts';
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
export function useServiceChoice(): ServiceChoice {
  const [apis, setApis] = useState<Load<CustomerApi[]>>({ kind: 'loading' });
  const [apisAttempt, setApisAttempt] = useState(0);
  const [services, setServices] = useState<ServiceChoice['services']>({ kind: 'idle' });
  const [servicesAttempt, setServicesAttempt] = useState(0);
  const [pick, setPick] = useState<BulkPick>({
    apiId: null,
    apiName: null,
    carrier: null,
    service: null,
    template: DEFAULT_TEMPLATE,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `apisAttempt` re-runs the load (Try Again).
  useEffect(() => {
    let active = true;
    setApis({ kind: 'loading' });
    api.shipping.apis().then(
      (res) => {
        if (!active) return;
        setApis({ kind: 'ready', value: res.apis });
        const preferred = res.apis.find((a) => a.isDefault) ?? res.apis[0];
        setPick((p) => (p.apiId || !preferred ? p : { ...p, apiId: preferred._id, apiName: preferred.name }));
      },
      (e: unknown) =>
        active && setApis({ kind: 'failed', message: errorMessage(e, 'Failed to load shipping services') }),
    );
    return () => {
      active = false;
    };
  }, [apisAttempt]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `servicesAttempt` re-runs the load (Try Again).
  useEffect(() => {
    const apiId = pick.apiId;
    if (!apiId) return;
    let active = true;
    setServices({ kind: 'loading' });
    api.shipping.allServices(apiId).then(
      (res) => {
        if (!active) return;
        setServices({ kind: 'ready', value: res });
        setPick((p) => {
          if (p.apiId !== apiId) return p;
          const kept = reconcileSelection(res, p.carrier, p.service);
          return { ...p, carrier: kept.carrier, service: kept.serviceType };
        });
      },
      (e: unknown) =>
        active && setServices({ kind: 'failed', message: errorMessage(e, 'Failed to load services for selected API') }),
    );
    return () => {
      active = false;
    };
  }, [pick.apiId, servicesAttempt]);

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
    retryApis: () => setApisAttempt((n) => n + 1),
    retryServices: () => setServicesAttempt((n) => n + 1),
  };
}
