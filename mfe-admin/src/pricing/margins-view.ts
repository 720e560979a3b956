import {
  CARRIERS,
  type Carrier,
  type ListedMargin,
  MARGINS_DEFAULT_DAYS,
  type MarginRow,
  type MarginsResponse,
} from '@labeldesk/contracts';
import { formatUsd } from '@labeldesk/pricing';

/**
 * What the /admin/pricing margin view shows, as plain functions (tested beside this file): the period presets, the
 * sortable columns and the filters, and how figures read. Money arrives in integer cents.
 */

export const CARRIER_NAMES: Record<Carrier, string> = { UPS: 'UPS', USPS: 'USPS', FEDEX: 'FedEx' };

// ---- Period ---------------------------------------------------------------------------------------------------------

export const PERIOD_PRESETS = [
  { value: '7', label: '7 days', days: 7 },
  { value: '30', label: '30 days', days: MARGINS_DEFAULT_DAYS },
  { value: '90', label: '90 days', days: 90 },
  { value: 'custom', label: 'Custom', days: null },
] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number]['value'];
export const DEFAULT_PRESET: PeriodPreset = '30';

export interface Period {
  preset: PeriodPreset;
  /** UTC days, YYYY-MM-DD, both included. */
  from: string;
  to: string;
}

const DAY_MS = 86_400_000;
export const utcDay = (d: Date) => d.toISOString().slice(0, 10);

export function isPreset(value: string | null): value is PeriodPreset {
  return PERIOD_PRESETS.some((p) => p.value === value);
}

/** The last `days` days up to today (UTC), today included: 30 days on 2026-03-10 → 2026-02-09 .. 2026-03-10. */
export function presetPeriod(preset: PeriodPreset, now: Date, current?: Period): Period {
  const found = PERIOD_PRESETS.find((p) => p.value === preset);
  if (!found?.days) return { preset: 'custom', from: current?.from ?? utcDay(now), to: current?.to ?? utcDay(now) };
  const to = utcDay(now);
  const from = utcDay(new Date(Date.parse(`${to}T00:00:00Z`) - (found.days - 1) * DAY_MS));
  return { preset, from, to };
}

/** A day typed in a picker: `from` never after `to` (the other end follows). */
export function withDay(period: Period, end: 'from' | 'to', day: string | null): Period {
  if (!day) return period;
  if (end === 'from') return { preset: 'custom', from: day, to: day > period.to ? day : period.to };
  return { preset: 'custom', to: day, from: day < period.from ? day : period.from };
}

// ---- Reading figures ------------------------------------------------------------------------------------------------

export const money = (cents: number | null | undefined): string =>
  cents === null || cents === undefined ? '—' : formatUsd(cents);

/** '$8.95' or '$8.95 – $62.50'. */
export function moneyRange(min: number, max: number): string {
  return min === max ? formatUsd(min) : `${formatUsd(min)} – ${formatUsd(max)}`;
}

export const percent = (value: number | null | undefined): string =>
  value === null || value === undefined ? '—' : `${value.toFixed(1)}%`;

/** Why a row has no listed margin, for the cell that would show it. */
export function ratesNote(row: Pick<MarginRow, 'ratesStatus' | 'inCatalogue'>): string {
  if (!row.inCatalogue) return 'No longer in the catalogue';
  switch (row.ratesStatus) {
    case 'unavailable':
      return 'Provider rates not available';
    case 'not_listed':
      return 'Provider no longer lists it';
    case 'no_price':
      return 'No price to compare';
    default:
      return '';
  }
}

/** Our price list in words: '$12.00', or '$10.00 – $70.00 (3 tiers)'. */
export function ourPrice(row: MarginRow): string {
  if (row.hasDynamicPricing && row.tiers.length > 0) {
    const prices = row.tiers.map((t) => t.priceCents);
    return `${moneyRange(Math.min(...prices), Math.max(...prices))} (${row.tiers.length} tier${row.tiers.length === 1 ? '' : 's'})`;
  }
  return money(row.basePriceCents);
}

/** The listed margin in words: the worst band, and the best when they differ. */
export function listedMarginText(listed: ListedMargin | null): string {
  if (!listed) return '—';
  if (listed.marginCents === listed.marginMaxCents) return formatUsd(listed.marginCents);
  return `${formatUsd(listed.marginCents)} to ${formatUsd(listed.marginMaxCents)}`;
}

/** Why a row (or a customer) is flagged: its labels sold lost money, or its price list is below cost at some weight. */
export function lossLabel(x: { listed: ListedMargin | null; sold: { labelsSold: number; grossMarginCents: number } }) {
  if (x.sold.labelsSold > 0 && x.sold.grossMarginCents < 0) return 'Loss on sales';
  if (x.listed && x.listed.marginCents < 0) {
    return x.listed.marginMaxCents < 0 ? 'Loss at every weight' : 'Loss at some weights';
  }
  return 'Loss';
}

export const labelsText = (n: number) => `${n} label${n === 1 ? '' : 's'}`;

/** `from`–`to` unit of a weight band. */
export function bandWeights(band: { fromWeight: number; toWeight: number }, unit: string): string {
  return `${band.fromWeight}–${band.toWeight} ${unit}`;
}

// ---- Sorting and filtering ------------------------------------------------------------------------------------------

export const SORT_KEYS = ['api', 'service', 'carrier', 'margin', 'marginPercent', 'labelsSold', 'grossMargin'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortDirection = 'asc' | 'desc';
export interface Sort {
  key: SortKey;
  direction: SortDirection;
}
export const DEFAULT_SORT: Sort = { key: 'api', direction: 'asc' };

type Value = string | number | null;

function sortValue(row: MarginRow, key: SortKey): Value {
  switch (key) {
    case 'api':
      return row.apiName;
    case 'service':
      return row.serviceName;
    case 'carrier':
      return CARRIER_NAMES[row.carrier];
    case 'margin':
      return row.listed?.marginCents ?? null;
    case 'marginPercent':
      return row.listed?.marginPercent ?? null;
    case 'labelsSold':
      return row.sold.labelsSold;
    case 'grossMargin':
      return row.sold.grossMarginCents;
  }
}

function compareValues(a: Value, b: Value): number {
  if (typeof a === 'string' && typeof b === 'string') return a.localeCompare(b, 'en', { sensitivity: 'base' });
  return Number(a) - Number(b);
}

/** The stable tie-break: API, carrier (UPS, USPS, FedEx), service. */
function naturalOrder(a: MarginRow, b: MarginRow): number {
  return (
    a.apiName.localeCompare(b.apiName) ||
    CARRIERS.indexOf(a.carrier) - CARRIERS.indexOf(b.carrier) ||
    a.serviceName.localeCompare(b.serviceName)
  );
}

/** Rows sorted by a column; rows without a value (no listed margin) always go last, whatever the direction. */
export function sortRows(rows: readonly MarginRow[], sort: Sort): MarginRow[] {
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const va = sortValue(a, sort.key);
    const vb = sortValue(b, sort.key);
    if (va === null && vb !== null) return 1;
    if (vb === null && va !== null) return -1;
    const c = va === null || vb === null ? 0 : compareValues(va, vb);
    return c !== 0 ? sign * c : naturalOrder(a, b);
  });
}

/** Clicking a column: the same column flips its direction; another starts ascending (numbers: largest first). */
export function nextSort(current: Sort, key: SortKey): Sort {
  if (current.key === key) return { key, direction: current.direction === 'asc' ? 'desc' : 'asc' };
  const numeric = key !== 'api' && key !== 'service' && key !== 'carrier';
  return { key, direction: numeric ? 'desc' : 'asc' };
}

export const ROW_FILTERS = [
  { value: 'all', label: 'All services' },
  { value: 'sold', label: 'Sold in period' },
  { value: 'loss', label: 'Losses' },
] as const;
export type RowFilter = (typeof ROW_FILTERS)[number]['value'];

export function isRowFilter(value: string | null): value is RowFilter {
  return ROW_FILTERS.some((f) => f.value === value);
}

/** 'loss' keeps rows with a loss of their own or a customer at a loss. */
export function filterRows(rows: readonly MarginRow[], filter: RowFilter): MarginRow[] {
  if (filter === 'sold') return rows.filter((r) => r.sold.labelsSold > 0);
  if (filter === 'loss') return rows.filter((r) => r.loss || r.customersAtLoss > 0);
  return [...rows];
}

// ---- Chart ----------------------------------------------------------------------------------------------------------

export interface CarrierBar {
  carrier: Carrier;
  label: string;
  /** USD (the chart's axis), from cents. */
  grossMargin: number;
  labelsSold: number;
  grossMarginCents: number;
}

export function carrierBars(m: Pick<MarginsResponse, 'byCarrier'>): CarrierBar[] {
  return CARRIERS.map((carrier) => {
    const c = m.byCarrier.find((x) => x.carrier === carrier);
    const cents = c?.grossMarginCents ?? 0;
    return {
      carrier,
      label: CARRIER_NAMES[carrier],
      grossMargin: cents / 100,
      labelsSold: c?.labelsSold ?? 0,
      grossMarginCents: cents,
    };
  });
}
