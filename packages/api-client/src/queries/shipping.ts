import type { ApiKeyMode, CalculatePriceRequest } from '@labeldesk/contracts';
import { api } from '../endpoints';
import { mutation, query } from './spec';

/**
 * What a customer can buy from: shipping APIs, their services with the customer's price, reliability; and the
 * customer's own public API keys. Admin changes to APIs and services invalidate `shippingKeys.all`.
 */
export const shippingKeys = {
  all: ['shipping'] as const,
  apis: () => [...shippingKeys.all, 'apis'] as const,
  defaultApi: () => [...shippingKeys.all, 'default-api'] as const,
  services: (apiId?: string) => [...shippingKeys.all, 'services', apiId ?? null] as const,
  reliability: () => [...shippingKeys.all, 'reliability'] as const,
  /** The customer's price for one exact label (Manual Order's price card): a changed form is another key. */
  price: (request: CalculatePriceRequest) => [...shippingKeys.all, 'price', request] as const,
  apiKeys: () => ['api-keys'] as const,
};

export const shippingQueries = {
  apis: () => query(shippingKeys.apis(), () => api.shipping.apis()),
  defaultApi: () => query(shippingKeys.defaultApi(), () => api.shipping.defaultApi()),
  services: (apiId?: string) => query(shippingKeys.services(apiId), () => api.shipping.allServices(apiId)),
  reliability: () => query(shippingKeys.reliability(), () => api.shipping.reliability()),
  /** Aborted when the form changed while it ran (the old key is left without observers). */
  price: (request: CalculatePriceRequest) =>
    query(shippingKeys.price(request), (signal) => api.orders.calculatePrice(request, signal)),
  apiKeys: () => query(shippingKeys.apiKeys(), () => api.apiKeys.get()),
};

export const shippingMutations = {
  regenerateApiKey: mutation((mode: ApiKeyMode) => api.apiKeys.regenerate(mode), [shippingKeys.apiKeys()]),
};
