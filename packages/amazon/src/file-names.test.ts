import { describe, expect, it, vi } from 'vitest';
import { fileNames, formatFileDate } from './file-names';

describe('fileNames', () => {
  it('uses the local calendar date as YYYY-MM-DD', () => {
    expect(fileNames(new Date(2025, 0, 5, 0, 0))).toEqual({
      csv: 'Amazon_Orders_2025-01-05.csv',
      zipBySku: 'Amazon_Orders_By_SKU_2025-01-05.zip',
      zipByProduct: 'Amazon_Orders_By_Product_2025-01-05.zip',
    });
    expect(formatFileDate(new Date(2025, 11, 31, 23, 59, 59))).toBe('2025-12-31');
  });

  it('defaults to today', () => {
    // A stopped clock: read twice, a real one could pass midnight in between.
    vi.useFakeTimers({ now: new Date(2026, 6, 9, 23, 59, 59, 999), toFake: ['Date'] });
    try {
      expect(fileNames().csv).toBe('Amazon_Orders_2026-07-09.csv');
    } finally {
      vi.useRealTimers();
    }
  });
});
