/**
 * Exact money arithmetic for the sandbox. USD lives in integer cents, BTC in integer satoshis and the BTC/USD rate as
 * a BigInt scaled by 1e8, so no figure ever passes through a binary float.
 */

const SATS_PER_BTC = 100_000_000n;
const RATE_SCALE = 100_000_000n;
/** cents → sats: sats = cents × 1e8 (sats per BTC) × 1e8 (rate scale) / (100 cents per USD × rateE8). */
const CENTS_TO_SATS_NUMERATOR = SATS_PER_BTC * RATE_SCALE;
const CENTS_PER_USD = 100n;

const USD_PATTERN = /^(\d{1,12})(?:\.(\d+))?$/;
const RATE_PATTERN = /^(\d{1,12})(?:\.(\d{1,8}))?$/;

export type UsdParseResult = { ok: true; cents: number } | { ok: false; reason: 'format' | 'scale' };

/** Parses a decimal USD amount ("25", "25.5", "25.00" or the number 25.5) into integer cents. */
export function parseUsd(value: unknown): UsdParseResult {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return { ok: false, reason: 'format' };
    text = String(value);
  } else if (typeof value === 'string') {
    text = value.trim();
  } else {
    return { ok: false, reason: 'format' };
  }
  const match = USD_PATTERN.exec(text);
  if (!match) return { ok: false, reason: 'format' };
  const whole = match[1] ?? '0';
  const fraction = match[2] ?? '';
  if (fraction.length > 2 && /[^0]/.test(fraction.slice(2))) return { ok: false, reason: 'scale' };
  const cents = BigInt(whole) * CENTS_PER_USD + BigInt(fraction.slice(0, 2).padEnd(2, '0'));
  if (cents > BigInt(Number.MAX_SAFE_INTEGER)) return { ok: false, reason: 'format' };
  return { ok: true, cents: Number(cents) };
}

/** Parses a BTC/USD rate ("65000.00", up to 8 decimals) into a BigInt scaled by 1e8; null if invalid or zero. */
export function parseRate(value: string): bigint | null {
  const match = RATE_PATTERN.exec(value.trim());
  if (!match) return null;
  const rateE8 = BigInt(match[1] ?? '0') * RATE_SCALE + BigInt((match[2] ?? '').padEnd(8, '0'));
  return rateE8 > 0n ? rateE8 : null;
}

/** Formats a rate scaled by 1e8 with at least 2 decimals ("65000.00", "64392.2345"). */
export function formatRate(rateE8: bigint): string {
  const whole = rateE8 / RATE_SCALE;
  const fraction = (rateE8 % RATE_SCALE).toString().padStart(8, '0').replace(/0+$/, '').padEnd(2, '0');
  return `${whole}.${fraction}`;
}

/** The satoshis that buy `cents` at `rateE8`, rounded up so that paying them always covers the USD amount. */
export function centsToSats(cents: number, rateE8: bigint): number {
  const numerator = BigInt(cents) * CENTS_TO_SATS_NUMERATOR;
  const denominator = CENTS_PER_USD * rateE8;
  return Number((numerator + denominator - 1n) / denominator);
}

/** The USD value of `sats` at `rateE8`, in cents, rounded half away from zero. */
export function satsToCents(sats: number, rateE8: bigint): number {
  const sign = sats < 0 ? -1n : 1n;
  const magnitude = BigInt(Math.abs(sats)) * rateE8 * CENTS_PER_USD;
  const divisor = SATS_PER_BTC * RATE_SCALE;
  return Number(sign * ((magnitude + divisor / 2n) / divisor));
}

/** "25.00", "-0.50": cents as a 2-decimal string, the way Greenfield returns USD amounts. */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** "0.00038462", "-0.00003847": satoshis as an 8-decimal BTC string. */
export function formatSats(sats: number): string {
  const sign = sats < 0 ? '-' : '';
  const abs = BigInt(Math.abs(sats));
  return `${sign}${abs / SATS_PER_BTC}.${(abs % SATS_PER_BTC).toString().padStart(8, '0')}`;
}
