import { describe, expect, it } from 'vitest';
import { estimateDelivery } from './price-order';

describe('estimated delivery', () => {
  it('today (UTC) + the longest transit time, one day later after the 17:00 UTC drop-off cut-off', () => {
    expect(estimateDelivery(3, new Date('2026-03-02T10:00:00Z'))).toBe('2026-03-05');
    expect(estimateDelivery(3, new Date('2026-03-02T16:59:59Z'))).toBe('2026-03-05');
    expect(estimateDelivery(3, new Date('2026-03-02T17:00:00Z'))).toBe('2026-03-06');
  });

  it('crosses month and year ends, and falls back to 5 days when the transit time is unknown', () => {
    expect(estimateDelivery(5, new Date('2026-12-29T23:00:00Z'))).toBe('2027-01-04');
    expect(estimateDelivery(null, new Date('2026-02-26T08:00:00Z'))).toBe('2026-03-03');
  });
});
