import type { ListQuery } from '@labeldesk/contracts';

/** A path segment, encoded (ids and names go into paths this way). */
export const enc = encodeURIComponent;

/** `?page=1&limit=10&search=...` from a list query, leaving out empty values. */
export function listQuery(q: ListQuery = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(q)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}
