import {
  daysInRange,
  EFFICIENCY_DEFAULT_RANGE_DAYS,
  EFFICIENCY_MAX_RANGE_DAYS,
  EFFICIENCY_TEXTS,
  isIsoDate,
  type TrendPoint,
} from '@portal/contracts/efficiency';
import { formatHeat } from '@portal/contracts/constants';
import { formatTenantTime, inTenantZone } from '../../../lib/time-zone.ts';

/** The default range of the page: the last EFFICIENCY_DEFAULT_RANGE_DAYS days up to today, on the tenant's clock as the server counts them. */
export function defaultRange(now = Date.now()): { startDate: string; endDate: string } {
  const today = inTenantZone(now);
  return {
    startDate: today.subtract(EFFICIENCY_DEFAULT_RANGE_DAYS - 1, 'day').format('YYYY-MM-DD'),
    endDate: today.format('YYYY-MM-DD'),
  };
}

/** Why a range cannot be asked for (the server's own wording), or null when it is fine. */
export function rangeError(startDate: string, endDate: string): string | null {
  if (!isIsoDate(startDate) || !isIsoDate(endDate)) return EFFICIENCY_TEXTS.badDate;
  if (startDate > endDate) return EFFICIENCY_TEXTS.startAfterEnd;
  if (daysInRange(startDate, endDate) > EFFICIENCY_MAX_RANGE_DAYS) return EFFICIENCY_TEXTS.rangeTooLong;
  return null;
}

/** Hours with one decimal, or a dash when there is nothing to average. */
export function formatHours(h: number | null | undefined): string {
  if (h === null || h === undefined) return '—';
  return (Math.round(h * 10) / 10).toFixed(1);
}

/** A percentage with one decimal and a % sign, or a dash. */
export function formatRate(r: number | null | undefined): string {
  if (r === null || r === undefined) return '—';
  return `${(Math.round(r * 10) / 10).toFixed(1)}%`;
}

/** A visit count: grouped thousands, capped as section 9 says (9999999+). */
export function formatVisits(n: number): string {
  const capped = formatHeat(n);
  return capped.endsWith('+') ? capped : n.toLocaleString('zh-CN');
}

/** An ISO time as YYYY-MM-DD HH:mm on the tenant's clock. */
export function formatTime(isoTime: string | null | undefined): string {
  return formatTenantTime(isoTime);
}

/** Totals of a trend, for the chart's text alternative. */
export function trendTotals(points: TrendPoint[]): { started: number; finished: number; overdue: number } {
  return points.reduce(
    (s, p) => ({ started: s.started + p.started, finished: s.finished + p.finished, overdue: s.overdue + p.overdue }),
    { started: 0, finished: 0, overdue: 0 },
  );
}

/** The trend as chart series: the x axis and one number list per measure. */
export function trendSeries(points: TrendPoint[]): {
  periods: string[];
  started: number[];
  finished: number[];
  overdue: number[];
} {
  return {
    periods: points.map((p) => p.period),
    started: points.map((p) => p.started),
    finished: points.map((p) => p.finished),
    overdue: points.map((p) => p.overdue),
  };
}
