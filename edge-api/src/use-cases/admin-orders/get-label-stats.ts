import type { LabelStats, LabelStatsPeriod } from '@labeldesk/contracts';
import { and, eq, gte, isNull, type SQL, sql } from 'drizzle-orm';
import { orders } from '../../db/schema';
import type { Services } from '../../env';
import { centsToUsd } from '../../lib/money';
import { LIVE_ORDERS } from '../test-mode/test-mode';

/** Every carrier appears in the statistics, in this order, even without labels. */
export const STATS_CARRIERS = ['UPS', 'USPS', 'FEDEX'] as const;

const DAY_MS = 24 * 60 * 60_000;

/**
 * The first instant of a period (SPEC §2 Admin Overview): today = since 00:00 UTC; week = the last 7 days; month =
 * the last 30 days (rolling, to the millisecond); all = no bound.
 */
export function periodStart(period: LabelStatsPeriod, now: Date): string | undefined {
  switch (period) {
    case 'today':
      return `${now.toISOString().slice(0, 10)}T00:00:00.000Z`;
    case 'week':
      return new Date(now.getTime() - 7 * DAY_MS).toISOString();
    case 'month':
      return new Date(now.getTime() - 30 * DAY_MS).toISOString();
    case 'all':
      return undefined;
  }
}

/**
 * GET /api/admin/stats/labels: labels sold (completed orders only, voided and refunded ones left out) in the period, per carrier: how many and the
 * revenue (Σ what customers paid, USD), plus the totals. Counted in SQL.
 */
export async function getLabelStats(services: Services, input: { period: LabelStatsPeriod }): Promise<LabelStats> {
  const start = periodStart(input.period, services.clock.now());
  // A label voided and refunded was not sold (its price went back to the customer).
  const terms: SQL[] = [LIVE_ORDERS, eq(orders.status, 'completed'), isNull(orders.refundEntryId)];
  if (start) terms.push(gte(orders.createdAt, start));
  const rows = await services.db
    .select({
      carrier: orders.carrier,
      n: sql<number>`COUNT(*)`,
      revenueCents: sql<number>`COALESCE(SUM(${orders.priceCents}), 0)`,
    })
    .from(orders)
    .where(and(...terms))
    .groupBy(orders.carrier);
  const byCarrier = new Map(rows.map((r) => [r.carrier, r]));
  let totalLabels = 0;
  let totalCents = 0;
  const carrierStats = STATS_CARRIERS.map((carrier) => {
    const r = byCarrier.get(carrier);
    const n = Number(r?.n ?? 0);
    const cents = Number(r?.revenueCents ?? 0);
    totalLabels += n;
    totalCents += cents;
    return { _id: carrier, count: n, totalRevenue: centsToUsd(cents) };
  });
  return { period: input.period, carrierStats, totals: { totalLabels, totalRevenue: centsToUsd(totalCents) } };
}
