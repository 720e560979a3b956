import { describe, expect, it } from 'vitest';
import { dayToLocalDate, formatDateTime, formatDay, orderCountText } from './format';

describe('dayToLocalDate / formatDay', () => {
  it('keeps the calendar day whatever the time zone', () => {
    const local = dayToLocalDate('2025-06-16');
    expect(local?.getFullYear()).toBe(2025);
    expect(local?.getMonth()).toBe(5);
    expect(local?.getDate()).toBe(16);
    expect(formatDay('2025-06-16')).toBe('Monday, June 16, 2025');
  });

  it('refuses impossible days and shows odd text as it is', () => {
    expect(dayToLocalDate('2025-02-30')).toBeNull();
    expect(formatDay('2025-02-30')).toBe('2025-02-30');
    expect(formatDay(null)).toBe('—');
  });

  it('has a medium style that matches the other dates of a details view', () => {
    expect(formatDay('2026-11-29', 'medium')).toBe('Nov 29, 2026');
    expect(formatDateTime(new Date(2026, 10, 24, 13, 47))).toMatch(/^Nov 24, 2026, 1:47\sPM$/);
  });
});

describe('orderCountText', () => {
  it('names the failed orders only when some failed', () => {
    expect(orderCountText(12, 2)).toBe('12 (2 failed)');
    expect(orderCountText(12, 0)).toBe('12');
    expect(orderCountText(0, 0)).toBe('0');
  });
});
