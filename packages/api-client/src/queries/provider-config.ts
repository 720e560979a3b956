import type {
  AddServicesRequest,
  CreateApiConfigRequest,
  RemoveServicesRequest,
  UpdateApiKeyRequest,
  UpdateDynamicPricingRequest,
  UpdateFailoverSettingsRequest,
  UpdateReliabilityRequest,
  UpdateServicePricingRequest,
} from '@labeldesk/contracts';
import { api } from '../endpoints';
import { shippingKeys } from './shipping';
import { mutation, query } from './spec';

/**
 * Admin: provider API configs and their services (pricing, reliability, dynamic tiers). Any change also invalidates
 * `shippingKeys.all`: what customers can buy follows. The provider's own live prices sit outside `all`: a change of
 * ours (a price, a reliability) does not alter them, so it does not ask the provider again; a new key or a deleted API
 * does.
 */
export const providerKeys = {
  all: ['admin', 'providers'] as const,
  apis: () => [...providerKeys.all, 'apis'] as const,
  /** Breaker states and failovers (Service Status); under `all`, so a changed API (renamed, deleted) is read again. */
  health: () => [...providerKeys.all, 'health'] as const,
  allProviderPrices: ['admin', 'provider-prices'] as const,
  providerPrices: (apiId: string) => [...providerKeys.allProviderPrices, apiId] as const,
  dynamicPricing: (apiId: string, carrier: string, service: string) =>
    [...providerKeys.all, 'dynamic-pricing', apiId, carrier, service] as const,
};

const changed = [providerKeys.all, shippingKeys.all];
const reached = [...changed, providerKeys.allProviderPrices];

export const providerQueries = {
  apis: () => query(providerKeys.apis(), (signal) => api.adminConfig.listApis(signal)),
  health: () => query(providerKeys.health(), (signal) => api.adminConfig.health(signal)),
  providerPrices: (apiId: string) =>
    query(providerKeys.providerPrices(apiId), () => api.adminConfig.providerPrices(apiId)),
  dynamicPricing: (apiId: string, carrier: string, service: string) =>
    query(providerKeys.dynamicPricing(apiId, carrier, service), () =>
      api.adminConfig.getDynamicPricing(apiId, carrier, service),
    ),
};

interface ServiceRef {
  apiId: string;
  carrier: string;
  service: string;
}

export const providerMutations = {
  createApi: mutation((body: CreateApiConfigRequest) => api.adminConfig.createApi(body), changed),
  updateApiKey: mutation(
    ({ id, body }: { id: string; body: UpdateApiKeyRequest }) => api.adminConfig.updateApiKey(id, body),
    reached,
  ),
  deleteApi: mutation((id: string) => api.adminConfig.deleteApi(id), reached),
  setDefault: mutation((id: string) => api.adminConfig.setDefault(id), changed),
  /** Priority and "allow as failover target": the failover order, and the health list's order, follow. */
  updateFailover: mutation(
    ({ id, body }: { id: string; body: UpdateFailoverSettingsRequest }) => api.adminConfig.updateFailover(id, body),
    changed,
  ),
  updatePricing: mutation(
    ({ apiId, carrier, service, body }: ServiceRef & { body: UpdateServicePricingRequest }) =>
      api.adminConfig.updatePricing(apiId, carrier, service, body),
    changed,
  ),
  updateReliability: mutation(
    ({ apiId, carrier, service, body }: ServiceRef & { body: UpdateReliabilityRequest }) =>
      api.adminConfig.updateReliability(apiId, carrier, service, body),
    changed,
  ),
  updateDynamicPricing: mutation(
    ({ apiId, carrier, service, body }: ServiceRef & { body: UpdateDynamicPricingRequest }) =>
      api.adminConfig.updateDynamicPricing(apiId, carrier, service, body),
    changed,
  ),
  addServices: mutation((body: AddServicesRequest) => api.adminServices.addServices(body), changed),
  removeServices: mutation((body: RemoveServicesRequest) => api.adminServices.removeServices(body), changed),
};
