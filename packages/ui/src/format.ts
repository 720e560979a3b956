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

/** Initials for the header avatar: first letters of the first two words, upper-cased. */
export function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.slice(0, 2).map((p) => Array.from(p)[0] ?? '');
  return letters.join('').toUpperCase() || '?';
}
