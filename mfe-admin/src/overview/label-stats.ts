import {
  CARRIERS,
  type Carrier,
  LABEL_STATS_PERIODS,
  type LabelStats,
  type LabelStatsPeriod,
} from '@labeldesk/contracts';
import { CARRIER_LABELS } from '../service-management/api-configs';

export const STATS_LOAD_FAILED = 'Failed to load dashboard statistics. Please try again later.';
export const DEFAULT_PERIOD: LabelStatsPeriod = 'all';

/** SPEC §2 Admin Overview period filter: today, week = last 7 days, month = last month, all. */
export const PERIOD_OPTIONS: ReadonlyArray<{ value: LabelStatsPeriod; label: string }> = [
  { value: 'today', label: 'Today' },
  { value: 'week', label: 'Week' },
  { value: 'month', label: 'Month' },
  { value: 'all', label: 'All time' },
];

const PERIOD_DESCRIPTIONS: Record<LabelStatsPeriod, string> = {
  today: 'Labels bought today (since 00:00 UTC)',
  week: 'Labels bought in the last 7 days',
  month: 'Labels bought in the last 30 days',
  all: 'Every label bought so far',
};

export function isPeriod(value: string | null): value is LabelStatsPeriod {
  return (LABEL_STATS_PERIODS as readonly (string | null)[]).includes(value);
}

export function periodDescription(period: LabelStatsPeriod): string {
  return PERIOD_DESCRIPTIONS[period];
}

export interface CarrierRow {
  carrier: Carrier;
  /** The carrier as screens spell it (FedEx). */
  label: string;
  count: number;
  /** USD. */
  revenue: number;
}

/**
 * One row per carrier, always UPS, USPS, FedEx in that order (a carrier without labels in the period shows 0, so the
 * chart and table keep their shape while the period changes). The server's figures are used as they are.
 */
export function carrierRows(stats: Pick<LabelStats, 'carrierStats'>): CarrierRow[] {
  return CARRIERS.map((carrier) => {
    const found = stats.carrierStats.filter((s) => s._id === carrier);
    return {
      carrier,
      label: CARRIER_LABELS[carrier],
      count: found.reduce((sum, s) => sum + s.count, 0),
      revenue: Math.round(found.reduce((sum, s) => sum + s.totalRevenue, 0) * 100) / 100,
    };
  });
}

/** True when the period has no labels at all (the chart then says so instead of drawing empty bars). */
export function isEmptyPeriod(stats: Pick<LabelStats, 'totals'>): boolean {
  return stats.totals.totalLabels === 0;
}

const wholeUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});
const compactUsdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Revenue axis ticks: whole dollars below a thousand ('$43'), compact above ('$1.3K', '$2M'). */
export function compactUsd(amount: number): string {
  return (Math.abs(amount) >= 1000 ? compactUsdFormat : wholeUsd).format(amount);
}
