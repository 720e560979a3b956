import type { Faq } from '@labeldesk/contracts';

export type MoveDirection = 'up' | 'down';

/** Admin order: by `order`, ties by id (the server's order). */
export function sortFaqs(faqs: readonly Faq[]): Faq[] {
  return [...faqs].sort((a, b) => a.order - b.order || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
}

/**
 * The 1-based position to send as `order` when moving a FAQ one place up or down in the (sorted) list, or null when it
 * cannot move that way (first moving up, last moving down, unknown id).
 */
export function moveTarget(faqs: readonly Faq[], id: string, direction: MoveDirection): number | null {
  const index = faqs.findIndex((f) => f._id === id);
  if (index < 0) return null;
  const next = direction === 'up' ? index - 1 : index + 1;
  if (next < 0 || next >= faqs.length) return null;
  return next + 1;
}

/** Renumbers a list already in display order to orders 1..n. */
function renumber(list: readonly Faq[]): Faq[] {
  return list.map((f, i) => (f.order === i + 1 ? f : { ...f, order: i + 1 }));
}

/**
 * The list after the server moved `moved` to position `moved.order` and shifted the FAQs in between (the same rule as
 * PUT /api/admin/faqs/{id} with `order`): orders stay 1..n.
 */
export function applyMove(faqs: readonly Faq[], moved: Faq): Faq[] {
  const rest = sortFaqs(faqs).filter((f) => f._id !== moved._id);
  const at = Math.min(Math.max(moved.order, 1), rest.length + 1) - 1;
  return renumber([...rest.slice(0, at), moved, ...rest.slice(at)]);
}

/** Puts a created or edited FAQ into the list (replacing the one with the same id) and keeps the admin order. */
export function upsertFaq(faqs: readonly Faq[], faq: Faq): Faq[] {
  const exists = faqs.some((f) => f._id === faq._id);
  return sortFaqs(exists ? faqs.map((f) => (f._id === faq._id ? faq : f)) : [...faqs, faq]);
}

/** The list after a delete: the gap is closed as the server does. */
export function removeFaq(faqs: readonly Faq[], id: string): Faq[] {
  return renumber(sortFaqs(faqs).filter((f) => f._id !== id));
}
