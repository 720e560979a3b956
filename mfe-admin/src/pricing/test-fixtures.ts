import type { MarginRow } from '@labeldesk/contracts';

/** Test rows of the margins report: what a service sold (labels, gross margin) with the other sums at zero. */
export const sold = (labelsSold: number, grossMarginCents: number): MarginRow['sold'] => ({
  labelsSold,
  revenueCents: 0,
  providerCostCents: 0,
  labelsWithoutCost: 0,
  grossMarginCents,
  marginPercent: null,
  avgProviderCostCents: null,
  avgMarginCents: null,
});

/** A margins report row for `serviceName` (an enabled UPS service of API 1 with nothing sold), with `over` applied. */
export function marginRow(over: Partial<MarginRow> & { serviceName: string }): MarginRow {
  return {
    apiId: 'api_1',
    apiName: 'API 1',
    serviceId: `svc_${over.serviceName}`,
    inCatalogue: true,
    carrier: 'UPS',
    serviceCode: 'x',
    enabled: true,
    weightUnit: 'lbs',
    basePriceCents: 1000,
    hasDynamicPricing: false,
    tiers: [],
    ratesStatus: 'ok',
    listed: null,
    sold: sold(0, 0),
    customers: [],
    customersAtLoss: 0,
    loss: false,
    ...over,
  };
}
