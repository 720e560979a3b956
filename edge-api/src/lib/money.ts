/** Money is integer cents inside; the API speaks decimal USD with 2 decimals. */
export function centsToUsd(cents: number): number {
  return Math.round(cents) / 100;
}

/** Decimal USD (at most 2 decimals meaningful) to integer cents, rounding half away from zero. */
export function usdToCents(usd: number): number {
  if (!Number.isFinite(usd)) throw new RangeError(`not a finite amount: ${usd}`);
  return Math.sign(usd) * Math.round(Math.abs(usd) * 100 + Number.EPSILON * 100);
}
