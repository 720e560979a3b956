import type { z } from 'zod';

/** What a list screen's search box and From/To day pickers hold: days as YYYY-MM-DD (Mantine's date value) or null. */
export interface ListFilterInput {
  search: string;
  from: string | null;
  to: string | null;
}

/** The filter part of a list endpoint's query: only what is set, the search trimmed. */
export interface ListFilterQuery {
  search?: string;
  from?: string;
  to?: string;
}

/** A list query ready to send, or the text to show instead of sending it. */
export type CheckedListQuery<Q> = { ok: true; query: Q } | { ok: false; error: string };

/**
 * The query for a list endpoint: `base` (page, page size, a status...) plus only the filters that are set, search
 * trimmed. Checked with the endpoint's own schema (`ListQuery`, `OrderListQuery`, `AdminOrderListQuery`), so a From
 * date after the To date, or a day not written YYYY-MM-DD, is refused here with the server's own text and never sent.
 */
export function checkedListQuery<S extends z.ZodType, B extends Omit<z.input<S>, keyof ListFilterQuery>>(
  schema: S,
  base: B,
  filters: ListFilterInput,
): CheckedListQuery<B & ListFilterQuery> {
  const query: B & ListFilterQuery = { ...base };
  const search = filters.search.trim();
  if (search) query.search = search;
  if (filters.from) query.from = filters.from;
  if (filters.to) query.to = filters.to;
  const checked = schema.safeParse(query);
  if (!checked.success) return { ok: false, error: checked.error.issues[0]?.message ?? 'Invalid filters' };
  return { ok: true, query };
}
