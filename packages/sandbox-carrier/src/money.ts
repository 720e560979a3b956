/** Prices are integer cents inside the sandbox; the protocol speaks decimal USD. */
export function toCents(usd: number): number {
  return Math.round(usd * 100);
}

export function toUsd(cents: number): number {
  return Math.round(cents) / 100;
}
