/**
 * Exact decimal arithmetic on the processor's decimal strings ("0.00015384", "65000.12"): values are BigInt units at a
 * scale (number of decimals), so no amount ever passes through a binary float.
 */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,30}))?$/;

/** Parses a plain decimal string (optional minus, digits, optional fraction); null for anything else. */
export function parseDecimal(text: string): Decimal | null {
  const match = DECIMAL.exec(text.trim());
  if (!match) return null;
  const fraction = match[3] ?? '';
  const units = BigInt(`${match[2]}${fraction}`);
  return { units: match[1] === '-' ? -units : units, scale: fraction.length };
}

function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** a × b, exact. */
export function multiply(a: Decimal, b: Decimal): Decimal {
  return { units: a.units * b.units, scale: a.scale + b.scale };
}

/** Σ values, exact. */
export function sum(values: Decimal[]): Decimal {
  const scale = Math.max(0, ...values.map((v) => v.scale));
  let units = 0n;
  for (const v of values) units += v.units * pow10(scale - v.scale);
  return { units, scale };
}

/** a − b, exact. */
export function subtract(a: Decimal, b: Decimal): Decimal {
  return sum([a, { units: -b.units, scale: b.scale }]);
}

/** A decimal amount of USD to integer cents, rounded half away from zero (the one rounding step). */
export function toCentsHalfAwayFromZero(usd: Decimal): number {
  // cents = units × 100 / 10^scale
  const numerator = usd.units * 100n;
  const denominator = pow10(usd.scale);
  const negative = numerator < 0n;
  const magnitude = negative ? -numerator : numerator;
  const rounded = (magnitude * 2n + denominator) / (denominator * 2n);
  const cents = negative ? -rounded : rounded;
  if (cents > BigInt(Number.MAX_SAFE_INTEGER) || cents < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new RangeError('amount out of range');
  }
  return Number(cents);
}

/** Integer cents as the processor's 2-decimal string: 1050 → "10.50". */
export function centsToDecimalString(cents: number): string {
  if (!Number.isSafeInteger(cents) || cents < 0) throw new RangeError(`not a cent amount: ${cents}`);
  return `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
