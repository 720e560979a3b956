import type { ProviderPricesResponse, ProviderServicePrices } from '@labeldesk/contracts';
import { centsToUsd } from '@labeldesk/pricing';
import type { Services } from '../../env';
import { byName } from '../../lib/presenters/shipping';
import { connectProvider } from './connect-provider';
import { getApiConfig } from './get-api-config';
import { callProvider } from './provider-errors';

/**
 * The provider's own price list, live, for "our price vs provider price" (SPEC §2 Service Pricing): keyed by carrier
 * then service name. Works for any provider speaking the protocol (the SPEC's "two known base URLs" were the two the
 * old system could read).
 */
export async function getProviderPrices(services: Services, apiId: string): Promise<ProviderPricesResponse> {
  const api = await getApiConfig(services, apiId);
  const provider = await connectProvider(services, api);
  const listed = await callProvider(() => provider.listServices());
  const carriers: ProviderPricesResponse['carriers'] = { UPS: {}, USPS: {}, FEDEX: {} };
  for (const s of [...listed].sort(byName)) {
    const entry: ProviderServicePrices = {
      name: s.name,
      serviceCode: s.serviceCode,
      active: s.status === 'active',
      maxWeight: s.maxWeight,
      weightUnit: s.weightUnit,
      prices: s.prices.map((p) => ({
        price: centsToUsd(p.priceCents),
        fromWeight: p.fromWeight,
        toWeight: p.toWeight,
      })),
      hasMultipleTiers: s.prices.length > 1,
    };
    carriers[s.carrier][s.name] = entry;
  }
  return { apiId, carriers };
}
