/**
 * Calendar days as the API speaks them: 'YYYY-MM-DD'. Order dates and ranges are UTC days on the server, so "today"
 * for a range query is today in UTC (a label bought at 9 pm in New York already belongs to tomorrow's UTC day).
 */

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MS_PER_DAY = 86_400_000;

/** The UTC day of an instant, e.g. 2025-06-14T23:30:00-04:00 → '2025-06-15'. */
export function utcDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** `day` moved by `days` (negative goes back), across month and year ends. Null for a malformed day. */
export function addDays(day: string, days: number): string | null {
  const match = DAY.exec(day);
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const moved = new Date(time + days * MS_PER_DAY);
  return Number.isNaN(moved.getTime()) ? null : utcDay(moved);
}

/** SPEC §9: the dashboard's recent orders cover the last 14 days up to today (both ends included). */
export const RECENT_WINDOW_DAYS = 14;

/** The range for GET /api/orders/date-range/{startDate}/{endDate}: today (UTC) − `days` … today. */
export function recentWindow(now: Date, days = RECENT_WINDOW_DAYS): { startDate: string; endDate: string } {
  const endDate = utcDay(now);
  return { startDate: addDays(endDate, -days) ?? endDate, endDate };
}
