/**
 * Exact integer helpers shared by money and weight code. Decimal numbers are first read at micro precision (6 decimals)
 * to drop binary floating-point noise (0.1 + 0.2 → 0.3), then rounded to the wanted step with integer arithmetic only.
 */

const MICRO = 1_000_000;

/** `value` in millionths, rounded half away from zero; null when not finite or too large to stay exact. */
export function toMicro(value: number): number | null {
  if (!Number.isFinite(value)) return null;
  const micro = Math.sign(value) * Math.round(Math.abs(value) * MICRO);
  return Number.isSafeInteger(micro) ? micro + 0 : null;
}

/** `numerator / denominator` rounded half away from zero (half-up for the non-negative amounts we price). */
export function divRoundHalfUp(numerator: number, denominator: number): number {
  const sign = Math.sign(numerator) * Math.sign(denominator);
  const n = Math.abs(numerator);
  const d = Math.abs(denominator);
  const quotient = Math.floor(n / d);
  const remainder = n - quotient * d;
  return sign * (remainder * 2 >= d ? quotient + 1 : quotient) + 0;
}

/** `numerator / denominator` rounded towards +∞, for non-negative numerator and positive denominator. */
export function divCeil(numerator: number, denominator: number): number {
  const quotient = Math.floor(numerator / denominator);
  return quotient * denominator < numerator ? quotient + 1 : quotient;
}

/** A decimal number in hundredths (cents, 0.01 lb, 0.01 oz, basis points), half away from zero; null if unreadable. */
export function toHundredths(value: number): number | null {
  const micro = toMicro(value);
  return micro === null ? null : divRoundHalfUp(micro, MICRO / 100);
}

/** Hundredths as the shortest decimal text: 101 → '1.01', 150 → '1.5', 500 → '5', -5 → '-0.05'. */
export function hundredthsToText(hundredths: number): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  const whole = Math.floor(abs / 100);
  const fraction = abs % 100;
  if (fraction === 0) return `${sign}${whole}`;
  return `${sign}${whole}.${String(fraction).padStart(2, '0').replace(/0$/, '')}`;
}

/** Hundredths as a JS number (101 → 1.01); `n / 100` is the double closest to the decimal, as a literal would be. */
export function hundredthsToNumber(hundredths: number): number {
  return hundredths / 100 + 0;
}
