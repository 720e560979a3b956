import type { LabelStats } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import { carrierRows, compactUsd, isEmptyPeriod, isPeriod, PERIOD_OPTIONS, periodDescription } from './label-stats';

const stats = (carrierStats: LabelStats['carrierStats'], totalLabels: number, totalRevenue: number): LabelStats => ({
  period: 'all',
  carrierStats,
  totals: { totalLabels, totalRevenue },
});

describe('carrierRows', () => {
  it('always lists UPS, USPS and FedEx in that order, with 0 for a carrier without labels', () => {
    const rows = carrierRows(stats([{ _id: 'USPS', count: 3, totalRevenue: 21.3 }], 3, 21.3));
    expect(rows).toEqual([
      { carrier: 'UPS', label: 'UPS', count: 0, revenue: 0 },
      { carrier: 'USPS', label: 'USPS', count: 3, revenue: 21.3 },
      { carrier: 'FEDEX', label: 'FedEx', count: 0, revenue: 0 },
    ]);
  });

  it('keeps the server figures, whatever order they come in', () => {
    const rows = carrierRows(
      stats(
        [
          { _id: 'FEDEX', count: 1, totalRevenue: 40 },
          { _id: 'UPS', count: 12, totalRevenue: 150.55 },
          { _id: 'USPS', count: 7, totalRevenue: 49.07 },
        ],
        20,
        239.62,
      ),
    );
    expect(rows.map((r) => [r.label, r.count, r.revenue])).toEqual([
      ['UPS', 12, 150.55],
      ['USPS', 7, 49.07],
      ['FedEx', 1, 40],
    ]);
  });

  it('gives three zero rows for a period without labels', () => {
    const empty = stats([], 0, 0);
    expect(carrierRows(empty).every((r) => r.count === 0 && r.revenue === 0)).toBe(true);
    expect(isEmptyPeriod(empty)).toBe(true);
    expect(isEmptyPeriod(stats([{ _id: 'UPS', count: 1, totalRevenue: 5 }], 1, 5))).toBe(false);
  });
});

describe('periods', () => {
  it('offers today, week, month and all, in that order, each described', () => {
    expect(PERIOD_OPTIONS.map((o) => o.value)).toEqual(['today', 'week', 'month', 'all']);
    expect(periodDescription('week')).toBe('Labels bought in the last 7 days');
    expect(periodDescription('month')).toBe('Labels bought in the last 30 days');
  });

  it('accepts only the contract periods', () => {
    expect(isPeriod('today')).toBe(true);
    expect(isPeriod('all')).toBe(true);
    expect(isPeriod('year')).toBe(false);
    expect(isPeriod(null)).toBe(false);
  });
});

describe('compactUsd', () => {
  it('writes whole dollars below a thousand and compact thousands above', () => {
    expect(compactUsd(0)).toBe('$0');
    expect(compactUsd(42.6)).toBe('$43');
    expect(compactUsd(1250)).toBe('$1.3K');
    expect(compactUsd(2_000_000)).toBe('$2M');
  });
});
