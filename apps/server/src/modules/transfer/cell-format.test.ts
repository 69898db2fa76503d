import { describe, expect, it } from 'vitest';
import { builtInFormat, formatNumber } from './cell-format.ts';

describe('numbers as a spreadsheet shows them', () => {
  it('applies the cell format: dates, percentages, decimals, thousands, Chinese dates', () => {
    expect(formatNumber(46266, 'yyyy\\-mm\\-dd')).toBe('2026-09-01');
    expect(formatNumber(0.5, '0%')).toBe('50%');
    expect(formatNumber(0.125, '0.0%')).toBe('12.5%');
    expect(formatNumber(3.5, '0.00')).toBe('3.50');
    expect(formatNumber(1234567, '#,##0')).toBe('1,234,567');
    expect(formatNumber(46266, 'yyyy"年"m"月"d"日"')).toBe('2026年9月1日');
  });

  it("keeps Excel's locale short dates (built-in 14 and 22) as ISO dates, and reads 1904 workbooks", () => {
    expect(formatNumber(46266, builtInFormat(14))).toBe('2026-09-01');
    expect(formatNumber(46266.5, builtInFormat(22))).toBe('2026-09-01 12:00');
    // SheetJS names built-in 14 m/d/yy (as an xls cell's format comes): the same ISO date.
    expect(formatNumber(46266, 'm/d/yy')).toBe('2026-09-01');
    expect(formatNumber(46266 - 1462, 'yyyy-mm-dd', true)).toBe('2026-09-01');
  });

  it('gives General, text and unknown formats the number in full, never in exponent form', () => {
    expect(formatNumber(20260001234567, 'General')).toBe('20260001234567');
    expect(formatNumber(20260001234567, builtInFormat(0))).toBe('20260001234567');
    expect(formatNumber(12, '@')).toBe('12');
    expect(formatNumber(0.1 + 0.2, undefined)).toBe('0.3');
    expect(formatNumber(-1.5, 'General')).toBe('-1.5');
  });
});
