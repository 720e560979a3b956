import type { MarginRow } from '@labeldesk/contracts';
import { describe, expect, it } from 'vitest';
import {
  carrierBars,
  filterRows,
  labelsText,
  listedMarginText,
  lossLabel,
  nextSort,
  ourPrice,
  presetPeriod,
  sortRows,
  withDay,
} from './margins-view';
import { marginRow as row, sold } from './test-fixtures';

const listed = (marginCents: number, marginMaxCents = marginCents) => ({
  bands: [],
  providerCostMinCents: 0,
  providerCostMaxCents: 0,
  priceMinCents: 0,
  priceMaxCents: 0,
  marginCents,
  marginPercent: marginCents / 10,
  marginMaxCents,
});

const ground = row({ serviceName: 'UPS Ground', listed: listed(105, 5480), sold: sold(5, 700) });
const fedex = row({
  serviceName: 'FedEx Ground',
  carrier: 'FEDEX',
  listed: listed(-5380),
  sold: sold(1, -155),
  loss: true,
});
const priority = row({
  serviceName: 'USPS Priority Mail',
  carrier: 'USPS',
  listed: listed(0),
  sold: sold(1, -145),
  customersAtLoss: 1,
});
const unpriced = row({ serviceName: 'UPS Ground Saver', ratesStatus: 'not_listed' });
const beta = row({ apiId: 'api_2', apiName: 'API 2', serviceName: 'UPS Ground', listed: listed(50) });
const all = [ground, fedex, priority, unpriced, beta];
const names = (rows: MarginRow[]) => rows.map((r) => `${r.apiName}/${r.serviceName}`);

describe('sorting the margin table', () => {
  it('by margin per label: worst first ascending, rows without current rates always last', () => {
    expect(names(sortRows(all, { key: 'margin', direction: 'asc' }))).toEqual([
      'API 1/FedEx Ground',
      'API 1/USPS Priority Mail',
      'API 2/UPS Ground',
      'API 1/UPS Ground',
      'API 1/UPS Ground Saver',
    ]);
    expect(names(sortRows(all, { key: 'margin', direction: 'desc' })).at(-1)).toBe('API 1/UPS Ground Saver');
  });

  it('by gross margin, labels sold, and by API then carrier then service', () => {
    expect(names(sortRows(all, { key: 'grossMargin', direction: 'desc' })).slice(0, 1)).toEqual(['API 1/UPS Ground']);
    expect(sortRows(all, { key: 'labelsSold', direction: 'desc' })[0]?.serviceName).toBe('UPS Ground');
    expect(names(sortRows(all, { key: 'api', direction: 'asc' }))).toEqual([
      'API 1/UPS Ground',
      'API 1/UPS Ground Saver',
      'API 1/USPS Priority Mail',
      'API 1/FedEx Ground',
      'API 2/UPS Ground',
    ]);
    expect(names(sortRows(all, { key: 'carrier', direction: 'desc' }))[0]).toBe('API 1/USPS Priority Mail');
  });

  it('a click on the same column flips it; a new numeric column starts largest first', () => {
    expect(nextSort({ key: 'api', direction: 'asc' }, 'api')).toEqual({ key: 'api', direction: 'desc' });
    expect(nextSort({ key: 'api', direction: 'asc' }, 'grossMargin')).toEqual({
      key: 'grossMargin',
      direction: 'desc',
    });
    expect(nextSort({ key: 'margin', direction: 'desc' }, 'service')).toEqual({ key: 'service', direction: 'asc' });
  });
});

describe('filters, texts and the chart', () => {
  it('losses keep rows with their own loss or a customer at a loss; sold keeps rows with labels', () => {
    expect(names(filterRows(all, 'loss'))).toEqual(['API 1/FedEx Ground', 'API 1/USPS Priority Mail']);
    expect(filterRows(all, 'sold')).toHaveLength(3);
  });

  it('a loss says why: sales first, then the price list', () => {
    expect(lossLabel(fedex)).toBe('Loss on sales');
    expect(lossLabel({ listed: listed(-100, 200), sold: sold(2, 300) })).toBe('Loss at some weights');
    expect(lossLabel({ listed: listed(-100, -50), sold: sold(0, 0) })).toBe('Loss at every weight');
    expect(labelsText(1)).toBe('1 label');
    expect(labelsText(2)).toBe('2 labels');
  });

  it('prices and margins read as ranges', () => {
    expect(listedMarginText(listed(105, 5480))).toBe('$1.05 to $54.80');
    expect(listedMarginText(listed(-155))).toBe('-$1.55');
    expect(listedMarginText(null)).toBe('—');
    const tiered = row({
      serviceName: 'T',
      hasDynamicPricing: true,
      tiers: [
        { start: 0, end: 1, priceCents: 1000 },
        { start: 1.01, end: 150, priceCents: 7000 },
      ],
    });
    expect(ourPrice(tiered)).toBe('$10.00 – $70.00 (2 tiers)');
    expect(ourPrice(ground)).toBe('$10.00');
  });

  it('chart bars: every carrier in order, USD from cents', () => {
    const bars = carrierBars({
      byCarrier: [
        {
          carrier: 'FEDEX',
          labelsSold: 1,
          revenueCents: 1000,
          providerCostCents: 1155,
          grossMarginCents: -155,
          marginPercent: -15.5,
        },
        {
          carrier: 'UPS',
          labelsSold: 5,
          revenueCents: 6400,
          providerCostCents: 5700,
          grossMarginCents: 700,
          marginPercent: 10.9,
        },
      ],
    });
    expect(bars.map((b) => [b.label, b.grossMargin, b.labelsSold])).toEqual([
      ['UPS', 7, 5],
      ['USPS', 0, 0],
      ['FedEx', -1.55, 1],
    ]);
  });
});

describe('the period', () => {
  it('defaults to the last 30 days, today (UTC) included; a picked day makes it custom and keeps from ≤ to', () => {
    const now = new Date('2026-03-10T23:30:00.000Z');
    const p = presetPeriod('30', now);
    expect(p).toEqual({ preset: '30', from: '2026-02-09', to: '2026-03-10' });
    expect(presetPeriod('7', now).from).toBe('2026-03-04');
    expect(presetPeriod('custom', now, p)).toEqual({ ...p, preset: 'custom' });
    expect(withDay(p, 'from', '2026-03-20')).toEqual({ preset: 'custom', from: '2026-03-20', to: '2026-03-20' });
    expect(withDay(p, 'to', '2026-01-01')).toEqual({ preset: 'custom', from: '2026-01-01', to: '2026-01-01' });
    expect(withDay(p, 'to', null)).toBe(p);
  });
});
