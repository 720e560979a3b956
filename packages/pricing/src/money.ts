import { divRoundHalfUp, hundredthsToNumber, toHundredths } from './decimal';
import { PricingError } from './errors';
import { PRICING_MESSAGES } from './messages';

/** SPEC §9: currency USD with 2 decimals. Storage and use-cases hold integer cents. */
export const CURRENCY = 'USD' as const;
export const CURRENCY_DECIMALS = 2;

/** Throws {@link PricingError} `invalid_cents` unless `cents` is a safe integer (a programming error, not user input). */
export function assertCents(cents: number, what = 'amount'): number {
  if (!Number.isSafeInteger(cents)) {
    throw new PricingError('invalid_cents', `${what} must be a whole number of cents, got ${String(cents)}`);
  }
  return cents;
}

/** Cents → decimal USD as the API speaks it: 1250 → 12.5, 7 → 0.07. */
export function centsToUsd(cents: number): number {
  return hundredthsToNumber(assertCents(cents));
}

/**
 * Decimal USD from trusted data (stored JSON, a provider's price list) → cents, half-up on the third decimal:
 * 12.345 → 1235, 1.005 → 101 (not 100 as `Math.round(1.005 * 100)` gives). Throws {@link PricingError} when not a
 * finite number. For what a user types use {@link usdToCents}, which refuses more than 2 decimals instead.
 */
export function roundUsdToCents(usd: number): number {
  const cents = toHundredths(usd);
  if (cents === null) throw new PricingError('invalid_cents', `Not a price: ${String(usd)}`);
  return cents;
}

export type UsdParseResult = { ok: true; cents: number } | { ok: false; error: string };

export interface UsdParseOptions {
  /** Require > 0 (amounts to top up or credit). Default false: 0 is a valid price (SPEC §5 "number >= 0"). */
  positive?: boolean;
  /** Text when the input is refused. Default 'Please enter a valid price'; amounts use 'Please enter a valid amount'. */
  message?: string;
}

const USD_TEXT = /^(?:(\d+)(?:\.(\d{0,2}))?|\.(\d{1,2}))$/;

/**
 * What a user typed (text or the number of a number input) → integer cents, exactly, without floating point:
 * '12.5' → 1250, '0.07' → 7, ' 3 ' → 300, '.5' → 50. Refused with the SPEC text: empty, not a number, negative, more
 * than 2 decimals ('1.005'), exponent notation, thousands separators or a currency sign, and anything above
 * Number.MAX_SAFE_INTEGER cents. With `positive`, 0 is refused too.
 */
export function usdToCents(input: string | number | null | undefined, options: UsdParseOptions = {}): UsdParseResult {
  const error = options.message ?? PRICING_MESSAGES.invalidPrice;
  if (input === null || input === undefined) return { ok: false, error };
  const text = typeof input === 'number' ? (Number.isFinite(input) ? String(input) : '') : input.trim();
  const match = USD_TEXT.exec(text);
  if (!match) return { ok: false, error };
  const whole = match[1] ?? '0';
  const fraction = (match[2] ?? match[3] ?? '').padEnd(2, '0');
  const cents = Number(whole) * 100 + Number(fraction);
  if (!Number.isSafeInteger(cents) || whole.length > 16) return { ok: false, error };
  if (options.positive && cents === 0) return { ok: false, error };
  return { ok: true, cents };
}

const usdFormat = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: CURRENCY,
  minimumFractionDigits: CURRENCY_DECIMALS,
  maximumFractionDigits: CURRENCY_DECIMALS,
});

/** Cents for a screen: 1250 → '$12.50', 123456 → '$1,234.56', -500 → '-$5.00' (one cached Intl.NumberFormat). */
export function formatUsd(cents: number): string {
  return usdFormat.format(centsToUsd(cents));
}

/** Cents as a plain 2-decimal amount for inputs and headers: 1250 → '12.50', 7 → '0.07', -5 → '-0.05'. Exact. */
export function formatAmount(cents: number): string {
  assertCents(cents);
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** `cents × (100 − percent) / 100`, half-up on the cent, in integers; `percent` in basis points (12.5 % → 1250). */
export function applyPercentageDiscount(cents: number, basisPoints: number): number {
  const numerator = assertCents(cents) * (10_000 - basisPoints);
  if (Number.isSafeInteger(numerator)) return divRoundHalfUp(numerator, 10_000);
  // Beyond 2^53 the product is inexact as a double: do the same half-up division in BigInt.
  const big = BigInt(cents) * BigInt(10_000 - basisPoints);
  const magnitude = big < 0n ? -big : big;
  const rounded = (magnitude * 2n + 10_000n) / 20_000n;
  return Number(big < 0n ? -rounded : rounded);
}
