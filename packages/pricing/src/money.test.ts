import { describe, expect, it } from 'vitest';
import { PricingError } from './errors';
import { applyPercentageDiscount, centsToUsd, formatAmount, formatUsd, roundUsdToCents, usdToCents } from './money';

describe('centsToUsd', () => {
  it('turns cents into the decimal USD the API speaks', () => {
    expect(centsToUsd(1250)).toBe(12.5);
    expect(centsToUsd(7)).toBe(0.07);
    expect(centsToUsd(0)).toBe(0);
    expect(centsToUsd(123456)).toBe(1234.56);
  });

  it('refuses fractional cents as a programming error', () => {
    expect(() => centsToUsd(12.5)).toThrow(PricingError);
    expect(() => centsToUsd(Number.NaN)).toThrow(/whole number of cents/);
  });
});

describe('roundUsdToCents (trusted decimal data)', () => {
  it('rounds half-up on the cent without floating-point surprises', () => {
    expect(roundUsdToCents(1.005)).toBe(101); // Math.round(1.005 * 100) would give 100
    expect(roundUsdToCents(12.345)).toBe(1235);
    expect(roundUsdToCents(12.344)).toBe(1234);
    expect(roundUsdToCents(0.1 + 0.2)).toBe(30);
    expect(roundUsdToCents(8.99)).toBe(899);
  });

  it('throws on a value that is not a number', () => {
    expect(() => roundUsdToCents(Number.NaN)).toThrow(PricingError);
    expect(() => roundUsdToCents(Number.POSITIVE_INFINITY)).toThrow(PricingError);
  });
});

describe('usdToCents (what a user typed)', () => {
  it.each([
    ['12.5', 1250],
    ['12.50', 1250],
    ['0.07', 7],
    [' 3 ', 300],
    ['.5', 50],
    ['12.', 1200],
    ['0', 0],
    ['007.10', 710],
    [12.5, 1250],
    [0.07, 7],
    [0, 0],
  ])('reads %j as %i cents', (input, cents) => {
    expect(usdToCents(input)).toEqual({ ok: true, cents });
  });

  it.each([
    '',
    '   ',
    'abc',
    '-1',
    '1.005',
    '1e3',
    '1,000',
    '$5',
    '+5',
    '1.2.3',
    '99999999999999999999',
    -1,
    1.005,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    null,
    undefined,
  ])('refuses %j with the SPEC text', (input) => {
    expect(usdToCents(input)).toEqual({ ok: false, error: 'Please enter a valid price' });
  });

  it('for amounts refuses 0 and uses the amount text', () => {
    const options = { positive: true, message: 'Please enter a valid amount' };
    expect(usdToCents('0', options)).toEqual({ ok: false, error: 'Please enter a valid amount' });
    expect(usdToCents('0.00', options)).toEqual({ ok: false, error: 'Please enter a valid amount' });
    expect(usdToCents('abc', options)).toEqual({ ok: false, error: 'Please enter a valid amount' });
    expect(usdToCents('0.01', options)).toEqual({ ok: true, cents: 1 });
  });
});

describe('formatting for screens', () => {
  it('formats USD with a symbol, grouping and 2 decimals', () => {
    expect(formatUsd(1250)).toBe('$12.50');
    expect(formatUsd(123456)).toBe('$1,234.56');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(-500)).toBe('-$5.00');
  });

  it('formats a plain 2-decimal amount exactly', () => {
    expect(formatAmount(1250)).toBe('12.50');
    expect(formatAmount(7)).toBe('0.07');
    expect(formatAmount(0)).toBe('0.00');
    expect(formatAmount(-5)).toBe('-0.05');
    expect(formatAmount(9007199254740991)).toBe('90071992547409.91');
  });
});

describe('applyPercentageDiscount', () => {
  it('takes the percentage off and rounds half-up on the cent', () => {
    expect(applyPercentageDiscount(1000, 1000)).toBe(900); // 10 %
    expect(applyPercentageDiscount(999, 1250)).toBe(874); // 874.125
    expect(applyPercentageDiscount(15, 5000)).toBe(8); // 7.5 → 8
    expect(applyPercentageDiscount(5, 1000)).toBe(5); // 4.5 → 5
    expect(applyPercentageDiscount(1000, 0)).toBe(1000);
    expect(applyPercentageDiscount(1000, 10_000)).toBe(0);
  });

  it('stays exact beyond 2^53 intermediate products', () => {
    const cents = 2 ** 52; // × 5000 overflows the safe range
    expect(applyPercentageDiscount(cents, 5000)).toBe(2 ** 51);
    expect(applyPercentageDiscount(cents + 1, 5000)).toBe(2 ** 51 + 1); // x.5 rounds up
  });
});
