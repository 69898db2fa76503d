import { EFFICIENCY_TEXTS } from '@portal/contracts/efficiency';
import { describe, expect, it } from 'vitest';
import { defaultRange, formatHours, formatRate, formatVisits, rangeError, trendSeries, trendTotals } from './format.ts';

describe('efficiency formatting helpers', () => {
  it('defaults to the last 30 days up to today', () => {
    expect(defaultRange(Date.parse('2026-11-23T10:00:00Z'))).toEqual({
      startDate: '2026-10-25',
      endDate: '2026-11-23',
    });
  });

  it("explains a bad range with the server's words", () => {
    expect(rangeError('2026-01-01', '2026-01-31')).toBeNull();
    expect(rangeError('2026-02-30', '2026-03-01')).toBe(EFFICIENCY_TEXTS.badDate);
    expect(rangeError('2026-03-02', '2026-03-01')).toBe(EFFICIENCY_TEXTS.startAfterEnd);
    expect(rangeError('2024-01-01', '2026-01-01')).toBe(EFFICIENCY_TEXTS.rangeTooLong);
    expect(rangeError('2025-01-01', '2026-01-01')).toBeNull(); // 366 days exactly
  });

  it('formats hours, rates and visits, with a dash for nothing', () => {
    expect(formatHours(12.345)).toBe('12.3');
    expect(formatHours(null)).toBe('—');
    expect(formatRate(87.25)).toBe('87.3%');
    expect(formatRate(null)).toBe('—');
    expect(formatVisits(12_345)).toBe('12,345');
    expect(formatVisits(12_345_678)).toBe('9999999+');
  });

  it('sums a trend and splits it into chart series', () => {
    const points = [
      { period: '2026-11-01', started: 3, finished: 1, overdue: 1 },
      { period: '2026-11-02', started: 2, finished: 4, overdue: 0 },
    ];
    expect(trendTotals(points)).toEqual({ started: 5, finished: 5, overdue: 1 });
    expect(trendSeries(points)).toEqual({
      periods: ['2026-11-01', '2026-11-02'],
      started: [3, 2],
      finished: [1, 4],
      overdue: [1, 0],
    });
    expect(trendTotals([])).toEqual({ started: 0, finished: 0, overdue: 0 });
  });
});
