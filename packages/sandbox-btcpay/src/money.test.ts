import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToSats, formatCents, formatRate, formatSats, parseRate, parseUsd, satsToCents } from './money';

describe('money', () => {
  it('parses USD amounts as strings or numbers into cents, refusing sub-cent precision', () => {
    expect(parseUsd('25.00')).toEqual({ ok: true, cents: 2500 });
    expect(parseUsd('25')).toEqual({ ok: true, cents: 2500 });
    expect(parseUsd(' 0.5 ')).toEqual({ ok: true, cents: 50 });
    expect(parseUsd(12.34)).toEqual({ ok: true, cents: 1234 });
    expect(parseUsd('10.500')).toEqual({ ok: true, cents: 1050 });
    expect(parseUsd('10.001')).toEqual({ ok: false, reason: 'scale' });
    for (const bad of ['-1', 'abc', '1e3', '', '1.', '.5', Number.NaN, null, {}]) {
      expect(parseUsd(bad)).toMatchObject({ ok: false, reason: 'format' });
    }
  });

  it('parses and formats rates', () => {
    expect(parseRate('65000.00')).toBe(6_500_000_000_000n);
    expect(formatRate(6_500_000_000_000n)).toBe('65000.00');
    expect(formatRate(parseRate('64392.2345') ?? 0n)).toBe('64392.2345');
    expect(parseRate('0')).toBeNull();
    expect(parseRate('1.123456789')).toBeNull();
  });

  it('converts USD to satoshis rounding up, so the BTC amount always covers the USD amount', () => {
    const rate = parseRate('65000.00') ?? 0n;
    expect(centsToSats(2500, rate)).toBe(38_462); // 0.000384615… BTC
    expect(formatSats(centsToSats(2500, rate))).toBe('0.00038462');
    expect(satsToCents(38_462, rate)).toBe(2500);
    expect(centsToSats(7_000_000, parseRate('70000') ?? 0n)).toBe(100_000_000);
  });

  it('round-trips any amount to the cent for rates up to 400 000 USD/BTC', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000_00 }),
        fc.integer({ min: 1_000, max: 400_000_00 }),
        (cents, rateCents) => {
          const rateE8 = BigInt(rateCents) * 1_000_000n;
          const sats = centsToSats(cents, rateE8);
          // Paying `sats` covers the amount, one satoshi less would not.
          expect(BigInt(sats) * rateE8).toBeGreaterThanOrEqual(BigInt(cents) * 100_000_000_000_000n);
          expect(BigInt(sats - 1) * rateE8).toBeLessThan(BigInt(cents) * 100_000_000_000_000n);
          expect(satsToCents(sats, rateE8)).toBe(cents);
        },
      ),
    );
  });

  it('formats signed amounts', () => {
    expect(formatCents(2500)).toBe('25.00');
    expect(formatCents(-50)).toBe('-0.50');
    expect(formatSats(-3847)).toBe('-0.00003847');
    expect(formatSats(123_456_789)).toBe('1.23456789');
    expect(satsToCents(-3847, parseRate('65000') ?? 0n)).toBe(-250);
  });
});
