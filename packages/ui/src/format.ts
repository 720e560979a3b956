/** One cached formatter per kind; only the UI formats money (CONVENTIONS §9). */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });
const longDateTime = new Intl.DateTimeFormat('en-US', {
  weekday: 'long',
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});
const longDate = new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' });
const shortDateTime = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });
const mediumDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `$1,234.50` from a decimal USD amount as the API speaks it. */
export function formatUsd(amount: number): string {
  return usd.format(Number.isFinite(amount) ? amount : 0);
}

/** SPEC §9: English US with long weekday, month, day, year, hour, minute. */
export function formatLongDateTime(date: Date | string): string {
  return longDateTime.format(typeof date === 'string' ? new Date(date) : date);
}

export function formatLongDate(date: Date | string): string {
  return longDate.format(typeof date === 'string' ? new Date(date) : date);
}

export function formatDateTime(date: Date | string): string {
  return shortDateTime.format(typeof date === 'string' ? new Date(date) : date);
}

/**
 * A calendar day ('YYYY-MM-DD', as the API speaks them) as a local Date at midnight, so formatting shows that very day
 * in any time zone (`new Date('2025-06-16')` would be UTC midnight, i.e. the 15th in the Americas). Null for a malformed
 * or impossible day.
 */
export function dayToLocalDate(day: string): Date | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const [year, month, date] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const local = new Date(year, month - 1, date);
  return local.getFullYear() === year && local.getMonth() === month - 1 && local.getDate() === date ? local : null;
}

/**
 * A calendar day for people: 'Monday, June 16, 2025' ('long') or 'Jun 16, 2025' ('medium', beside formatDateTime's
 * dates); the text itself when it is not a day; '—' when missing.
 */
export function formatDay(day: string | null | undefined, style: 'long' | 'medium' = 'long'): string {
  if (!day) return '—';
  const local = dayToLocalDate(day);
  if (!local) return day;
  return style === 'long' ? formatLongDate(local) : mediumDate.format(local);
}

/** Initials for the header avatar: first letters of the first two words, upper-cased. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((p) => Array.from(p)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** A bulk order's Total Orders: the count, and how many of them failed when any did ('12 (2 failed)'). */
export function orderCountText(orderCount: number, failedOrderCount: number): string {
  return failedOrderCount > 0 ? `${orderCount} (${failedOrderCount} failed)` : `${orderCount}`;
}
