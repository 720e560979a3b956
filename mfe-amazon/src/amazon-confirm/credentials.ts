import { AMAZON_CONFIRM_MESSAGES, cookieHeaderProblem, cookiesToHeader } from '@labeldesk/contracts';

const DAY_MS = 24 * 3600 * 1000;

/** Whole days between `then` and `now` (0 within the first 24 h). */
function elapsedDays(then: Date, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - then.getTime()) / DAY_MS));
}

/**
 * SPEC §2 age text of a saved credential: today, yesterday, N days ago, 1 week ago, N weeks ago (under 30 days), then
 * a date.
 */
export function savedAgeText(savedAt: string, now: Date = new Date()): string {
  const then = new Date(savedAt);
  if (Number.isNaN(then.getTime())) return '';
  const days = elapsedDays(then, now);
  if (days === 0) return 'today';
  if (days === 1) return 'yesterday';
  if (days < 7) return `${days} days ago`;
  if (days < 14) return '1 week ago';
  if (days < 30) return `${Math.floor(days / 7)} weeks ago`;
  return then.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}

/** SPEC §9: the saved token is fresh under 2 days, the saved cookies under 14 days. */
export function isOlderThanDays(savedAt: string | null, days: number, now: Date = new Date()): boolean {
  if (!savedAt) return false;
  const then = new Date(savedAt).getTime();
  return !Number.isNaN(then) && now.getTime() - then > days * DAY_MS;
}

export type CookiesFileResult = { ok: true; cookies: string; count: number } | { ok: false; error: string };

/** Largest cookies file read (a Seller Central export is a few KB). */
export const MAX_COOKIES_FILE_BYTES = 256 * 1024;

/**
 * SPEC §5: a .json cookies file, an array of {name, value} pairs or an object, joined as 'name=value;' pairs. Not JSON:
 * 'Failed to parse the cookies file...'; another shape: 'Could not format cookies properly...'.
 */
export function parseCookiesFile(text: string): CookiesFileResult {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, error: AMAZON_CONFIRM_MESSAGES.cookiesParse };
  }
  const cookies = cookiesToHeader(data);
  if (cookies === undefined) return { ok: false, error: AMAZON_CONFIRM_MESSAGES.cookiesFormat };
  const problem = cookieHeaderProblem(cookies);
  if (problem) return { ok: false, error: problem };
  return { ok: true, cookies, count: cookies.split('; ').length };
}

/** SPEC §2 order status words of the confirmation table. */
export function deliveryStatusWord(status: string): string {
  switch (status) {
    case 'in_transit':
      return 'In Transit';
    case 'delivered':
      return 'Delivered';
    case 'pending':
    case 'processing':
      return 'Processing';
    case 'cancelled':
      return 'Cancelled';
    default:
      return 'Unknown';
  }
}
