import { weekOfSemester, type CalendarEvent, type SchoolCalendar, type Semester } from '@portal/contracts/personal';
import { tenantToday } from '../../../lib/time-zone.ts';

const DAY_MS = 86_400_000;
const toDay = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
const toIso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** Today on the tenant's clock, YYYY-MM-DD (issue 16: the school's day, not the browser's). */
export function localToday(now: Date = new Date()): string {
  return tenantToday(now);
}

/** The semester of the calendar that contains `date`, with its teaching week; null in a vacation. */
export function currentWeekOf(
  calendar: Pick<SchoolCalendar, 'semesters'>,
  date: string,
): { semester: Semester; week: number } | null {
  for (const semester of calendar.semesters) {
    const week = weekOfSemester(semester, date);
    if (week !== null) return { semester, week };
  }
  return null;
}

export type SemesterWeek = {
  week: number;
  /** The Monday of the week, or the semester's start in week 1. */
  startDate: string;
  /** The Sunday of the week, or the semester's end in the last week. */
  endDate: string;
  /** Holidays, vacations and exams that touch the week. */
  events: CalendarEvent[];
};

/** The teaching weeks of a semester, Monday to Sunday, each with the events that overlap it. */
export function semesterWeeks(
  semester: Pick<Semester, 'startDate' | 'endDate'>,
  events: CalendarEvent[],
): SemesterWeek[] {
  const start = toDay(semester.startDate);
  const end = toDay(semester.endDate);
  if (Number.isNaN(start) || Number.isNaN(end) || end < start) return [];
  const monday = start - ((start + 3) % 7);
  const out: SemesterWeek[] = [];
  for (let from = monday, week = 1; from <= end; from += 7, week++) {
    const a = Math.max(from, start);
    const b = Math.min(from + 6, end);
    out.push({
      week,
      startDate: toIso(a),
      endDate: toIso(b),
      events: events.filter((e) => toDay(e.startDate) <= b && toDay(e.endDate) >= a),
    });
  }
  return out;
}

/** Seconds as hours, minutes and seconds (never negative). */
export function splitDuration(totalSeconds: number): { hours: number; minutes: number; seconds: number } {
  const s = Math.max(0, Math.floor(totalSeconds));
  return { hours: Math.floor(s / 3600), minutes: Math.floor((s % 3600) / 60), seconds: s % 60 };
}

/** A link the page may put in an href: http(s) only. */
export function isWebUrl(url: string): boolean {
  try {
    const u = new URL(url);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}
