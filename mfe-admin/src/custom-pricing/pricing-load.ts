import type { ShippingApiConfig, UserPricingResponse } from '@labeldesk/contracts';
import type { LoadState } from '@labeldesk/ui';
import { pickApi } from '../service-management/api-configs';

/** What the Custom Pricing modal shows from its two queries (the API list, then the customer's pricing for one API). */
export type PricingLoad =
  | { kind: 'loading' }
  /** `failed`: which query Try Again asks again. */
  | { kind: 'failed'; message: string; failed: 'apis' | 'pricing' }
  | { kind: 'no-apis' }
  | { kind: 'ready'; apiId: string; pricing: UserPricingResponse };

/**
 * The API shown: the one the admin chose while it still exists, else the default, else the first; null without APIs
 * (or before the list is in).
 */
export function shownApi(apis: LoadState<{ apis: ShippingApiConfig[] }>, chosen: string | null): string | null {
  return apis.kind === 'ready' ? pickApi(apis.data.apis, chosen) : null;
}

/** The API list first (its failure or absence of APIs wins), then the pricing of the shown API. */
export function pricingLoad(
  apis: LoadState<{ apis: ShippingApiConfig[] }>,
  apiId: string | null,
  pricing: LoadState<UserPricingResponse>,
): PricingLoad {
  if (apis.kind === 'loading') return { kind: 'loading' };
  if (apis.kind === 'failed') return { kind: 'failed', message: apis.message, failed: 'apis' };
  if (apiId === null) return { kind: 'no-apis' };
  if (pricing.kind === 'loading') return { kind: 'loading' };
  if (pricing.kind === 'failed') return { kind: 'failed', message: pricing.message, failed: 'pricing' };
  return { kind: 'ready', apiId, pricing: pricing.data };
}
