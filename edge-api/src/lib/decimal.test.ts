import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToDecimalString, multiply, parseDecimal, subtract, sum, toCentsHalfAwayFromZero } from './decimal';

const d = (text: string) => {
  const v = parseDecimal(text);
  if (!v) throw new Error(`bad decimal ${text}`);
  return v;
};

describe('decimal money arithmetic', () => {
  it('parses plain decimals only', () => {
    expect(parseDecimal('0.00015384')).toEqual({ units: 15384n, scale: 8 });
    expect(parseDecimal('65000')).toEqual({ units: 65000n, scale: 0 });
    expect(parseDecimal('-1.5')).toEqual({ units: -15n, scale: 1 });
    for (const bad of ['', '1e5', '1.', '.5', 'abc', '1,000.00', 'NaN', '0x10'])
      expect(parseDecimal(bad), bad).toBeNull();
  });

  it('values BTC paid at a rate in cents exactly, rounding half away from zero once', () => {
    // 0.00015385 BTC × 65000 = 10.00025 USD → 10.00
    expect(toCentsHalfAwayFromZero(multiply(d('0.00015385'), d('65000')))).toBe(1000);
    // 0.00015384 BTC × 65000 = 9.9996 USD → 10.00 (a satoshi short of the asked amount still credits it)
    expect(toCentsHalfAwayFromZero(multiply(d('0.00015384'), d('65000')))).toBe(1000);
    // exactly half a cent rounds up
    expect(toCentsHalfAwayFromZero(d('0.005'))).toBe(1);
    expect(toCentsHalfAwayFromZero(d('0.00499999'))).toBe(0);
    expect(toCentsHalfAwayFromZero(d('-0.005'))).toBe(-1);
    // several payment methods are summed before the one rounding: 0.004 + 0.004 = 0.008 → 1 cent, not 0 + 0
    expect(toCentsHalfAwayFromZero(sum([d('0.004'), d('0.004')]))).toBe(1);
  });

  it('subtracts exactly across scales', () => {
    expect(subtract(d('0.00031770'), d('0.00001'))).toEqual({ units: 30770n, scale: 8 });
    expect(subtract(d('1'), d('0.005'))).toEqual({ units: 995n, scale: 3 });
    expect(subtract(d('0.1'), d('0.25'))).toEqual({ units: -15n, scale: 2 });
  });

  it('round-trips cents through the 2-decimal string', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000_000 }), (cents) => {
        const text = centsToDecimalString(cents);
        expect(text).toMatch(/^\d+\.\d{2}$/);
        expect(toCentsHalfAwayFromZero(d(text))).toBe(cents);
      }),
    );
    expect(centsToDecimalString(5)).toBe('0.05');
    expect(() => centsToDecimalString(-1)).toThrow(RangeError);
  });
});
