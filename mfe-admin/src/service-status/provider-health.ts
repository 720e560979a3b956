import type { ProviderHealth } from '@labeldesk/contracts';

/** A circuit breaker's state as Service Status shows it: its words, badge colour and what it means for purchases. */
export const BREAKER_STATES: Record<ProviderHealth['state'], { label: string; color: string; meaning: string }> = {
  closed: { label: 'Closed', color: 'green', meaning: 'Purchases go to this API' },
  open: { label: 'Open', color: 'red', meaning: 'Skipped: purchases fail over to the next API' },
  half_open: { label: 'Half-open', color: 'yellow', meaning: 'One probe purchase may try it' },
};

/** '1 failover' / '3 failovers' (purchases moved off this API to another in the last 24 hours). */
export function failoversText(n: number): string {
  return `${n} ${n === 1 ? 'failover' : 'failovers'}`;
}
