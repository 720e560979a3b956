import { describe, expect, it } from 'vitest';
import { dayRange, likePattern, totalPages } from './list-query';

describe('list query helpers', () => {
  it('includes the whole end day, in UTC, across month and year ends', () => {
    expect(dayRange('2026-01-31', '2026-01-31')).toEqual({
      start: '2026-01-31T00:00:00.000Z',
      end: '2026-02-01T00:00:00.000Z',
    });
    expect(dayRange(undefined, '2025-12-31')).toEqual({ end: '2026-01-01T00:00:00.000Z' });
    expect(dayRange(undefined, '2028-02-28')).toEqual({ end: '2028-02-29T00:00:00.000Z' });
    expect(dayRange(undefined, undefined)).toEqual({});
  });

  it('takes LIKE wildcards in search text literally', () => {
    expect(likePattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });

  it('counts at least one page', () => {
    expect([totalPages(0, 10), totalPages(10, 10), totalPages(11, 10), totalPages(101, 25)]).toEqual([1, 1, 2, 5]);
  });
});
