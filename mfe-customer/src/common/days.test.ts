import { describe, expect, it } from 'vitest';
import { addDays, recentWindow, utcDay } from './days';

describe('utcDay', () => {
  it('names the UTC day, not the local one', () => {
    expect(utcDay(new Date('2025-06-14T23:30:00-04:00'))).toBe('2025-06-15');
    expect(utcDay(new Date('2025-06-15T00:00:00Z'))).toBe('2025-06-15');
  });
});

describe('addDays', () => {
  it('crosses month, year and leap-day boundaries', () => {
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-05', -14)).toBe('2024-12-22');
    expect(addDays('2025-12-31', 1)).toBe('2026-01-01');
  });

  it('refuses text that is not a day', () => {
    expect(addDays('14/06/2025', 1)).toBeNull();
    expect(addDays('', 1)).toBeNull();
  });
});

describe('recentWindow', () => {
  it('spans the last 14 days up to today in UTC', () => {
    expect(recentWindow(new Date('2025-06-15T10:00:00Z'))).toEqual({ startDate: '2025-06-01', endDate: '2025-06-15' });
  });

  it('ends on the UTC day even late in the evening west of Greenwich', () => {
    expect(recentWindow(new Date('2025-06-14T21:00:00-07:00'))).toEqual({
      startDate: '2025-06-01',
      endDate: '2025-06-15',
    });
  });
});
