import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import type { ListFiltersProps } from './list-filters';

/** What the search box and the From/To day pickers of a list screen hold: days as YYYY-MM-DD or null. */
export interface ListFilterValues {
  search: string;
  from: string | null;
  to: string | null;
}

export const NO_LIST_FILTERS: ListFilterValues = { search: '', from: null, to: null };

/** The search box waits this long after the last key before the list asks the server. */
export const LIST_SEARCH_DEBOUNCE_MS = 300;

/** True when search text (not just spaces) or a date narrows the list. */
export function hasListFilters(values: ListFilterValues): boolean {
  return values.search.trim() !== '' || values.from !== null || values.to !== null;
}

/** The ListFilters props a ListFilterState drives. */
export type ListFilterControls = Pick<
  ListFiltersProps,
  'search' | 'onSearch' | 'from' | 'to' | 'onFrom' | 'onTo' | 'onClear' | 'clearDisabled'
>;

export interface ListFilterState {
  /** What the controls show now. */
  values: ListFilterValues;
  /**
   * What the list asks for: the search as it stood `debounceMs` after the last key, trimmed, and the dates. Serialise
   * it into the page key (usePageFor) so a change of filters starts again from page 1.
   */
  applied: ListFilterValues;
  /** Any filter set in the controls (enables Clear Filters). */
  active: boolean;
  /** Any filter in `applied` (an empty page then means "nothing matches", not "nothing yet"). */
  appliedActive: boolean;
  /** Empties the search box and both dates. */
  clear: () => void;
  /** Spread into <ListFilters>: values, setters, Clear Filters and whether it is disabled. */
  controls: ListFilterControls;
}

/** The filter state of a list screen's <ListFilters>: search, its debounced value, From/To, clear, and what is on. */
export function useListFilterState(debounceMs = LIST_SEARCH_DEBOUNCE_MS): ListFilterState {
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, debounceMs);
  const [from, setFrom] = useState<string | null>(null);
  const [to, setTo] = useState<string | null>(null);

  const values = { search, from, to };
  const applied = { search: debouncedSearch.trim(), from, to };
  const active = hasListFilters(values);
  const clear = () => {
    setSearch(NO_LIST_FILTERS.search);
    setFrom(NO_LIST_FILTERS.from);
    setTo(NO_LIST_FILTERS.to);
  };
  return {
    values,
    applied,
    active,
    appliedActive: hasListFilters(applied),
    clear,
    controls: {
      search,
      onSearch: setSearch,
      from,
      to,
      onFrom: setFrom,
      onTo: setTo,
      onClear: clear,
      clearDisabled: !active,
    },
  };
}
