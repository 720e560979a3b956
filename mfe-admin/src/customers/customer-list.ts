import type { User } from '@labeldesk/contracts';

/** Rows per page of the customer table. */
export const CUSTOMERS_PAGE_SIZE = 25;

/** Users whose name or email contains the search text (case-insensitive, surrounding spaces ignored). */
export function filterUsers(users: readonly User[], search: string): User[] {
  const needle = search.trim().toLowerCase();
  if (!needle) return [...users];
  return users.filter((u) => u.name.toLowerCase().includes(needle) || u.email.toLowerCase().includes(needle));
}

export function roleLabel(user: Pick<User, 'isAdmin'>): 'Admin' | 'Customer' {
  return user.isAdmin ? 'Admin' : 'Customer';
}

/** How many pages `total` rows fill (at least one, so an empty table still reads 'Page 1 of 1'). */
export function pageCount(total: number, size: number): number {
  return Math.max(1, Math.ceil(total / size));
}

/** The rows of page `page` (from 1), the page clamped into range. */
export function pageOf<T>(items: readonly T[], page: number, size: number): T[] {
  const last = pageCount(items.length, size);
  const current = Math.min(Math.max(1, Math.floor(page)), last);
  return items.slice((current - 1) * size, current * size);
}

/** The list after the server answered with one changed user: that row replaced, order kept. */
export function replaceUser(users: readonly User[], changed: User): User[] {
  return users.map((u) => (u._id === changed._id ? changed : u));
}
