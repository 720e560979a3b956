import { describe, expect, it } from 'vitest';
import { hasListFilters, NO_LIST_FILTERS } from './list-filter-values';

describe('hasListFilters', () => {
  it('is false with nothing set, and for a search of only spaces', () => {
    expect(hasListFilters(NO_LIST_FILTERS)).toBe(false);
    expect(hasListFilters({ ...NO_LIST_FILTERS, search: '   ' })).toBe(false);
  });

  it('is true when search text, a From date or a To date is set', () => {
    expect(hasListFilters({ ...NO_LIST_FILTERS, search: 'x' })).toBe(true);
    expect(hasListFilters({ ...NO_LIST_FILTERS, search: ' ada ' })).toBe(true);
    expect(hasListFilters({ ...NO_LIST_FILTERS, from: '2026-01-01' })).toBe(true);
    expect(hasListFilters({ ...NO_LIST_FILTERS, to: '2026-01-01' })).toBe(true);
    expect(hasListFilters({ search: '', from: '2026-01-01', to: '2026-01-31' })).toBe(true);
  });
});
