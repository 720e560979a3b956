import { useState } from 'react';

/**
 * The current page of a paged list, back to page 1 whenever `filterKey` (the filters and page size, serialised)
 * changes. Adjusts state while rendering, React's pattern for state derived from a change, so no render shows the old
 * page with the new filters.
 */
export function usePageFor(filterKey: string): [page: number, setPage: (page: number) => void] {
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  if (paging.filterKey !== filterKey) setPaging({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  return [page, (next: number) => setPaging({ filterKey, page: next })];
}
