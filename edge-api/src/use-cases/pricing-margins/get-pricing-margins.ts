import {
  type Carrier,
  type CarrierMargin,
  type CustomerMargin,
  daysInPeriod,
  MARGINS_DEFAULT_DAYS,
  MARGINS_MAX_DAYS,
  MARGINS_MESSAGES,
  type MarginRow,
  type MarginsResponse,
  type RatesStatus,
} from '@labeldesk/contracts';
import { type CustomServicePricing, selectCustomServicePricing, type Tier, weightUnitFor } from '@labeldesk/pricing';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { customPricing, orders, shippingApis, shippingServices, users } from '../../db/schema';
import type { ShippingApiRow } from '../../db/schema/shipping-apis';
import type { ShippingServiceRow } from '../../db/schema/shipping-services';
import type { Services } from '../../env';
import { ApiError } from '../../errors';
import { errorMessage } from '../../lib/logger';
import { byName, CARRIER_ORDER, pricedService } from '../../lib/presenters/shipping';
import { readStoredCarriers, readStoredTiers } from '../../lib/pricing-store';
import type { ProviderServiceInfo } from '../../ports/label-provider';
import { connectProvider } from '../shipping-apis/connect-provider';
import { providerApiError } from '../shipping-apis/provider-errors';
import { tiersFromProvider } from '../shipping-services/service-from-provider';
import { LIVE_ORDERS } from '../test-mode/test-mode';
import {
  addSums,
  describeRule,
  isLoss,
  listedMargin,
  marginPercent,
  NO_SALES,
  type SoldSums,
  soldMargin,
} from './margin-bands';

const DAY_MS = 86_400_000;
const RATES_UNAVAILABLE = 'Provider rates are not available right now';

const isoDay = (d: Date) => d.toISOString().slice(0, 10);
const addDays = (day: string, n: number) => isoDay(new Date(Date.parse(`${day}T00:00:00.000Z`) + n * DAY_MS));

function refuse(message: string, path: string): never {
  throw new ApiError('invalid_input', message, { details: [{ path, message }] });
}

/**
 * The period (UTC days, both included): `to` defaults to today, `from` to 29 days before `to` (30 days). A `from`
 * after the (default) `to`, or a period longer than MARGINS_MAX_DAYS, is refused.
 */
export function resolvePeriod(query: { from?: string | undefined; to?: string | undefined }, now: Date) {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? addDays(to, -(MARGINS_DEFAULT_DAYS - 1));
  if (from > to) refuse(MARGINS_MESSAGES.dateOrder, 'from');
  if (daysInPeriod(from, to) > MARGINS_MAX_DAYS) refuse(MARGINS_MESSAGES.rangeTooLong, 'to');
  return { from, to, start: `${from}T00:00:00.000Z`, end: `${addDays(to, 1)}T00:00:00.000Z` };
}

interface SoldGroup extends SoldSums {
  apiId: string;
  serviceId: string;
  apiName: string;
  carrier: Carrier;
  serviceName: string;
  serviceCode: string;
}

/** Stored purchases of the period: bought labels only (completed), grouped by service (and by customer when asked). */
function soldColumns() {
  return {
    apiId: orders.apiId,
    serviceId: orders.serviceId,
    apiName: sql<string>`MAX(${orders.apiName})`,
    carrier: sql<Carrier>`MAX(${orders.carrier})`,
    serviceName: sql<string>`MAX(${orders.serviceName})`,
    serviceCode: sql<string>`MAX(${orders.serviceCode})`,
    labels: sql<number>`COUNT(*)`,
    revenueCents: sql<number>`COALESCE(SUM(${orders.priceCents}), 0)`,
    costedRevenueCents: sql<number>`COALESCE(SUM(CASE WHEN ${orders.providerCostCents} IS NOT NULL THEN ${orders.priceCents} END), 0)`,
    providerCostCents: sql<number>`COALESCE(SUM(${orders.providerCostCents}), 0)`,
    labelsWithoutCost: sql<number>`SUM(CASE WHEN ${orders.providerCostCents} IS NULL THEN 1 ELSE 0 END)`,
  };
}

function numbers<T extends SoldSums>(row: T): T {
  return {
    ...row,
    labels: Number(row.labels),
    revenueCents: Number(row.revenueCents),
    costedRevenueCents: Number(row.costedRevenueCents),
    providerCostCents: Number(row.providerCostCents),
    labelsWithoutCost: Number(row.labelsWithoutCost),
  };
}

async function readSold(services: Services, start: string, end: string) {
  const inPeriod = and(
    LIVE_ORDERS,
    eq(orders.status, 'completed'),
    gte(orders.createdAt, start),
    lt(orders.createdAt, end),
  );
  const [byService, byCustomer] = await Promise.all([
    services.db.select(soldColumns()).from(orders).where(inPeriod).groupBy(orders.apiId, orders.serviceId),
    // Only customers who have custom pricing for the order's API: their effective margin.
    services.db
      .select({ ...soldColumns(), userId: orders.userId })
      .from(orders)
      .innerJoin(
        customPricing,
        and(
          eq(customPricing.userId, orders.userId),
          eq(customPricing.apiId, orders.apiId),
          eq(customPricing.enabled, true),
        ),
      )
      .where(inPeriod)
      .groupBy(orders.apiId, orders.serviceId, orders.userId),
  ]);
  return {
    byService: byService.map((r) => numbers(r as SoldGroup)),
    byCustomer: byCustomer.map((r) => numbers(r as SoldGroup & { userId: string })),
  };
}

interface ProviderRates {
  byCode: Map<string, ProviderServiceInfo>;
  byName: Map<string, ProviderServiceInfo>;
}

/** Every API's current price list, asked live and at once; a provider that fails leaves its API without rates. */
async function readProviderRates(
  services: Services,
  apis: readonly ShippingApiRow[],
): Promise<Map<string, ProviderRates | { error: string }>> {
  const answers = await Promise.allSettled(
    apis.map(async (api) => (await connectProvider(services, api)).listServices()),
  );
  const out = new Map<string, ProviderRates | { error: string }>();
  answers.forEach((answer, i) => {
    const api = apis[i];
    if (!api) return;
    if (answer.status === 'rejected') {
      const err = answer.reason;
      const known = err instanceof ApiError ? err : providerApiError(err);
      services.log.warn('margins.rates_unread', { apiId: api.id, detail: known?.logMessage ?? errorMessage(err) });
      out.set(api.id, { error: known?.message ?? RATES_UNAVAILABLE });
      return;
    }
    out.set(api.id, {
      byCode: new Map(answer.value.map((s) => [s.serviceCode, s])),
      byName: new Map(answer.value.map((s) => [`${s.carrier}\u0000${s.name}`, s])),
    });
  });
  return out;
}

interface CustomerRule {
  userId: string;
  email: string;
  name: string;
  apiId: string;
  carriers: ReturnType<typeof readStoredCarriers>;
}

const emptySold = () => soldMargin(NO_SALES);

function carrierTotals(rows: readonly MarginRow[], sums: Map<string, SoldSums>): CarrierMargin[] {
  return CARRIER_ORDER.map((carrier) => {
    const s = rows
      .filter((r) => r.carrier === carrier)
      .reduce((acc, r) => addSums(acc, sums.get(rowKey(r.apiId, r.serviceId)) ?? NO_SALES), NO_SALES);
    const sold = soldMargin(s);
    return {
      carrier,
      labelsSold: sold.labelsSold,
      revenueCents: sold.revenueCents,
      providerCostCents: sold.providerCostCents,
      grossMarginCents: sold.grossMarginCents,
      marginPercent: sold.marginPercent,
    };
  });
}

const rowKey = (apiId: string, serviceId: string) => `${apiId}\u0000${serviceId}`;

/**
 * GET /api/admin/pricing/margins: for every API and service, the provider's current cost against our price list
 * (listed margin per label, worst weight band first), the labels bought in the period with the gross margin they made
 * from stored purchases, the customers with custom pricing on the service and their effective margin, loss flags, and
 * the sold figures per carrier. See packages/contracts/src/pricing-margins.ts for what each figure means.
 */
export async function getPricingMargins(
  services: Services,
  input: { query: { from?: string | undefined; to?: string | undefined } },
): Promise<MarginsResponse> {
  const period = resolvePeriod(input.query, services.clock.now());
  const [apis, catalogue, rules, sold] = await Promise.all([
    services.db.select().from(shippingApis),
    services.db.select().from(shippingServices),
    services.db
      .select({
        userId: customPricing.userId,
        apiId: customPricing.apiId,
        carriers: customPricing.carriers,
        email: users.email,
        name: users.name,
      })
      .from(customPricing)
      .innerJoin(users, eq(users.id, customPricing.userId))
      .where(eq(customPricing.enabled, true)),
    readSold(services, period.start, period.end),
  ]);
  const rates = await readProviderRates(services, apis);

  const apiById = new Map(apis.map((a) => [a.id, a]));
  const soldByService = new Map(sold.byService.map((g) => [rowKey(g.apiId, g.serviceId), g]));
  const soldByCustomer = new Map(sold.byCustomer.map((g) => [`${rowKey(g.apiId, g.serviceId)}\u0000${g.userId}`, g]));
  const customerRules: CustomerRule[] = rules.map((r) => ({ ...r, carriers: readStoredCarriers(r.carriers) }));

  const rows: MarginRow[] = [];
  const sums = new Map<string, SoldSums>();

  for (const service of catalogue) {
    const api = apiById.get(service.apiId);
    if (!api) continue;
    const key = rowKey(api.id, service.id);
    const group = soldByService.get(key);
    sums.set(key, group ?? NO_SALES);
    rows.push(catalogueRow(api, service, rates.get(api.id), group, customerRules, soldByCustomer));
  }

  // Services sold in the period but no longer in our catalogue: their sales still count.
  for (const group of sold.byService) {
    const key = rowKey(group.apiId, group.serviceId);
    if (sums.has(key)) continue;
    sums.set(key, group);
    const s = soldMargin(group);
    rows.push({
      apiId: group.apiId,
      apiName: apiById.get(group.apiId)?.name ?? group.apiName,
      serviceId: group.serviceId,
      inCatalogue: false,
      carrier: group.carrier,
      serviceName: group.serviceName,
      serviceCode: group.serviceCode,
      enabled: false,
      weightUnit: weightUnitFor(group.serviceName),
      basePriceCents: null,
      hasDynamicPricing: false,
      tiers: [],
      ratesStatus: 'no_price',
      listed: null,
      sold: s,
      customers: [],
      customersAtLoss: 0,
      loss: isLoss(null, s),
    });
  }

  rows.sort(
    (a, b) =>
      a.apiName.localeCompare(b.apiName) ||
      CARRIER_ORDER.indexOf(a.carrier) - CARRIER_ORDER.indexOf(b.carrier) ||
      byName({ name: a.serviceName }, { name: b.serviceName }),
  );

  const byCarrier = carrierTotals(rows, sums);
  const all = [...sums.values()].reduce(addSums, NO_SALES);
  const total = soldMargin(all);
  return {
    period: { from: period.from, to: period.to },
    apis: apis
      .map((api) => {
        const r = rates.get(api.id);
        const error = r && 'error' in r ? r.error : null;
        return { apiId: api.id, apiName: api.name, ratesAvailable: error === null, error };
      })
      .sort((a, b) => a.apiName.localeCompare(b.apiName)),
    rows,
    byCarrier,
    totals: {
      labelsSold: total.labelsSold,
      revenueCents: total.revenueCents,
      providerCostCents: total.providerCostCents,
      grossMarginCents: total.grossMarginCents,
      marginPercent: marginPercent(total.grossMarginCents, all.costedRevenueCents),
      labelsWithoutCost: total.labelsWithoutCost,
    },
  };
}

function catalogueRow(
  api: ShippingApiRow,
  service: ShippingServiceRow,
  apiRates: ProviderRates | { error: string } | undefined,
  group: SoldGroup | undefined,
  customerRules: readonly CustomerRule[],
  soldByCustomer: Map<string, SoldGroup & { userId: string }>,
): MarginRow {
  const priced = pricedService(service);
  const ours = readStoredTiers(service.pricingTiers);

  let ratesStatus: RatesStatus = 'unavailable';
  let costTiers: Tier[] | null = null;
  if (apiRates && !('error' in apiRates)) {
    const info =
      apiRates.byCode.get(service.serviceCode) ?? apiRates.byName.get(`${service.carrier}\u0000${service.name}`);
    if (info) {
      costTiers = tiersFromProvider(info);
      ratesStatus = 'ok';
    } else {
      ratesStatus = 'not_listed';
    }
  }
  const listed = costTiers ? listedMargin(priced, costTiers) : null;
  if (ratesStatus === 'ok' && !listed) ratesStatus = 'no_price';
  const sold = group ? soldMargin(group) : emptySold();

  const customers: CustomerMargin[] = [];
  for (const c of customerRules) {
    if (c.apiId !== api.id) continue;
    const rule = selectCustomServicePricing<CustomServicePricing>(
      { enabled: true, carriers: c.carriers },
      service.carrier,
      service.name,
    );
    if (!rule) continue;
    const theirs = costTiers ? listedMargin(priced, costTiers, rule) : null;
    const bought = soldByCustomer.get(`${rowKey(api.id, service.id)}\u0000${c.userId}`);
    const theirSold = bought ? soldMargin(bought) : emptySold();
    customers.push({
      userId: c.userId,
      email: c.email,
      name: c.name,
      ruleType: rule.type,
      rule: describeRule(rule, priced),
      listed: theirs,
      sold: theirSold,
      loss: isLoss(theirs, theirSold),
    });
  }
  customers.sort((a, b) => a.email.localeCompare(b.email));

  return {
    apiId: api.id,
    apiName: api.name,
    serviceId: service.id,
    inCatalogue: true,
    carrier: service.carrier,
    serviceName: service.name,
    serviceCode: service.serviceCode,
    enabled: service.enabled,
    weightUnit: service.weightUnit,
    basePriceCents: service.basePriceCents,
    hasDynamicPricing: service.hasDynamicPricing && ours.length > 0,
    tiers: (service.hasDynamicPricing ? ours : []).map((t) => ({
      start: t.startHundredths / 100,
      end: t.endHundredths / 100,
      priceCents: t.priceCents,
    })),
    ratesStatus,
    listed,
    sold,
    customers,
    customersAtLoss: customers.filter((c) => c.loss).length,
    loss: isLoss(listed, sold),
  };
}
