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
